import type { PaperSkippedSource, PaperSourceMode, PaperSourceName, PaperType } from '@xueba/contract';
import type { Paper, ResolvedReference } from '../paper.types.js';

/** What a search asks of a source; `terms` are the tokenised keyword (for snippets and the local index). */
export interface SourceSearchParams {
  keyword: string;
  terms: string[];
  page: number;
  pageSize: number;
  yearFrom?: number;
  yearTo?: number;
  type?: PaperType;
  venue?: string;
  openAccess?: boolean;
  sort: 'relevance' | 'citations' | 'newest';
}

export interface SourceSearchResult {
  papers: Paper[];
  total: number;
  /** Sources a merged search left out. */
  skipped?: PaperSkippedSource[];
}

/**
 * One interface for every paper source (spec §1 "one search source"): the
 * local corpus, OpenAlex and Semantic Scholar. `id` arguments are the source's
 * own ids (local row id, OpenAlex W-id, S2 paperId), without the public prefix.
 */
export interface PaperSource {
  readonly name: PaperSourceMode;
  search(params: SourceSearchParams): Promise<SourceSearchResult>;
  detail(id: string): Promise<Paper | null>;
  references(paper: Paper, limit: number): Promise<{ references: ResolvedReference[]; count: number }>;
  citedBy(paper: Paper, limit: number): Promise<Paper[]>;
  related(paper: Paper, limit: number): Promise<Paper[]>;
}

/** Public id prefixes of remote sources. */
export const ID_PREFIX: Record<Exclude<PaperSourceName, 'local'>, string> = { openalex: 'openalex:', semanticscholar: 's2:' };

export function parsePublicId(id: string): { source: PaperSourceName; id: string } {
  if (id.startsWith(ID_PREFIX.openalex)) return { source: 'openalex', id: id.slice(ID_PREFIX.openalex.length) };
  if (id.startsWith(ID_PREFIX.semanticscholar)) return { source: 'semanticscholar', id: id.slice(ID_PREFIX.semanticscholar.length) };
  return { source: 'local', id };
}

export function publicId(source: PaperSourceName, id: string | number): string {
  return source === 'local' ? String(id) : `${ID_PREFIX[source]}${id}`;
}

/** A public link for an external reference id. */
export function externalUrl(externalId: string | null): string | null {
  if (!externalId) return null;
  const [kind, ...rest] = externalId.split(':');
  const value = rest.join(':');
  switch (kind) {
    case 'doi':
      return `https://doi.org/${value}`;
    case 'arxiv':
      return `https://arxiv.org/abs/${value}`;
    case 'openalex':
      return `https://openalex.org/${value}`;
    case 's2':
      return `https://www.semanticscholar.org/paper/${value}`;
    default:
      return null;
  }
}
