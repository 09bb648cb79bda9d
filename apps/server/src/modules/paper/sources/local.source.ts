import { PAPER_RESULT_WINDOW } from '@xueba/contract';
import type { LocalPaperIndex } from '../local-index.js';
import type { PaperRepository } from '../paper.repository.js';
import type { Paper, PaperRecord } from '../paper.types.js';
import { externalUrl, publicId, type PaperSource, type SourceSearchParams, type SourceSearchResult } from './source.js';

const toPaper = (row: PaperRecord & { id: number }): Paper => ({ ...row, id: publicId('local', row.id) });

/**
 * The local corpus: ranking from the in-memory BM25F index, rows from the
 * database (only the page shown is read), browse listings (empty keyword) by
 * SQL, references and cited-by from paper_references.
 */
export class LocalSource implements PaperSource {
  readonly name = 'local' as const;

  constructor(
    private readonly index: LocalPaperIndex,
    private readonly repo: PaperRepository,
  ) {}

  async search(params: SourceSearchParams): Promise<SourceSearchResult> {
    const offset = (params.page - 1) * params.pageSize;
    const filter = { yearFrom: params.yearFrom, yearTo: params.yearTo, type: params.type, venue: params.venue, openAccess: params.openAccess };
    if (params.terms.length === 0) {
      if (offset >= PAPER_RESULT_WINDOW) return { papers: [], total: (await this.repo.browse(filter, 'newest', 0, 0)).count };
      const { rows, count } = await this.repo.browse(filter, params.sort === 'citations' ? 'citations' : 'newest', offset, params.pageSize);
      return { papers: rows.map(toPaper), total: count };
    }
    await this.index.ready();
    const depth = params.sort === 'relevance' ? Math.min(offset + params.pageSize, PAPER_RESULT_WINDOW) : PAPER_RESULT_WINDOW;
    const ranked = this.index.search(params.terms, filter, depth, params.sort);
    const pageIds = ranked.ids.slice(offset, offset + params.pageSize);
    return { papers: await this.hydrate(pageIds), total: ranked.total };
  }

  /** Rows for ids, in the given order. */
  private async hydrate(ids: number[]): Promise<Paper[]> {
    const rows = new Map((await this.repo.listRows(ids)).map((r) => [r.id, r]));
    return ids.flatMap((id) => {
      const row = rows.get(id);
      return row ? [toPaper(row)] : [];
    });
  }

  async detail(id: string): Promise<Paper | null> {
    const n = Number(id);
    if (!Number.isSafeInteger(n) || n <= 0 || n > 2 ** 31 - 1) return null;
    const [row] = await this.repo.byIds([n]);
    return row && row.source === 'local' ? toPaper(row) : null;
  }

  async references(paper: Paper, limit: number) {
    const { rows, count } = await this.repo.references(Number(paper.id), limit);
    return {
      count,
      references: rows.map((r) => ({
        position: r.position,
        raw_text: r.raw_text,
        external_id: r.external_id,
        doi: r.doi,
        arxiv_id: r.arxiv_id,
        id: r.resolved_id === null ? null : publicId('local', r.resolved_id),
        title: r.resolved_title,
        url: externalUrl(r.external_id),
      })),
    };
  }

  async citedBy(paper: Paper, limit: number): Promise<Paper[]> {
    return (await this.repo.citedBy(Number(paper.id), limit)).map(toPaper);
  }

  async related(paper: Paper, limit: number): Promise<Paper[]> {
    await this.index.ready();
    // Title plus the start of the abstract: enough words to find the topic, few enough to stay fast.
    const terms = this.index.terms(`${paper.title} ${paper.title} ${paper.abstract.slice(0, 1500)}`);
    const ranked = this.index.search(terms, { exclude: Number(paper.id) }, limit);
    return this.hydrate(ranked.ids);
  }
}
