import type { PaperWriteLanguage, PaperWriteStyle } from '@xueba/contract';
import { parseName } from '../../paper/cite.js';
import { citationMarked } from '../bibliography.js';
import { rewriteCitations } from '../citations.js';
import type { SourceSnapshot } from '../paper-write.tables.js';

/** What every export reads: the paper in outline order and its bibliography in order (item n is `[n]`). */
export interface ExportPaper {
  title: string;
  language: PaperWriteLanguage;
  style: PaperWriteStyle;
  sections: { number: string; level: number; heading: string; text: string }[];
  bibliography: SourceSnapshot[];
}

/** A block of a section's Markdown: what DOCX and LaTeX set, each in their own way. */
export type Block = { kind: 'paragraph'; text: string } | { kind: 'quote'; text: string } | { kind: 'bullet'; text: string } | { kind: 'numbered'; text: string } | { kind: 'heading'; text: string };

/** Paragraphs, block quotes, list items and headings of the Markdown a section holds (the subset the editor writes). */
export function blocks(markdown: string): Block[] {
  const out: Block[] = [];
  let paragraph: string[] = [];
  let quote: string[] = [];
  const flush = () => {
    if (paragraph.length) out.push({ kind: 'paragraph', text: paragraph.join(' ') });
    if (quote.length) out.push({ kind: 'quote', text: quote.join(' ') });
    paragraph = [];
    quote = [];
  };
  for (const raw of markdown.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) {
      flush();
      continue;
    }
    const heading = /^#{1,6}\s+(.+)$/.exec(line);
    const bullet = /^[-*+]\s+(.+)$/.exec(line);
    const numbered = /^\d+[.)]\s+(.+)$/.exec(line);
    const quoted = /^>\s?(.*)$/.exec(line);
    if (heading || bullet || numbered) {
      flush();
      out.push(heading ? { kind: 'heading', text: heading[1]! } : bullet ? { kind: 'bullet', text: bullet[1]! } : { kind: 'numbered', text: numbered![1]! });
    } else if (quoted) {
      if (paragraph.length) flush();
      quote.push(quoted[1]!);
    } else {
      if (quote.length) flush();
      paragraph.push(line);
    }
  }
  flush();
  return out;
}

/** Inline spans: `**bold**`, `*italic*` / `_italic_`, `[n]` citations, plain text. */
export type Span = { kind: 'text'; text: string; bold?: boolean; italic?: boolean } | { kind: 'cite'; numbers: number[] };

export function spans(text: string): Span[] {
  const out: Span[] = [];
  const re = /\*\*([^*]+)\*\*|\*([^*]+)\*|(?<![\w])_([^_]+)_(?![\w])|\[(\d{1,6}(?:\s*[-–—,，、;；]\s*\d{1,6})*)\]/g;
  let last = 0;
  for (const m of text.matchAll(re)) {
    if (m.index > last) out.push({ kind: 'text', text: text.slice(last, m.index) });
    if (m[1] !== undefined) out.push({ kind: 'text', text: m[1], bold: true });
    else if (m[2] !== undefined || m[3] !== undefined) out.push({ kind: 'text', text: (m[2] ?? m[3])!, italic: true });
    else out.push({ kind: 'cite', numbers: citationNumbers(m[4]!) });
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push({ kind: 'text', text: text.slice(last) });
  return out;
}

function citationNumbers(body: string): number[] {
  const numbers: number[] = [];
  rewriteCitations(`[${body}]`, (n) => {
    numbers.push(n);
    return n;
  });
  return numbers;
}

/** APA in-text: "Vaswani et al., 2017"; two authors joined with "&"; Chinese names whole. */
export function apaInText(s: SourceSnapshot): string {
  const names = s.authors.map((a) => {
    const n = parseName(a);
    return n.cjk ? `${n.family}${n.given}` : n.family;
  });
  const who = names.length === 0 ? s.title.split(/\s+/).slice(0, 4).join(' ') : names.length === 1 ? names[0]! : names.length === 2 ? `${names[0]} & ${names[1]}` : `${names[0]} et al.`;
  return `${who}, ${s.year ?? 'n.d.'}`;
}

/** How a group of citations reads in the text: `[1, 2]` (GB/T, numeric) or `(A, 2017; B, 2019)` (APA). */
export function citeLabel(paper: ExportPaper, numbers: number[]): string {
  if (paper.style === 'gbt7714') return `[${numbers.join(', ')}]`;
  return `(${numbers.map((n) => (paper.bibliography[n - 1] ? apaInText(paper.bibliography[n - 1]!) : `[${n}]`)).join('; ')})`;
}

/**
 * The reference list as printed: GB/T 7714 numbered in citation order of the
 * bibliography ("[1] …"); APA alphabetical by first author, unnumbered.
 * Entries keep APA's `*italic*` marks for the exports that set them.
 */
export function referenceList(paper: ExportPaper): { label: string | null; text: string }[] {
  const entries = paper.bibliography.map((s, i) => ({ n: i + 1, text: citationMarked(s, paper.style) }));
  if (paper.style === 'gbt7714') return entries.map((e) => ({ label: `[${e.n}]`, text: e.text }));
  return [...entries].sort((a, b) => a.text.localeCompare(b.text, paper.language === 'zh' ? 'zh' : 'en')).map((e) => ({ label: null, text: e.text }));
}

export function referencesHeading(language: PaperWriteLanguage): string {
  return language === 'zh' ? '参考文献' : 'References';
}

/** A file name from the title: what the user's system accepts. */
export function fileBase(title: string): string {
  return title.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 80) || 'paper';
}
