/**
 * Normalisation and tokens. Every token keeps its `[start, end)` in the
 * original string (UTF-16 indices), so passages found on tokens map back to
 * the text the user gave, whatever normalisation did to the characters.
 *
 * - Han, Hiragana and Katakana: one token a character (no spaces to split on,
 *   and word segmentation would make matching depend on a dictionary).
 * - Thai, Lao, Khmer and Myanmar (no spaces, no CJK): ICU word segmentation
 *   (`Intl.Segmenter`), one token a word; character tokens if it is missing.
 * - Everything else with letters or digits: words between separators.
 * - Keys are NFKC (full-width to half-width) and lower-cased; punctuation and
 *   whitespace only separate tokens.
 */

// Character classes, decided once per BMP code point (a lookup table filled on
// demand): a regex with Unicode properties per character is several times slower.
const SEP = 0;
const WORD = 1;
const CJK_CHAR = 2;
const SEA = 3;
const MARK = 4;
const UNKNOWN = 255;
const RE_CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const RE_SEA = /[\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const RE_MARK = /\p{M}/u;
const RE_WORD = /[\p{L}\p{N}]/u;
const bmp = new Uint8Array(0x10000).fill(UNKNOWN);

function classify(ch: string): number {
  if (RE_CJK.test(ch)) return CJK_CHAR;
  if (RE_SEA.test(ch)) return SEA;
  if (RE_MARK.test(ch)) return MARK;
  if (RE_WORD.test(ch)) return WORD;
  return SEP;
}

function classAt(text: string, i: number, code: number): number {
  if (code < 0x80) return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a) ? WORD : SEP;
  if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) return classify(text.slice(i, i + 2));
  let c = bmp[code]!;
  if (c === UNKNOWN) {
    c = classify(String.fromCharCode(code));
    bmp[code] = c;
  }
  return c;
}

export const TokenKind = { Word: 0, Cjk: 1, Segmented: 2 } as const;
export type TokenKind = (typeof TokenKind)[keyof typeof TokenKind];

/** Tokens as parallel arrays (a long thesis has 10^5 tokens; objects per token would cost more than the matching). */
export interface Tokens {
  keys: string[];
  starts: number[];
  ends: number[];
  kinds: TokenKind[];
}

const segmenters = new Map<string, Intl.Segmenter | null>();
function segmenter(locale: string): Intl.Segmenter | null {
  if (!segmenters.has(locale)) {
    segmenters.set(locale, typeof Intl.Segmenter === 'function' ? new Intl.Segmenter(locale, { granularity: 'word' }) : null);
  }
  return segmenters.get(locale) ?? null;
}

function localeOf(ch: string): string {
  const c = ch.codePointAt(0) ?? 0;
  if (c >= 0x0e80 && c <= 0x0eff) return 'lo';
  if (c >= 0x1780 && c <= 0x17ff) return 'km';
  if (c >= 0x1000 && c <= 0x109f) return 'my';
  return 'th';
}

/** The comparison key of a piece of text: full/half width folded, case folded. */
export function normalizeKey(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

export function tokenize(text: string): Tokens {
  const out: Tokens = { keys: [], starts: [], ends: [], kinds: [] };
  const push = (key: string, start: number, end: number, kind: TokenKind) => {
    out.keys.push(key);
    out.starts.push(start);
    out.ends.push(end);
    out.kinds.push(kind);
  };
  const n = text.length;
  let i = 0;
  while (i < n) {
    const code = text.charCodeAt(i);
    const cls = classAt(text, i, code);
    const width = code >= 0xd800 && code <= 0xdbff && i + 1 < n ? 2 : 1;
    if (cls === SEP || cls === MARK) {
      i += width;
    } else if (cls === CJK_CHAR) {
      push(normalizeKey(text.slice(i, i + width)), i, i + width, TokenKind.Cjk);
      i += width;
    } else {
      // A word (letters, digits, combining marks) or a run of a script without spaces.
      const start = i;
      let ascii = true;
      i += width;
      while (i < n) {
        const c = text.charCodeAt(i);
        const k = classAt(text, i, c);
        if (!(k === MARK || k === cls)) break;
        if (c >= 0x80) ascii = false;
        i += c >= 0xd800 && c <= 0xdbff && i + 1 < n ? 2 : 1;
      }
      if (cls === WORD) {
        const raw = text.slice(start, i);
        push(ascii && code < 0x80 ? raw.toLowerCase() : normalizeKey(raw), start, i, TokenKind.Word);
      } else {
        segmentRun(text.slice(start, i), start, push);
      }
    }
  }
  return out;
}

/** Thai, Lao, Khmer, Myanmar: ICU's dictionary word segmentation, else grapheme-like characters. */
function segmentRun(run: string, offset: number, push: (key: string, start: number, end: number, kind: TokenKind) => void): void {
  const seg = segmenter(localeOf(run));
  if (seg) {
    for (const s of seg.segment(run)) {
      if (s.isWordLike === false) continue;
      push(normalizeKey(s.segment), offset + s.index, offset + s.index + s.segment.length, TokenKind.Segmented);
    }
    return;
  }
  for (const c of run.matchAll(/\P{M}\p{M}*/gu)) {
    const at = offset + (c.index ?? 0);
    push(normalizeKey(c[0]), at, at + c[0].length, TokenKind.Cjk);
  }
}

// Function words carry no evidence of copying on their own; seeds and
// fingerprints are built from the other tokens (words shuffled or dropped
// among them then break fewer n-grams).
const STOPWORDS = new Set(
  (
    'a about above after again against all am an and any are as at be because been before being below between both but by can could did do does doing down during each few for from further had has have having he her here hers herself him himself his how i if in into is it its itself just me more most my myself no nor not now of off on once only or other our ours ourselves out over own same she should so some such than that the their theirs them themselves then there these they this those through to too under until up very was we were what when where which while who whom why will with would you your yours yourself yourselves also may might must shall upon thus however therefore within without via et al ' +
    'der die das und ist le la les de des et un une el los las y en'
  ).split(/\s+/),
);
const CJK_STOP = new Set('的了是在和与及或之其而也就都这那有为以于'.split(''));

/** Whether a token is a function word (ignored by seeds and fingerprints). */
export function isStopToken(key: string, kind: TokenKind): boolean {
  if (kind === TokenKind.Word) return STOPWORDS.has(key) || (key.length === 1 && !/\p{N}/u.test(key));
  if (kind === TokenKind.Cjk) return CJK_STOP.has(key);
  return false;
}

/** Indices (into `tokens`) of the content tokens, in order. */
export function contentIndices(tokens: Tokens): number[] {
  const out: number[] = [];
  for (let i = 0; i < tokens.keys.length; i += 1) if (!isStopToken(tokens.keys[i]!, tokens.kinds[i]!)) out.push(i);
  return out;
}

/** 32-bit FNV-1a of a string. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i += 1) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
