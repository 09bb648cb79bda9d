import { PAPER_RESULT_WINDOW, type PaperType } from '@xueba/contract';
import { badRequest } from '../../../platform/errors.js';
import { cleanText, emptyRecord, normalizeArxivId, normalizeDoi, type Paper, type ResolvedReference } from '../paper.types.js';
import { getJson, type HttpOptions } from './http.js';
import { externalUrl, publicId, type PaperSource, type SourceSearchParams, type SourceSearchResult } from './source.js';

/**
 * Semantic Scholar Academic Graph API (`x-api-key` optional: without one the
 * shared public rate limit applies). Relevance search has no sort parameter,
 * so "citations"/"newest" reorder the page returned.
 */
type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

export const S2_FIELDS = 'paperId,externalIds,url,title,abstract,venue,year,citationCount,isOpenAccess,openAccessPdf,publicationTypes,journal,authors';

function mapTypes(types: string[]): PaperType {
  const has = (t: string) => types.includes(t);
  if (has('Review') || has('MetaAnalysis')) return 'review';
  if (has('Conference')) return 'conference';
  if (has('JournalArticle')) return 'journal';
  if (has('BookSection') || has('Book')) return 'book_chapter';
  if (has('News') || has('Editorial')) return 'news';
  if (has('LettersAndComments')) return 'short';
  if (has('ClinicalTrial') || has('Study')) return 'experimental';
  if (has('CaseReport') || has('Dataset')) return 'report';
  return 'journal';
}

const TYPE_FILTER: Partial<Record<PaperType, string>> = {
  journal: 'JournalArticle',
  conference: 'Conference',
  review: 'Review',
  survey: 'Review,MetaAnalysis',
  book_chapter: 'BookSection,Book',
  news: 'News,Editorial',
  short: 'LettersAndComments',
  experimental: 'ClinicalTrial,Study',
  report: 'CaseReport',
};

export function s2ToPaper(record: Json): Paper | null {
  const id = str(record.paperId);
  const title = cleanText(record.title);
  if (!id || !title) return null;
  const ext = obj(record.externalIds);
  const journal = obj(record.journal);
  const pdf = obj(record.openAccessPdf);
  const doi = normalizeDoi(str(ext.DOI));
  return {
    ...emptyRecord('semanticscholar', id, title),
    id: publicId('semanticscholar', id),
    abstract: cleanText(record.abstract),
    authors: arr(record.authors).map((a) => cleanText(obj(a).name)).filter(Boolean),
    venue: cleanText(record.venue) || cleanText(journal.name),
    year: num(record.year),
    type: mapTypes(arr(record.publicationTypes).map(str)),
    doi,
    arxiv_id: normalizeArxivId(str(ext.ArXiv)),
    url: str(record.url) || `https://www.semanticscholar.org/paper/${id}`,
    pdf_url: str(pdf.url) || null,
    open_access: record.isOpenAccess === true,
    citation_count: Math.max(0, num(record.citationCount) ?? 0),
    pages: cleanText(journal.pages) || null,
    volume: cleanText(journal.volume) || null,
  };
}

export class SemanticScholarSource implements PaperSource {
  readonly name = 'semanticscholar' as const;

  constructor(
    private readonly baseUrl: string,
    private readonly http: HttpOptions,
    apiKey: string | null,
  ) {
    if (apiKey) this.http = { ...http, headers: { ...http.headers, 'x-api-key': apiKey } };
  }

  private url(path: string, params: Record<string, string | number | undefined>): string {
    const url = new URL(path, this.baseUrl.replace(/\/+$/, '') + '/');
    for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, String(v));
    return url.toString();
  }

  async search(params: SourceSearchParams): Promise<SourceSearchResult> {
    // The search API needs a query; it has no "browse everything" listing.
    if (!params.keyword) throw badRequest('paper_query_no_terms');
    const offset = (params.page - 1) * params.pageSize;
    if (offset >= PAPER_RESULT_WINDOW) return { papers: [], total: 0 };
    let types: string | undefined;
    if (params.type) {
      types = TYPE_FILTER[params.type];
      if (!types) return { papers: [], total: 0 };
    }
    const year =
      params.yearFrom !== undefined || params.yearTo !== undefined ? `${params.yearFrom ?? ''}-${params.yearTo ?? ''}` : undefined;
    const body = obj(
      await getJson(
        this.url('graph/v1/paper/search', {
          query: params.keyword,
          offset,
          limit: params.pageSize,
          fields: S2_FIELDS,
          year,
          publicationTypes: types,
          openAccessPdf: params.openAccess ? '' : undefined,
        }),
        this.http,
      ),
    );
    let papers = arr(body.data).flatMap((r) => s2ToPaper(obj(r)) ?? []);
    if (params.openAccess === false) papers = papers.filter((p) => !p.open_access);
    if (params.sort === 'citations') papers.sort((a, b) => b.citation_count - a.citation_count);
    if (params.sort === 'newest') papers.sort((a, b) => (b.year ?? 0) - (a.year ?? 0));
    return { papers, total: num(body.total) ?? papers.length };
  }

  async detail(id: string): Promise<Paper | null> {
    if (!/^[A-Za-z0-9]{1,64}$/.test(id)) return null;
    const record = await getJson(this.url(`graph/v1/paper/${id}`, { fields: S2_FIELDS }), this.http);
    return record ? s2ToPaper(obj(record)) : null;
  }

  async references(paper: Paper, limit: number): Promise<{ references: ResolvedReference[]; count: number }> {
    const body = obj(await getJson(this.url(`graph/v1/paper/${paper.source_id}/references`, { fields: 'paperId,title,year,authors,venue,externalIds', limit }), this.http));
    const references = arr(body.data).map((entry, i): ResolvedReference => {
      const cited = obj(obj(entry).citedPaper);
      const id = str(cited.paperId);
      const title = cleanText(cited.title);
      const authors = arr(cited.authors).map((a) => cleanText(obj(a).name)).filter(Boolean);
      const text = [authors.slice(0, 3).join(', '), num(cited.year) ? `(${num(cited.year)})` : '', title, cleanText(cited.venue)].filter(Boolean).join('. ');
      const doi = normalizeDoi(str(obj(cited.externalIds).DOI));
      const externalId = id ? `s2:${id}` : doi ? `doi:${doi}` : null;
      return { position: i + 1, raw_text: text || 'Unknown reference', external_id: externalId, doi, arxiv_id: null, id: id ? publicId('semanticscholar', id) : null, title: title || null, url: externalUrl(externalId) };
    });
    return { references, count: references.length };
  }

  async citedBy(paper: Paper, limit: number): Promise<Paper[]> {
    const body = obj(await getJson(this.url(`graph/v1/paper/${paper.source_id}/citations`, { fields: S2_FIELDS, limit }), this.http));
    return arr(body.data).flatMap((entry) => s2ToPaper(obj(obj(entry).citingPaper)) ?? []);
  }

  async related(paper: Paper, limit: number): Promise<Paper[]> {
    const body = obj(await getJson(this.url(`recommendations/v1/papers/forpaper/${paper.source_id}`, { fields: S2_FIELDS, limit }), this.http));
    return arr(body.recommendedPapers).flatMap((r) => s2ToPaper(obj(r)) ?? []);
  }
}
