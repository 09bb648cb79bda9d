/**
 * Locating a cited passage in a page's text. The passage comes from the
 * server's parse and the page text from the browser's pdf.js text layer (or
 * the text view), so spacing, line-break hyphens and ligatures may differ:
 * both sides are compared in a normal form that keeps only letters and
 * digits, lower-cased, and the match is mapped back to the original indexes.
 */

export interface Range {
  start: number;
  end: number;
}

interface Normal {
  text: string;
  /** Original index of each normal-form character. */
  map: number[];
}

const LIGATURES: Record<string, string> = { 'ﬀ': 'ff', 'ﬁ': 'fi', 'ﬂ': 'fl', 'ﬃ': 'ffi', 'ﬄ': 'ffl', 'ﬅ': 'st', 'ﬆ': 'st' };

function normalize(source: string): Normal {
  let text = '';
  const map: number[] = [];
  for (let i = 0; i < source.length; i++) {
    const ch = source[i] ?? '';
    const expanded = LIGATURES[ch] ?? ch.normalize('NFKC').toLowerCase();
    for (const c of expanded) {
      if (/[\p{L}\p{N}]/u.test(c)) {
        text += c;
        map.push(i);
      }
    }
  }
  return { text, map };
}

function toRange(normal: Normal, from: number, length: number): Range {
  const start = normal.map[from] ?? 0;
  const last = normal.map[from + length - 1] ?? start;
  return { start, end: last + 1 };
}

/**
 * The range of `passage` in `page`, or null. Tries the whole passage, then
 * (for passages that run onto the next page or were cut differently) its
 * longest leading part of at least 24 normal characters, halving each time.
 */
export function findPassage(page: string, passage: string): Range | null {
  const hay = normalize(page);
  const needle = normalize(passage).text;
  if (!needle || !hay.text) return null;
  let length = needle.length;
  const minimum = Math.min(needle.length, 24);
  while (length >= minimum) {
    const at = hay.text.indexOf(needle.slice(0, length));
    if (at !== -1) return toRange(hay, at, length);
    if (length === minimum) break;
    length = Math.max(minimum, Math.floor(length / 2));
  }
  // A passage that starts on the previous page: look for its tail instead.
  for (let tail = Math.floor(needle.length / 2); tail >= minimum && needle.length > minimum; tail = tail === minimum ? 0 : Math.max(minimum, Math.floor(tail * 0.75))) {
    const at = hay.text.indexOf(needle.slice(-tail));
    // Only a match at the top of the page is the end of a passage carried over.
    if (at !== -1 && at < hay.text.length / 3) return toRange(hay, at, tail);
  }
  return null;
}

/** Pieces of text laid end to end (text-layer spans): which of them overlap `range`. */
export function piecesInRange(pieces: readonly string[], range: Range, separator = ''): number[] {
  const hits: number[] = [];
  let offset = 0;
  pieces.forEach((piece, index) => {
    const start = offset;
    const end = offset + piece.length;
    if (end > range.start && start < range.end) hits.push(index);
    offset = end + separator.length;
  });
  return hits;
}
