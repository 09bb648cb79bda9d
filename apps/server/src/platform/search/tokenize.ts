import { stemmer } from 'stemmer';

/**
 * Language-aware tokenisation for keyword retrieval. Latin-script text is split
 * on non-letters, lower-cased, stop words dropped and Porter-stemmed; runs of
 * Chinese, Japanese and Korean go through ICU's word segmenter (Intl.Segmenter),
 * because CJK has no spaces between words. Han runs additionally emit character
 * bigrams so a query word the dictionary splits differently still matches.
 */

const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}ー々〆]+/gu;
const HAS_CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const LATIN_WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu;
const HAN_ONLY = /^\p{Script=Han}+$/u;

const STOP_WORDS = new Set(
  (
    'a an and are as at be been but by can could did do does for from had has have how i if in into is it its ' +
    'may might more most no not of on or our over own shall should so such than that the their them then there ' +
    'these they this those through to too under up very was we were what when where which while who whom why will ' +
    'with would you your also using use used via based between both each other only same some any all about after ' +
    'before during here out s t'
  ).split(' '),
);

/** CJK function words the segmenter returns as words; they carry no topic. */
const CJK_STOP = new Set(['的', '了', '和', '是', '在', 'を', 'に', 'の', 'は', 'が', 'て', 'し', 'で', 'と', 'も', 'た', '이', '가', '은', '는', '을', '를', '의', '에']);

const segmenters = new Map<string, Intl.Segmenter>();
function segmenter(lang: string): Intl.Segmenter {
  let s = segmenters.get(lang);
  if (!s) segmenters.set(lang, (s = new Intl.Segmenter(lang, { granularity: 'word' })));
  return s;
}

const stemCache = new Map<string, string>();
function stem(word: string): string {
  let out = stemCache.get(word);
  if (out === undefined) {
    out = word.length <= 3 || /\d/.test(word) ? word : stemmer(word);
    if (stemCache.size > 200_000) stemCache.clear();
    stemCache.set(word, out);
  }
  return out;
}

function latinTokens(text: string, out: string[]): void {
  for (const match of text.toLowerCase().matchAll(LATIN_WORD)) {
    // Most words have no apostrophe: skip the possessive regex for them (tokenising dominates index build time).
    const raw = match[0];
    const word = raw.includes("'") || raw.includes('’') ? raw.replace(/['’]s$/, '') : raw;
    if (word.length < 2 && !/\d/.test(word)) continue;
    if (STOP_WORDS.has(word)) continue;
    out.push(stem(word));
  }
}

function cjkTokens(run: string, out: string[]): void {
  const lang = /[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(run) ? 'ja' : /\p{Script=Hangul}/u.test(run) ? 'ko' : 'zh';
  for (const part of segmenter(lang).segment(run)) {
    if (!part.isWordLike) continue;
    const word = part.segment;
    if (!CJK_STOP.has(word)) out.push(word);
    if (word.length > 2 && HAN_ONLY.test(word)) {
      for (let i = 0; i + 1 < word.length; i += 1) out.push(word.slice(i, i + 2));
    }
  }
}

export function tokenize(input: string): string[] {
  const text = input.normalize('NFKC');
  const out: string[] = [];
  if (!HAS_CJK.test(text)) {
    latinTokens(text, out);
    return out;
  }
  let last = 0;
  for (const match of text.matchAll(CJK_RUN)) {
    const index = match.index ?? 0;
    if (index > last) latinTokens(text.slice(last, index), out);
    cjkTokens(match[0], out);
    last = index + match[0].length;
  }
  if (last < text.length) latinTokens(text.slice(last), out);
  return out;
}

/**
 * The index term of one Latin-script word (what `tokenize(word)[0]` gives),
 * without the per-call set-up: for highlighting many words fast. null for
 * stop words and words too short to index.
 */
export function latinTerm(word: string): string | null {
  const lower = word.normalize('NFKC').toLowerCase();
  const bare = lower.includes("'") || lower.includes('’') ? lower.replace(/['’]s$/, '') : lower;
  if ((bare.length < 2 && !/\d/.test(bare)) || STOP_WORDS.has(bare)) return null;
  return stem(bare);
}

/** True when the text contains Chinese, Japanese or Korean characters. */
export function hasCjk(text: string): boolean {
  return HAS_CJK.test(text);
}
