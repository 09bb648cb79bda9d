/** Where a citation link points: `#pw-ref-3` opens entry 3 of the bibliography. */
export const REF_ANCHOR = '#pw-ref-';
/** A citation whose number is not in the bibliography: shown struck through, never as a working link. */
export const BAD_ANCHOR = '#pw-bad-';

export interface MarkedText {
  /** Markdown with every `[n]` turned into a link (to the entry, or to the "bad" anchor). */
  markdown: string;
  /** The numbers cited that point at nothing, in the order first seen. */
  invalid: number[];
  /** The bibliography numbers cited, ascending. */
  cited: number[];
}

// `[3]`, `[1, 4]`, `[2-5]`, `[2–5]`, `[1，2]`; not `[3](url)` (already a link) nor `![3]`.
const CITATION = /(?<!!)\[(\d{1,4}(?:\s*(?:[,，;；]|[-–—~～])\s*\d{1,4})*)\](?!\()/g;

/** The numbers one bracket names: lists and ranges expanded (a range over 50 items is read as its ends). */
export function citationNumbers(list: string): number[] {
  const out: number[] = [];
  for (const part of list.split(/[,，;；]/)) {
    const range = part.split(/[-–—~～]/).map((n) => Number(n.trim()));
    const [from, to] = [range[0] ?? 0, range[range.length - 1] ?? 0];
    if (range.length > 1 && to > from && to - from <= 50) for (let n = from; n <= to; n += 1) out.push(n);
    else out.push(...range);
  }
  return out;
}

/**
 * Turns a section's `[n]` citations into links the shared Markdown renderer
 * shows: an entry of the bibliography (1..size) links to it; any other number
 * links to the "bad" anchor, which the page styles as flagged and lists, so a
 * citation that points at nothing is never shown as if it were real.
 */
export function markCitations(text: string, size: number): MarkedText {
  const invalid: number[] = [];
  const cited = new Set<number>();
  const markdown = text.replace(CITATION, (_whole, list: string) =>
    citationNumbers(list)
      .map((n) => {
        if (Number.isInteger(n) && n >= 1 && n <= size) {
          cited.add(n);
          return `[[${n}]](${REF_ANCHOR}${n})`;
        }
        if (!invalid.includes(n)) invalid.push(n);
        return `[[${n}]](${BAD_ANCHOR}${n})`;
      })
      .join(''),
  );
  return { markdown, invalid, cited: [...cited].sort((a, b) => a - b) };
}

/** The bibliography number of a rendered citation link, and whether it is valid; null for other links. */
export function citationOfLink(href: string | null | undefined): { n: number; valid: boolean } | null {
  if (!href) return null;
  const valid = href.startsWith(REF_ANCHOR);
  if (!valid && !href.startsWith(BAD_ANCHOR)) return null;
  const n = Number(href.slice((valid ? REF_ANCHOR : BAD_ANCHOR).length));
  return Number.isInteger(n) && n > 0 ? { n, valid } : null;
}

/**
 * The length of a text as the product counts it (字数): each CJK character,
 * kana or Hangul syllable is one, each run of Latin letters or digits is one
 * word. Markdown markup and citation brackets are not counted.
 */
export function countWords(text: string): number {
  const plain = text.replace(/\[\d[\d,，;；\s\-–—~～]*\]/g, ' ').replace(/[#>*_`|]/g, ' ');
  const cjk = plain.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu)?.length ?? 0;
  const words = plain.replace(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu, ' ').match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu)?.length ?? 0;
  return cjk + words;
}
