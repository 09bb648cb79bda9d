import type { PaperSkippedSource } from '@xueba/contract';
import { AppError } from '../../../platform/errors.js';
import { normalizeDoi, type Paper } from '../paper.types.js';
import type { CircuitBreaker } from './breaker.js';
import type { PaperSource, SourceSearchParams, SourceSearchResult } from './source.js';

/** OpenAlex answers at most this many works a page. */
const REMOTE_MAX_PAGE = 200;

/** The key two records of one paper share: the DOI, else the title in lower-case letters and digits only. */
export function dedupeKey(paper: Pick<Paper, 'doi' | 'title'>): string {
  const doi = normalizeDoi(paper.doi);
  return doi ? `doi:${doi}` : `title:${paper.title.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '')}`;
}

/**
 * Merges ranked lists without duplicates: a paper in an earlier list (the
 * local corpus) drops its records from later ones wherever they rank; then by
 * relevance the lists alternate (local first), by citations or date they are
 * merged on that key.
 */
export function mergeResults(lists: Paper[][], sort: SourceSearchParams['sort']): { papers: Paper[]; duplicates: number } {
  const seen = new Set<string>();
  let duplicates = 0;
  const unique = lists.map((list) =>
    list.filter((p) => {
      const key = dedupeKey(p);
      if (seen.has(key)) {
        duplicates += 1;
        return false;
      }
      seen.add(key);
      return true;
    }),
  );
  if (sort !== 'relevance') {
    const key = (p: Paper) => (sort === 'citations' ? p.citation_count : (p.year ?? 0));
    // A stable sort keeps each list's own order among equal keys.
    return { papers: unique.flat().sort((a, b) => key(b) - key(a)), duplicates };
  }
  const papers: Paper[] = [];
  const longest = Math.max(0, ...unique.map((l) => l.length));
  for (let i = 0; i < longest; i += 1) for (const list of unique) if (list[i]) papers.push(list[i]!);
  return { papers, duplicates };
}

/**
 * The default source: the local corpus, then a remote source (OpenAlex) when
 * it answers within its short deadline and its breaker lets it. A remote
 * failure never fails or slows the search beyond that deadline: the page
 * comes from the local corpus and says which source was left out and why.
 * Page p is cut from the merged top p × size of both lists. Browsing (no
 * keyword) and venue filters stay local: they are facets of the library.
 * Ids of merged items keep their source's prefix, so detail pages go to
 * the source that owns them.
 */
export class MergedSource implements PaperSource {
  readonly name = 'merged' as const;

  constructor(
    private readonly local: PaperSource,
    private readonly remote: PaperSource & { name: 'openalex' | 'semanticscholar' },
    private readonly breaker: CircuitBreaker,
  ) {}

  async search(params: SourceSearchParams): Promise<SourceSearchResult> {
    if (params.terms.length === 0 || params.venue) return this.local.search(params);
    const depth = params.page * params.pageSize;
    const skipped: PaperSkippedSource[] = [];
    // Past the remote's deepest page the merged list goes on with local papers only.
    const wanted = depth <= REMOTE_MAX_PAGE;
    const remote = wanted && this.breaker.tryAcquire() ? this.remoteSearch({ ...params, page: 1, pageSize: depth }) : null;
    if (wanted && !remote) skipped.push({ source: this.remote.name, reason: 'resting' });
    const [local, outcome] = await Promise.all([this.local.search({ ...params, page: 1, pageSize: depth }), remote]);
    if (outcome && 'skipped' in outcome) skipped.push(outcome.skipped);
    const remoteResult = outcome && 'result' in outcome ? outcome.result : null;
    const merged = mergeResults(remoteResult ? [local.papers, remoteResult.papers] : [local.papers], params.sort);
    const offset = (params.page - 1) * params.pageSize;
    return {
      papers: merged.papers.slice(offset, offset + params.pageSize),
      total: local.total + (remoteResult ? Math.max(0, remoteResult.total - merged.duplicates) : 0),
      skipped,
    };
  }

  /** The remote page, or why it is missing; never throws. */
  private async remoteSearch(params: SourceSearchParams): Promise<{ result: SourceSearchResult } | { skipped: PaperSkippedSource }> {
    try {
      const result = await this.remote.search(params);
      this.breaker.success();
      return { result };
    } catch (error) {
      this.breaker.failure();
      const timedOut = error instanceof AppError && error.status === 504;
      return { skipped: { source: this.remote.name, reason: timedOut ? 'timeout' : 'unavailable' } };
    }
  }

  // Ids without a prefix are local rows; prefixed ids are routed to their source before they get here.
  detail(id: string) {
    return this.local.detail(id);
  }
  references(paper: Paper, limit: number) {
    return this.local.references(paper, limit);
  }
  citedBy(paper: Paper, limit: number) {
    return this.local.citedBy(paper, limit);
  }
  related(paper: Paper, limit: number) {
    return this.local.related(paper, limit);
  }
}
