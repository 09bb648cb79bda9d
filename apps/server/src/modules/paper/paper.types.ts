import type { PaperSourceName, PaperType } from '@xueba/contract';

/** A paper as every source and the importer describe it, before it has a public id. */
export interface PaperRecord {
  source: PaperSourceName;
  source_id: string;
  title: string;
  abstract: string;
  authors: string[];
  venue: string;
  year: number | null;
  type: PaperType;
  doi: string | null;
  arxiv_id: string | null;
  url: string | null;
  pdf_url: string | null;
  open_access: boolean;
  citation_count: number;
  bibtex: string | null;
  keywords: string[];
  pages: string | null;
  volume: string | null;
  issue: string | null;
  publisher: string | null;
}

/** A record with its public id ("42", "openalex:W1", "s2:abc"). */
export interface Paper extends PaperRecord {
  id: string;
}

export interface ReferenceRecord {
  position: number;
  raw_text: string;
  external_id: string | null;
  doi: string | null;
  arxiv_id: string | null;
}

export interface ResolvedReference extends ReferenceRecord {
  /** Public id of the paper it resolves to, when known. */
  id: string | null;
  title: string | null;
  url: string | null;
}

/** A record with its references, as read from a corpus file. */
export interface ImportedPaper extends PaperRecord {
  references: ReferenceRecord[];
}

/** Lower-cased bare DOI ("10.18653/v1/2024.naacl-long.1"), or null. */
export function normalizeDoi(value: string | null | undefined): string | null {
  if (!value) return null;
  const doi = value
    .trim()
    .replace(/^https?:\/\/(?:dx\.)?doi\.org\//i, '')
    .replace(/^doi:\s*/i, '')
    .toLowerCase();
  return /^10\.\d{4,9}\/\S+$/.test(doi) ? doi : null;
}

/** Bare arXiv id without version ("2104.06921", "math/0601001"), or null. */
export function normalizeArxivId(value: string | null | undefined): string | null {
  if (!value) return null;
  const id = value.trim().replace(/^arxiv:/i, '').replace(/v\d+$/, '');
  return /^(?:\d{4}\.\d{4,5}|[a-z-]+(?:\.[A-Z]{2})?\/\d{7})$/.test(id) ? id : null;
}

/** One line of whitespace; abstracts from arXiv and LaTeX sources carry hard line breaks. */
export function cleanText(value: unknown): string {
  return typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : '';
}

export function emptyRecord(source: PaperSourceName, sourceId: string, title: string): PaperRecord {
  return {
    source,
    source_id: sourceId,
    title,
    abstract: '',
    authors: [],
    venue: '',
    year: null,
    type: 'journal',
    doi: null,
    arxiv_id: null,
    url: null,
    pdf_url: null,
    open_access: false,
    citation_count: 0,
    bibtex: null,
    keywords: [],
    pages: null,
    volume: null,
    issue: null,
    publisher: null,
  };
}
