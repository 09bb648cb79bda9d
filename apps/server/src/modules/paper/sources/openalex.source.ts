import { PAPER_RESULT_WINDOW, type PaperType } from '@xueba/contract';
import { cleanText, emptyRecord, normalizeDoi, type Paper, type ResolvedReference } from '../paper.types.js';
import { getJson, type HttpOptions } from './http.js';
import { externalUrl, publicId, type PaperSource, type SourceSearchParams, type SourceSearchResult } from './source.js';

/**
 * OpenAlex works API (no key). Abstracts arrive as an inverted index (word ->
 * positions) and are rebuilt here; references and related works arrive as id
 * lists and are fetched in one batched `openalex_id:` filter call.
 */
type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const workId = (v: unknown): string => /W\d+$/.exec(str(v))?.[0] ?? '';

export function rebuildAbstract(index: unknown): string {
  const words: string[] = [];
  for (const [word, positions] of Object.entries(obj(index))) {
    for (const p of arr(positions)) if (typeof p === 'number' && p >= 0 && p < 20000) words[p] = word;
  }
  return words.filter((w) => w !== undefined).join(' ');
}

function mapType(type: string, sourceType: string): PaperType {
  switch (type) {
    case 'review':
      return 'review';
    case 'book-chapter':
    case 'book':
      return 'book_chapter';
    case 'report':
    case 'preprint':
    case 'dissertation':
      return 'report';
    case 'letter':
    case 'erratum':
      return 'short';
    case 'editorial':
      return 'news';
    case 'paratext':
      return 'abstract';
    default:
      return sourceType === 'conference' ? 'conference' : 'journal';
  }
}

/** Our types as OpenAlex filters; null: OpenAlex cannot tell this type apart. */
const TYPE_FILTER: Partial<Record<PaperType, string>> = {
  journal: 'primary_location.source.type:journal',
  conference: 'primary_location.source.type:conference',
  review: 'type:review',
  survey: 'type:review',
  book_chapter: 'type:book-chapter',
  report: 'type:report',
  short: 'type:letter',
  news: 'type:editorial',
};

export function workToPaper(work: Json): Paper | null {
  const id = workId(work.id);
  const title = cleanText(work.title ?? work.display_name);
  if (!id || !title) return null;
  const primary = obj(work.primary_location);
  const source = obj(primary.source);
  const best = obj(work.best_oa_location);
  const oa = obj(work.open_access);
  const biblio = obj(work.biblio);
  const doi = normalizeDoi(str(work.doi));
  const first = str(biblio.first_page);
  const last = str(biblio.last_page);
  return {
    ...emptyRecord('openalex', id, title),
    id: publicId('openalex', id),
    abstract: cleanText(rebuildAbstract(work.abstract_inverted_index)),
    authors: arr(work.authorships).map((a) => cleanText(obj(obj(a).author).display_name)).filter(Boolean),
    venue: cleanText(source.display_name),
    year: num(work.publication_year),
    type: mapType(str(work.type), str(source.type)),
    doi,
    url: str(primary.landing_page_url) || (doi ? `https://doi.org/${doi}` : `https://openalex.org/${id}`),
    pdf_url: str(best.pdf_url) || str(primary.pdf_url) || null,
    open_access: oa.is_oa === true,
    citation_count: Math.max(0, num(work.cited_by_count) ?? 0),
    keywords: arr(work.keywords ?? work.concepts)
      .map((k) => cleanText(obj(k).display_name))
      .filter(Boolean)
      .slice(0, 8),
    pages: first ? (last && last !== first ? `${first}-${last}` : first) : null,
    volume: str(biblio.volume) || null,
    issue: str(biblio.issue) || null,
    publisher: cleanText(source.host_organization_name) || null,
  };
}

export class OpenAlexSource implements PaperSource {
  readonly name = 'openalex' as const;

  constructor(
    private readonly baseUrl: string,
    private readonly http: HttpOptions,
  ) {}

  private url(path: string, params: Record<string, string | number | undefined>): string {
    const url = new URL(path, this.baseUrl.replace(/\/+$/, '') + '/');
    for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') url.searchParams.set(k, String(v));
    return url.toString();
  }

  async search(params: SourceSearchParams): Promise<SourceSearchResult> {
    if (params.page * params.pageSize > PAPER_RESULT_WINDOW + params.pageSize) return { papers: [], total: 0 };
    const filters: string[] = [];
    if (params.yearFrom !== undefined && params.yearTo !== undefined) filters.push(`publication_year:${params.yearFrom}-${params.yearTo}`);
    else if (params.yearFrom !== undefined) filters.push(`publication_year:>${params.yearFrom - 1}`);
    else if (params.yearTo !== undefined) filters.push(`publication_year:<${params.yearTo + 1}`);
    if (params.type) {
      const filter = TYPE_FILTER[params.type];
      if (!filter) return { papers: [], total: 0 };
      filters.push(filter);
    }
    if (params.openAccess !== undefined) filters.push(`is_oa:${params.openAccess}`);
    const sort = params.sort === 'citations' ? 'cited_by_count:desc' : params.sort === 'newest' || !params.keyword ? 'publication_date:desc' : undefined;
    const body = obj(
      await getJson(
        this.url('works', { search: params.keyword || undefined, filter: filters.join(',') || undefined, sort, per_page: params.pageSize, page: params.page }),
        this.http,
      ),
    );
    const papers = arr(body.results).flatMap((w) => workToPaper(obj(w)) ?? []);
    return { papers, total: num(obj(body.meta).count) ?? papers.length };
  }

  async detail(id: string): Promise<Paper | null> {
    if (!/^W\d+$/.test(id)) return null;
    const work = await getJson(this.url(`works/${id}`, {}), this.http);
    if (!work) return null;
    this.remember(id, obj(work));
    return workToPaper(obj(work));
  }

  /** The last works read, so a detail page's references and related lists do not fetch the work again. */
  private readonly recent = new Map<string, Json>();
  private remember(id: string, work: Json): void {
    this.recent.delete(id);
    this.recent.set(id, work);
    if (this.recent.size > 100) this.recent.delete(this.recent.keys().next().value as string);
  }

  /** Works by id, in the order given (one request for up to 50 ids). */
  private async works(ids: string[]): Promise<Map<string, Paper>> {
    if (ids.length === 0) return new Map();
    const body = obj(await getJson(this.url('works', { filter: `openalex_id:${ids.join('|')}`, per_page: ids.length }), this.http));
    return new Map(arr(body.results).flatMap((w) => { const p = workToPaper(obj(w)); return p ? [[p.source_id, p] as const] : []; }));
  }

  private async rawWork(id: string): Promise<Json> {
    const cached = this.recent.get(id);
    if (cached) return cached;
    const work = obj(await getJson(this.url(`works/${id}`, {}), this.http));
    this.remember(id, work);
    return work;
  }

  async references(paper: Paper, limit: number): Promise<{ references: ResolvedReference[]; count: number }> {
    const ids = arr((await this.rawWork(paper.source_id)).referenced_works).map(workId).filter(Boolean);
    const known = await this.works(ids.slice(0, Math.min(limit, 50)));
    return {
      count: ids.length,
      references: ids.slice(0, limit).map((id, i) => {
        const p = known.get(id);
        const text = p ? [p.authors.slice(0, 3).join(', '), p.year ? `(${p.year})` : '', p.title, p.venue].filter(Boolean).join('. ') : `OpenAlex ${id}`;
        return { position: i + 1, raw_text: text, external_id: `openalex:${id}`, doi: p?.doi ?? null, arxiv_id: null, id: publicId('openalex', id), title: p?.title ?? null, url: externalUrl(`openalex:${id}`) };
      }),
    };
  }

  async citedBy(paper: Paper, limit: number): Promise<Paper[]> {
    const body = obj(await getJson(this.url('works', { filter: `cites:${paper.source_id}`, sort: 'cited_by_count:desc', per_page: limit }), this.http));
    return arr(body.results).flatMap((w) => workToPaper(obj(w)) ?? []);
  }

  async related(paper: Paper, limit: number): Promise<Paper[]> {
    const ids = arr((await this.rawWork(paper.source_id)).related_works).map(workId).filter(Boolean).slice(0, limit);
    const known = await this.works(ids);
    return ids.flatMap((id) => known.get(id) ?? []);
  }
}
