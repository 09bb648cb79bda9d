import type { PaperType } from '@xueba/contract';
import { cleanText, emptyRecord, normalizeArxivId, normalizeDoi, type ImportedPaper, type ReferenceRecord } from '../paper.types.js';

/**
 * Readers for the corpus files of ../shared/data: the ACL-family JSON arrays
 * (Paper Copilot paperlists), the shipped starter corpus (its JSON lines), unarXive JSONL (full text with resolved
 * references), the Semantic Scholar Open Research Corpus sample JSONL and BEIR
 * corpus.jsonl. The format is recognised from the content, not the file name.
 */
export type CorpusFormat = 'acl' | 'anthology' | 'unarxive' | 's2' | 'beir';

export class CorpusFormatError extends Error {}

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const int = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? Math.trunc(n) : null;
};

/** Detects the format from the first record. */
export function detectFormat(first: Json): CorpusFormat | null {
  if ('bib_entries' in first && 'metadata' in first) return 'unarxive';
  if ('paperAbstract' in first || 'inCitations' in first || 'outCitations' in first) return 's2';
  if ('_id' in first && ('text' in first || 'title' in first)) return 'beir';
  if ('id' in first && 'title' in first && ('bibtex' in first || 'track' in first || 'gs_citation' in first)) return 'acl';
  // The shipped starter corpus (ACL Anthology fields only), so it can be imported again by hand.
  if ('id' in first && 'title' in first && typeof first.url === 'string' && first.url.startsWith('https://aclanthology.org/')) return 'anthology';
  return null;
}

/** Parses a whole file (JSON array or JSON lines). Throws CorpusFormatError when unrecognised. */
export function parseCorpusFile(text: string): { format: CorpusFormat; papers: ImportedPaper[] } {
  const trimmed = text.replace(/^\uFEFF/, '').trimStart();
  // PostgreSQL text cannot hold NUL and it is never content: an escaped one (the only kind valid JSON has) is dropped from every string.
  const reviver = trimmed.includes('\\u0000') ? (_key: string, value: unknown) => (typeof value === 'string' ? value.replaceAll('\u0000', '') : value) : undefined;
  let records: unknown[];
  try {
    records = trimmed.startsWith('[')
      ? (JSON.parse(trimmed, reviver) as unknown[])
      : trimmed
          .split('\n')
          .filter((line) => line.trim() !== '')
          .map((line) => JSON.parse(line, reviver) as unknown);
  } catch {
    throw new CorpusFormatError('not JSON or JSON lines');
  }
  const first = records.find(isObject);
  const format = first ? detectFormat(first) : null;
  if (!format) throw new CorpusFormatError('unrecognised records');
  const papers: ImportedPaper[] = [];
  for (const record of records) {
    if (!isObject(record)) continue;
    const paper = PARSERS[format](record);
    if (paper) papers.push(paper);
  }
  return { format, papers };
}

const PARSERS: Record<CorpusFormat, (r: Json) => ImportedPaper | null> = { acl: parseAcl, anthology: parseAnthology, unarxive: parseUnarxive, s2: parseS2, beir: parseBeir };

/** A `key = "value"` or `key = {value}` field of a BibTeX entry. */
export function bibtexField(bibtex: string, key: string): string | null {
  const match = new RegExp(`(?:^|[\\s,])${key}\\s*=\\s*(?:"([^"]*)"|\\{((?:[^{}]|\\{[^{}]*\\})*)\\}|(\\d+))`, 'i').exec(bibtex);
  const value = match?.[1] ?? match?.[2] ?? match?.[3];
  return value ? cleanText(value) : null;
}

/** ACL Anthology ids: "2024.findings-naacl.30", "2021.acl-long.1", "2020.coling-main.5". */
function aclVenue(id: string, year: number | null): string | null {
  const match = /^(\d{4})\.([a-z]+)-([a-z0-9]+)\.\d+$/.exec(id);
  if (!match) return null;
  const y = year ?? Number(match[1]);
  return match[2] === 'findings' ? `Findings of ${match[3]!.toUpperCase()} ${y}` : `${match[2]!.toUpperCase()} ${y}`;
}

/** ACL tracks to spec §3 types: long/main papers and Findings are conference papers; short papers `short`; industry tracks applied research. */
function aclType(status: string): PaperType {
  const s = status.toLowerCase();
  if (s.includes('short')) return 'short';
  if (s.includes('industry')) return 'applied_research';
  return 'conference';
}

function parseAcl(r: Json): ImportedPaper | null {
  const id = str(r.id).trim();
  const title = cleanText(r.title);
  if (!id || !title) return null;
  const bibtex = str(r.bibtex).trim() || null;
  const year = int(bibtex ? bibtexField(bibtex, 'year') : null) ?? int(/^(\d{4})\./.exec(id)?.[1]);
  const paper: ImportedPaper = {
    ...emptyRecord('local', id, title),
    abstract: cleanText(r.abstract),
    authors: str(r.author)
      .split(';')
      .map((a) => a.trim())
      .filter(Boolean),
    venue: aclVenue(id, year) ?? (bibtex ? bibtexField(bibtex, 'booktitle') : null) ?? '',
    year,
    type: aclType(str(r.status)),
    doi: normalizeDoi(bibtex ? bibtexField(bibtex, 'doi') : null),
    url: str(r.site) || null,
    pdf_url: str(r.pdf) || null,
    // The ACL Anthology is open access (CC BY 4.0 from 2016 on).
    open_access: Boolean(str(r.pdf)),
    citation_count: Math.max(0, int(r.gs_citation) ?? 0),
    bibtex,
    pages: bibtex ? bibtexField(bibtex, 'pages')?.replace(/-+/g, '-') ?? null : null,
    publisher: bibtex ? bibtexField(bibtex, 'publisher') : null,
    references: [],
  };
  return paper;
}

/** A line of the starter corpus (scripts/build-starter-corpus.mjs): ACL Anthology fields only. */
interface AnthologyLine {
  id?: unknown;
  title?: unknown;
  abstract?: unknown;
  authors?: unknown;
  venue?: unknown;
  year?: unknown;
  doi?: unknown;
  url?: unknown;
  pages?: unknown;
}

/** The paper type an Anthology id names: "2021.acl-short.3" is a short paper, "-industry" applied research. */
function typeOfAnthologyId(id: string): PaperType {
  if (/-short\./.test(id)) return 'short';
  if (/-industry\./.test(id)) return 'applied_research';
  return 'conference';
}

function parseAnthology(record: AnthologyLine): ImportedPaper | null {
  const id = typeof record.id === 'string' ? record.id : '';
  const title = cleanText(record.title);
  if (!/^\d{4}\.[a-z]+-[a-z0-9]+\.\d+$/.test(id) || !title) return null;
  return {
    ...emptyRecord('local', id, title),
    abstract: cleanText(record.abstract),
    authors: Array.isArray(record.authors) ? record.authors.map(cleanText).filter(Boolean) : [],
    venue: cleanText(record.venue),
    year: typeof record.year === 'number' && Number.isInteger(record.year) ? record.year : null,
    type: typeOfAnthologyId(id),
    doi: normalizeDoi(typeof record.doi === 'string' ? record.doi : null),
    url: typeof record.url === 'string' && record.url.startsWith('https://aclanthology.org/') ? record.url : `https://aclanthology.org/${id}/`,
    pdf_url: `https://aclanthology.org/${id}.pdf`,
    open_access: true,
    pages: typeof record.pages === 'string' && record.pages ? record.pages : null,
    references: [],
  };
}

function parseUnarxive(r: Json): ImportedPaper | null {
  const meta = isObject(r.metadata) ? r.metadata : {};
  const id = str(meta.id || r.paper_id).trim();
  const title = cleanText(meta.title);
  if (!id || !title) return null;
  const parsed = Array.isArray(meta.authors_parsed) ? meta.authors_parsed : [];
  const authors = parsed.length
    ? parsed.map((p) => (Array.isArray(p) ? [p[1], p[0], p[2]].map(str).filter(Boolean).join(' ') : '')).filter(Boolean)
    : str(meta.authors)
        .split(/,| and /)
        .map((a) => a.trim())
        .filter(Boolean);
  const versions = Array.isArray(meta.versions) ? meta.versions : [];
  const created = isObject(versions[0]) ? str(versions[0].created) : '';
  const year = int(/\b(19|20)\d{2}\b/.exec(created)?.[0]) ?? int(/^(\d{2})\d{2}\./.exec(id) ? `20${id.slice(0, 2)}` : null);
  const journalRef = cleanText(meta['journal-ref']);
  const arxiv = normalizeArxivId(id);
  const references: ReferenceRecord[] = [];
  const bib = isObject(r.bib_entries) ? r.bib_entries : {};
  for (const entry of Object.values(bib)) {
    if (!isObject(entry)) continue;
    const raw = cleanText(entry.bib_entry_raw);
    if (!raw) continue;
    const ids = isObject(entry.ids) ? entry.ids : {};
    const doi = normalizeDoi(str(ids.doi));
    const arxivId = normalizeArxivId(str(ids.arxiv_id));
    const openAlex = /W\d+$/.exec(str(ids.open_alex_id))?.[0];
    references.push({
      position: references.length + 1,
      raw_text: raw.slice(0, 2000),
      external_id: doi ? `doi:${doi}` : arxivId ? `arxiv:${arxivId}` : openAlex ? `openalex:${openAlex}` : null,
      doi,
      arxiv_id: arxivId,
    });
  }
  return {
    ...emptyRecord('local', id, title),
    abstract: cleanText(meta.abstract) || cleanText(isObject(r.abstract) ? r.abstract.text : ''),
    authors,
    venue: journalRef || 'arXiv',
    year,
    // An arXiv preprint is a report until a journal reference says where it appeared.
    type: journalRef ? 'journal' : 'report',
    doi: normalizeDoi(str(meta.doi)),
    arxiv_id: arxiv,
    url: `https://arxiv.org/abs/${id}`,
    pdf_url: `https://arxiv.org/pdf/${id}`,
    open_access: true,
    keywords: str(meta.categories).split(/\s+/).filter(Boolean),
    references,
  };
}

function parseS2(r: Json): ImportedPaper | null {
  const id = str(r.id).trim();
  const title = cleanText(r.title);
  if (!id || !title) return null;
  const pdfs = Array.isArray(r.pdfUrls) ? r.pdfUrls.map(str).filter(Boolean) : [];
  const out = Array.isArray(r.outCitations) ? r.outCitations.map(str).filter(Boolean) : [];
  const journal = cleanText(r.journalName);
  return {
    ...emptyRecord('local', id, title),
    abstract: cleanText(r.paperAbstract),
    authors: Array.isArray(r.authors) ? r.authors.map((a) => cleanText(isObject(a) ? a.name : '')).filter(Boolean) : [],
    venue: cleanText(r.venue) || journal,
    year: int(r.year),
    type: journal ? 'journal' : 'conference',
    doi: normalizeDoi(str(r.doi)),
    url: str(r.s2Url) || null,
    pdf_url: str(r.s2PdfUrl) || pdfs[0] || null,
    open_access: pdfs.length > 0 || Boolean(str(r.s2PdfUrl)),
    citation_count: Array.isArray(r.inCitations) ? r.inCitations.length : 0,
    keywords: Array.isArray(r.entities) ? r.entities.map(cleanText).filter(Boolean).slice(0, 30) : [],
    pages: cleanText(r.journalPages) || null,
    volume: cleanText(r.journalVolume) || null,
    references: out.map((ref, i) => ({
      position: i + 1,
      raw_text: `Semantic Scholar paper ${ref}`,
      external_id: `s2:${ref}`,
      doi: null,
      arxiv_id: null,
    })),
  };
}

function parseBeir(r: Json): ImportedPaper | null {
  const id = str(r._id).trim();
  const title = cleanText(r.title);
  const text = cleanText(r.text);
  if (!id || (!title && !text)) return null;
  // SciFact abstracts come from S2ORC journal articles; BEIR carries no other metadata.
  return { ...emptyRecord('local', id, title || text.slice(0, 120)), abstract: text, references: [] };
}
