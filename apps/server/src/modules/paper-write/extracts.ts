import { Bm25Index } from '../../platform/search/bm25.js';
import { hasCjk } from '../../platform/search/tokenize.js';
import { translateChineseQuery } from '../../platform/search/zh-en.js';

/** A passage of a bibliography item: an abstract's sentences, or a paragraph of a document. */
export interface Passage {
  /** The item's number in the bibliography. */
  n: number;
  text: string;
}

/** Passages of about this many characters: a few sentences, enough to quote with sense. */
const PASSAGE_CHARS = 420;
/** Extracts per section, and at most this many from one item (so one long document does not fill it). */
const EXTRACTS_MAX = 6;
const PER_SOURCE_MAX = 2;

/** Sentences joined up to about PASSAGE_CHARS characters each. */
export function passagesOf(n: number, text: string): Passage[] {
  const sentences = text
    .replace(/\s+/g, ' ')
    .trim()
    .split(/(?<=[.!?。！？；;])\s+|(?<=[。！？；])/u)
    .map((s) => s.trim())
    .filter(Boolean);
  const out: Passage[] = [];
  let current = '';
  for (const sentence of sentences) {
    const joiner = current && !hasCjk(sentence.slice(0, 1)) ? ' ' : '';
    if (current && current.length + sentence.length > PASSAGE_CHARS) {
      out.push({ n, text: current });
      current = sentence;
    } else current = current ? `${current}${joiner}${sentence}` : sentence;
  }
  if (current) out.push({ n, text: current });
  return out;
}

/**
 * The passages most relevant to a section (its heading, brief and the
 * project's topic), ranked with BM25 over all the bibliography's passages; a
 * Chinese query is searched with its dictionary English as well, since most
 * abstracts are English. When nothing matches, the first passage of each
 * item stands in (in bibliography order), so a section is never filled with
 * nothing while there is something to quote.
 */
export async function rankPassages(passages: Passage[], query: string): Promise<Passage[]> {
  if (passages.length === 0) return [];
  const index = new Bm25Index([{ name: 'text', weight: 1 }]);
  for (const p of passages) index.add([p.text]);
  const english = hasCjk(query) ? await translateChineseQuery(query) : null;
  const terms = [...new Set([...index.terms(query), ...(english ? index.terms(english) : [])])];
  const hits = index.searchTerms(terms, passages.length).hits;
  const picked: Passage[] = [];
  const perSource = new Map<number, number>();
  const take = (p: Passage) => {
    if (picked.length >= EXTRACTS_MAX || (perSource.get(p.n) ?? 0) >= PER_SOURCE_MAX || picked.includes(p)) return;
    perSource.set(p.n, (perSource.get(p.n) ?? 0) + 1);
    picked.push(p);
  };
  for (const hit of hits) take(passages[hit.doc]!);
  if (picked.length === 0) {
    const firsts = new Map<number, Passage>();
    for (const p of passages) if (!firsts.has(p.n)) firsts.set(p.n, p);
    for (const p of firsts.values()) take(p);
  }
  return picked;
}

/**
 * A section filled with extracts: each passage quoted as it stands in the
 * source (a block quote), followed by its citation. The label that these are
 * extracts, not prose, goes with the section (its notice), in the user's
 * language; the text itself stays what the export prints.
 */
export function extractText(picked: Passage[]): string {
  return picked.map((p) => `> ${p.text} [${p.n}]`).join('\n\n');
}
