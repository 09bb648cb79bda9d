import { PAPER_SORTS, PAPER_TYPES, type PaperType } from '@xueba/contract';

export type PaperSort = (typeof PAPER_SORTS)[number];
export type SearchMode = 'keyword' | 'ai';

/** Everything a search is, kept in the URL so back/forward, reloads and shared links repeat it. */
export interface SearchState {
  keyword: string;
  mode: SearchMode;
  page: number;
  yearFrom: number | null;
  yearTo: number | null;
  type: PaperType | null;
  venue: string;
  openAccess: boolean;
  sort: PaperSort;
}

export const PAGE_SIZE = 10;
export const YEAR_MIN = 1000;
export const YEAR_MAX = 3000;

export const DEFAULT_STATE: SearchState = {
  keyword: '',
  mode: 'keyword',
  page: 1,
  yearFrom: null,
  yearTo: null,
  type: null,
  venue: '',
  openAccess: false,
  sort: 'relevance',
};

function parseYear(raw: string | null): number | null {
  if (!raw || !/^\d{4}$/.test(raw)) return null;
  const year = Number(raw);
  return year >= YEAR_MIN && year <= YEAR_MAX ? year : null;
}

function parsePage(raw: string | null): number {
  const page = Number(raw);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

const isType = (value: string | null): value is PaperType => (PAPER_TYPES as readonly string[]).includes(value ?? '');
const isSort = (value: string | null): value is PaperSort => (PAPER_SORTS as readonly string[]).includes(value ?? '');

/**
 * Reads the URL. Unknown values (a hand-edited `type=poem`) fall back to the
 * default rather than reaching the server, except the keyword, which is kept
 * as typed so the server's own messages (too long, no searchable words) show.
 */
export function parseSearchState(params: URLSearchParams): SearchState {
  return {
    keyword: params.get('keyword') ?? '',
    mode: params.get('mode') === 'ai' ? 'ai' : 'keyword',
    page: parsePage(params.get('page')),
    yearFrom: parseYear(params.get('year_from')),
    yearTo: parseYear(params.get('year_to')),
    type: isType(params.get('type')) ? (params.get('type') as PaperType) : null,
    venue: (params.get('venue') ?? '').trim(),
    openAccess: params.get('open_access') === '1',
    sort: isSort(params.get('sort')) ? (params.get('sort') as PaperSort) : 'relevance',
  };
}

/** The URL query of a state; defaults are left out so links stay short. */
export function serializeSearchState(state: SearchState): string {
  const params = new URLSearchParams();
  if (state.keyword) params.set('keyword', state.keyword);
  if (state.mode === 'ai') params.set('mode', 'ai');
  if (state.yearFrom !== null) params.set('year_from', String(state.yearFrom));
  if (state.yearTo !== null) params.set('year_to', String(state.yearTo));
  if (state.type) params.set('type', state.type);
  if (state.venue) params.set('venue', state.venue);
  if (state.openAccess) params.set('open_access', '1');
  if (state.sort !== 'relevance') params.set('sort', state.sort);
  if (state.page > 1) params.set('page', String(state.page));
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** The search endpoint's query for a state (empty values are dropped by the request layer). */
export function toSearchQuery(state: SearchState) {
  return {
    keyword: state.keyword.trim(),
    page_no: state.page,
    page_size: PAGE_SIZE,
    year_from: state.yearFrom ?? undefined,
    year_to: state.yearTo ?? undefined,
    type: state.type ?? undefined,
    venue: state.venue || undefined,
    open_access: state.openAccess ? ('1' as const) : undefined,
    sort: state.sort,
  };
}

export function hasFilters(state: SearchState): boolean {
  return state.yearFrom !== null || state.yearTo !== null || state.type !== null || state.venue !== '' || state.openAccess;
}
