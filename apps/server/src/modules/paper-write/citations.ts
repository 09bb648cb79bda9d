/**
 * Numbered citations `[n]`, `[n, m]`, `[n-m]` in a section's Markdown: the
 * check that a number names a bibliography item, the streaming filter that
 * takes out a number that does not before the text is shown, and the
 * renumbering when the bibliography changes.
 *
 * A bracket holding only digits and separators is a citation; anything else
 * in brackets (a Markdown link, `[^1]`, `[sic]`) is left alone.
 */

const GROUP = /\[(\d{1,6}(?:\s*[-–—,，、;；]\s*\d{1,6})*)\]/g;
/** A citation may still be arriving: `[`, `[1`, `[1, 1` at the end of what has streamed, with the spaces before it (taken out with it). */
const PARTIAL = /[ \t]*(?:\[[\d\s\-–—,，、;；]{0,40})?$/;
/** A range wider than this is not a citation range (a year span "[1990-2020]"): its ends are checked as two numbers. */
const RANGE_MAX = 50;

interface Parsed {
  /** Each number cited, ranges expanded. */
  numbers: number[];
  /** The written form had a range whose ends were both kept. */
  ranges: [number, number][];
}

function parseGroup(body: string): Parsed {
  const numbers: number[] = [];
  const ranges: [number, number][] = [];
  for (const part of body.split(/\s*[,，、;；]\s*/)) {
    const range = /^(\d+)\s*[-–—]\s*(\d+)$/.exec(part);
    if (range) {
      const a = Number(range[1]);
      const b = Number(range[2]);
      if (b >= a && b - a <= RANGE_MAX) {
        for (let n = a; n <= b; n += 1) numbers.push(n);
        ranges.push([a, b]);
      } else numbers.push(a, b);
    } else if (/^\d+$/.test(part)) numbers.push(Number(part));
  }
  return { numbers, ranges };
}

/** `[1, 2, 3, 5]` → "1-3, 5": runs of three or more become ranges, as GB/T 7714 prints them. */
export function formatGroup(numbers: number[]): string {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j += 1;
    if (j - i >= 2) parts.push(`${sorted[i]}-${sorted[j]}`);
    else for (let k = i; k <= j; k += 1) parts.push(String(sorted[k]));
    i = j + 1;
  }
  return parts.join(', ');
}

/**
 * Rewrites every citation group with `map` (old number → new number, or null
 * to take it out). A group left empty is removed with the space before it.
 * Returns the text and the numbers taken out.
 */
export function rewriteCitations(text: string, map: (n: number) => number | null): { text: string; removed: number[] } {
  const removed = new Set<number>();
  const out = text.replace(GROUP, (whole: string, body: string, offset: number) => {
    const { numbers } = parseGroup(body);
    const kept: number[] = [];
    let changed = false;
    for (const n of numbers) {
      const to = map(n);
      if (to === null) {
        removed.add(n);
        changed = true;
      } else {
        if (to !== n) changed = true;
        kept.push(to);
      }
    }
    if (!changed) return whole;
    if (kept.length === 0) return offset > 0 && /[ \t]/.test(text[offset - 1] ?? '') ? '\u0000' : '';
    return `[${formatGroup(kept)}]`;
  });
  // A removed citation takes the one space before it ("as shown [42]." → "as shown.").
  return { text: out.replace(/[ \t]\u0000/g, '').replace(/\u0000/g, ''), removed: [...removed].sort((a, b) => a - b) };
}

const validIn = (max: number) => (n: number) => (n >= 1 && n <= max ? n : null);

/** Numbers cited that the bibliography of `max` items does not have, in order. */
export function invalidCitations(text: string, max: number): number[] {
  return rewriteCitations(text, validIn(max)).removed;
}

/** The text with every citation outside the bibliography taken out. */
export function stripInvalid(text: string, max: number): { text: string; removed: number[] } {
  return rewriteCitations(text, validIn(max));
}

/** How many times each number is cited (ranges count each number). */
export function citationCounts(text: string): Map<number, number> {
  const counts = new Map<number, number>();
  for (const match of text.matchAll(GROUP)) for (const n of parseGroup(match[1]!).numbers) counts.set(n, (counts.get(n) ?? 0) + 1);
  return counts;
}

/** The numbers cited, first appearance first (each once). */
export function citedInOrder(text: string): number[] {
  const seen = new Set<number>();
  for (const match of text.matchAll(GROUP)) for (const n of parseGroup(match[1]!).numbers) seen.add(n);
  return [...seen];
}

/**
 * The streaming side of the check: model text goes in as it arrives, text
 * safe to show comes out. A possible citation at the end of a chunk is held
 * back until the next chunk completes (or refutes) it, so `[4` + `2]` never
 * shows `[42]` for a bibliography of ten.
 */
export class CitationFilter {
  private pending = '';
  private readonly removed = new Set<number>();

  constructor(readonly max: number) {}

  /** The checked text of everything up to the last possible citation start; `fresh`: numbers newly taken out by this chunk. */
  push(chunk: string): { text: string; fresh: number[] } {
    const all = this.pending + chunk;
    const partial = PARTIAL.exec(all);
    const cut = partial ? partial.index : all.length;
    this.pending = all.slice(cut);
    return this.check(all.slice(0, cut));
  }

  /** What is held back, checked, at the end of the stream. */
  flush(): { text: string; fresh: number[] } {
    const rest = this.pending;
    this.pending = '';
    return this.check(rest);
  }

  /** Every number taken out so far. */
  get invalid(): number[] {
    return [...this.removed].sort((a, b) => a - b);
  }

  private check(text: string): { text: string; fresh: number[] } {
    if (text === '') return { text, fresh: [] };
    const result = stripInvalid(text, this.max);
    const fresh = result.removed.filter((n) => !this.removed.has(n));
    for (const n of result.removed) this.removed.add(n);
    return { text: result.text, fresh };
  }
}
