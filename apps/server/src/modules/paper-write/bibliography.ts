import type { PaperWriteSource, PaperWriteStyle } from '@xueba/contract';
import { cite } from '../paper/cite.js';
import type { Paper } from '../paper/paper.types.js';
import type { DocumentRow } from '../doc/doc.repository.js';
import type { SourceRow } from './paper-write.repository.js';
import type { SourceSnapshot } from './paper-write.tables.js';

/** What a snapshot keeps of an abstract or a document's opening: enough for the prompt and for extracts once the original is gone. */
const SNAPSHOT_ABSTRACT_MAX = 4000;
/** What the bibliography list shows of it. */
const SHOWN_ABSTRACT_MAX = 600;

function clip(text: string, max: number): string {
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max).join('').trimEnd()}…` : text;
}

/** A paper's metadata as it cites, frozen (the search's own record, without its BibTeX's unrelated fields). */
export function paperSnapshot(paper: Paper): SourceSnapshot {
  const { id: _id, ...record } = paper;
  return { ...record, abstract: clip(record.abstract, SNAPSHOT_ABSTRACT_MAX), keywords: record.keywords.slice(0, 20) };
}

/**
 * A document of the user's library as a bibliography item: its name is the
 * title; it is cited as a report of the year it was uploaded (the library
 * knows no author or venue), and its opening text stands for an abstract.
 */
export function docSnapshot(doc: DocumentRow, opening: string): SourceSnapshot {
  const title = doc.name.replace(/\.(?:pdf|docx?|txt|md|pptx?|xlsx?|epub|html?)$/i, '').trim() || doc.name;
  return {
    source: 'local',
    source_id: `doc:${doc.id}`,
    title,
    abstract: clip(opening.replace(/\s+/g, ' ').trim(), SNAPSHOT_ABSTRACT_MAX),
    authors: [],
    venue: '',
    year: doc.created_at.getUTCFullYear(),
    type: 'report',
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

/** The reference as printed in the style, as plain text (APA's `*italic*` marks are for the exports that can set italics). */
export function citationText(snapshot: SourceSnapshot, style: PaperWriteStyle): string {
  return cite(snapshot, style).replace(/\*([^*]+)\*/g, '$1');
}

/** The reference with APA's italic spans kept as `*…*` (DOCX sets them in italics, Markdown keeps them). */
export function citationMarked(snapshot: SourceSnapshot, style: PaperWriteStyle): string {
  return cite(snapshot, style);
}

export function bibtexEntry(snapshot: SourceSnapshot, n: number): string {
  // One key per item, whatever the entries' own keys: ref1, ref2… is what \cite in main.tex names.
  return cite({ ...snapshot, bibtex: null }, 'bibtex').replace(/^@(\w+)\{[^,]*,/, `@$1{ref${n},`);
}

export function presentSource(row: SourceRow, n: number, style: PaperWriteStyle, available: boolean, cited: number): PaperWriteSource {
  const s = row.snapshot;
  return {
    id: row.id,
    n,
    kind: row.kind,
    ref: row.ref,
    title: s.title,
    authors: s.authors,
    venue: s.venue,
    year: s.year,
    type: s.type,
    doi: s.doi,
    url: s.url ?? (s.doi ? `https://doi.org/${s.doi}` : null),
    abstract: clip(s.abstract, SHOWN_ABSTRACT_MAX),
    available,
    citation: citationText(s, style),
    cited,
  };
}
