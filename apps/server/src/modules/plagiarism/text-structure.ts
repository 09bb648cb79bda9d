/**
 * What a report needs to know of the checked text besides the matches: its
 * quotations, its reference list and its sections. Offsets are string
 * indices; ranges are [start, end).
 */
export type Range = [number, number];

export interface Line {
  start: number;
  end: number;
  text: string;
}

export function lines(text: string): Line[] {
  const out: Line[] = [];
  let start = 0;
  for (;;) {
    const nl = text.indexOf('\n', start);
    const end = nl < 0 ? text.length : nl;
    out.push({ start, end, text: text.slice(start, end) });
    if (nl < 0) return out;
    start = nl + 1;
  }
}

/** Paired quotation marks: Chinese, Japanese corner brackets, and straight double quotes within one paragraph. */
const PAIRS: [string, string][] = [
  ['“', '”'],
  ['「', '」'],
  ['『', '』'],
  ['"', '"'],
];
/** A quotation longer than this is an unclosed mark, not a quotation. */
const QUOTE_MAX = 3000;

/** Quotations: text inside quotation marks (the marks included) and Markdown block quotes (`> ` lines). */
export function quotations(text: string): Range[] {
  const found: Range[] = [];
  for (const [open, close] of PAIRS) {
    let i = 0;
    while (i < text.length) {
      const s = text.indexOf(open, i);
      if (s < 0) break;
      const e = text.indexOf(close, s + 1);
      if (e < 0) break;
      const inner = text.slice(s + 1, e);
      // Straight quotes pair only within a paragraph; every kind within the length cap.
      if (e - s > QUOTE_MAX || (open === '"' && /\n\s*\n/.test(inner))) {
        i = s + 1;
        continue;
      }
      found.push([s, e + 1]);
      i = e + 1;
    }
  }
  for (const line of lines(text)) if (/^\s*>/.test(line.text)) found.push([line.start, line.end]);
  return union(found);
}

const REFERENCE_HEADING = /^\s*(?:#{1,6}\s*)?(?:\d+[.、．]?\s*)?(?:参\s*考\s*文\s*献|引\s*用\s*文\s*献|references?|bibliography|works\s+cited|literature\s+cited|참고\s*문헌)\s*[:：]?\s*$/i;
const AFTER_REFERENCES = /^\s*(?:#{1,6}\s*)?(?:附\s*录|致\s*谢|appendix|appendices|acknowledge?ments?|作者简介|攻读.*成果)/i;

/** One entry of a citation list: numbered, a GB/T 7714 type mark, or author–year with initials. */
export function isCitationLine(line: string): boolean {
  const s = line.trim();
  if (s.length < 12 || s.length > 600) return false;
  if (/^(?:\[\d{1,4}\]|［\d{1,4}］|\(\d{1,4}\)|\d{1,4}[.．]\s)/.test(s) && /(?:19|20)\d{2}|\[[A-Z]{1,2}(?:\/OL)?\]/.test(s)) return true;
  if (/\[(?:J|M|C|D|R|N|P|S|Z|EB\/OL|J\/OL|M\/OL)\]/.test(s)) return true;
  return /(?:19|20)\d{2}[a-z]?\)?[.,]/.test(s) && (/\bet al\.|\b[A-Z][a-z]+,\s(?:[A-Z]\.\s?)+/.test(s) || /[\u4e00-\u9fff]{2,4}[,，]\s*[\u4e00-\u9fff]{2,4}/.test(s));
}

/**
 * The reference list: from a 参考文献 / References / Bibliography heading to
 * the next appendix or acknowledgements heading (or the end); without a
 * heading, a closing run of at least three citation lines. `only` when the
 * whole text is such a list.
 */
export function referenceList(text: string): { range: Range | null; only: boolean } {
  const ls = lines(text);
  const filled = ls.filter((l) => l.text.trim() !== '');
  if (filled.length >= 2 && filled.filter((l) => isCitationLine(l.text) || REFERENCE_HEADING.test(l.text)).length >= 0.8 * filled.length) {
    return { range: [filled[0]!.start, filled[filled.length - 1]!.end], only: true };
  }
  const head = ls.findIndex((l) => REFERENCE_HEADING.test(l.text));
  if (head >= 0) {
    const after = ls.findIndex((l, i) => i > head && AFTER_REFERENCES.test(l.text));
    const end = after < 0 ? text.length : ls[after]!.start;
    return { range: [ls[head]!.start, end], only: false };
  }
  let first = -1;
  let count = 0;
  for (let i = ls.length - 1; i >= 0; i -= 1) {
    const t = ls[i]!.text;
    if (t.trim() === '') continue;
    if (!isCitationLine(t)) break;
    first = i;
    count += 1;
  }
  if (count >= 3 && first >= 0) return { range: [ls[first]!.start, text.length], only: false };
  return { range: null, only: false };
}

const NAMED_HEADING =
  /^(?:摘\s*要|abstract|关键词|keywords|引\s*言|绪\s*论|前\s*言|introduction|background|related\s+work|methods?|methodology|materials\s+and\s+methods|experiments?|results?(?:\s+and\s+discussion)?|discussion|conclusions?|结\s*论|结\s*果|讨\s*论|研究方法|致\s*谢|acknowledge?ments?|参\s*考\s*文\s*献|references|bibliography|附\s*录|appendix)\s*[:：]?$/i;

/** Whether a line is a heading: Markdown, numbered (1 / 1.2 / 第一章 / 一、), or a usual section name; short, without a sentence's end. */
export function headingOf(line: string): string | null {
  const s = line.trim();
  const md = /^#{1,6}\s+(.+)$/.exec(s);
  if (md) return md[1]!.trim();
  if (s.length === 0 || s.length > 60) return null;
  if (NAMED_HEADING.test(s)) return s;
  if (/[。！？；，,;:：.!?]$/.test(s)) return null;
  if (/^第[一二三四五六七八九十百零\d]+[章节篇部分]/.test(s)) return s;
  if (/^[一二三四五六七八九十]+[、.．]\s*\S/.test(s)) return s;
  if (/^\d{1,2}(?:\.\d{1,2}){0,3}[.、．]?\s*[\p{L}]/u.test(s) && !/^\d{4}/.test(s)) return s;
  return null;
}

export interface Section {
  title: string;
  start: number;
  end: number;
}

/** The text cut at its headings; what precedes the first heading is a section with an empty title (when it holds anything). */
export function sectionsOf(text: string): Section[] {
  const out: Section[] = [];
  let current: Section = { title: '', start: 0, end: text.length };
  for (const line of lines(text)) {
    const title = headingOf(line.text);
    if (title === null) continue;
    current.end = line.start;
    if (current.title !== '' || text.slice(current.start, current.end).trim() !== '') out.push(current);
    current = { title: title.slice(0, 120), start: line.start, end: text.length };
  }
  out.push(current);
  return out;
}

/** Sorted, disjoint ranges covering the same positions. */
export function union(ranges: Range[]): Range[] {
  const sorted = ranges.filter(([s, e]) => e > s).sort((a, b) => a[0] - b[0]);
  const out: Range[] = [];
  for (const [s, e] of sorted) {
    const last = out[out.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}

/** `a` without the positions of `b` (both sorted and disjoint). */
export function subtract(a: Range[], b: Range[]): Range[] {
  const out: Range[] = [];
  for (const [s0, e0] of a) {
    let s = s0;
    for (const [bs, be] of b) {
      if (be <= s || bs >= e0) continue;
      if (bs > s) out.push([s, bs]);
      s = Math.max(s, be);
      if (s >= e0) break;
    }
    if (s < e0) out.push([s, e0]);
  }
  return out;
}

/** `ranges` clipped to [start, end). */
export function clip(ranges: Range[], start: number, end: number): Range[] {
  return ranges.map(([s, e]): Range => [Math.max(s, start), Math.min(e, end)]).filter(([s, e]) => e > s);
}

/**
 * Counts non-space characters of ranges of one text in O(1) a range: what
 * every ratio counts (CNKI counts characters, and spacing should not change a
 * ratio).
 */
export class CharCounter {
  private readonly prefix: Uint32Array;

  constructor(text: string) {
    this.prefix = new Uint32Array(text.length + 1);
    for (let i = 0; i < text.length; i += 1) {
      const c = text.charCodeAt(i);
      // Low surrogates do not count: a character outside the BMP is one character.
      const counts = !(c === 32 || c === 9 || c === 10 || c === 13 || c === 0x3000 || c === 0xa0 || (c >= 0xdc00 && c <= 0xdfff));
      this.prefix[i + 1] = this.prefix[i]! + (counts ? 1 : 0);
    }
  }

  get total(): number {
    return this.prefix[this.prefix.length - 1]!;
  }

  count(ranges: readonly Range[]): number {
    let n = 0;
    for (const [s, e] of ranges) n += this.prefix[e]! - this.prefix[s]!;
    return n;
  }
}

/** Non-space characters of a text (what a check is priced and limited by). */
export function countChars(text: string): number {
  return new CharCounter(text).total;
}
