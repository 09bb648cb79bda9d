import { latinTerm, tokenize } from '../../platform/search/tokenize.js';

/**
 * The words of a question that say what it is about, in the index form
 * `tokenize` gives, so that passages from different sources can be compared by
 * how much of the question they contain (decision 0030). Three things are
 * removed or normalised on top of the keyword tokeniser:
 *
 * - question and filler words ("how", "怎么", "어떻게", "教えて"), which every
 *   question has and no answer contains;
 * - Japanese words written in hiragana only: in a question they are particles,
 *   inflections and auxiliaries (なる, すれ, いい, です), while topics are
 *   written in kanji or katakana;
 * - Korean particles and verb endings, which the word segmenter leaves attached
 *   (회원은 → 회원, 결제하나요 → 결제), so a question finds the plain noun.
 */

const ENGLISH_FILLER = 'get got make need want way ways work works please help know tell thing things something anyone someone able possible go going see like just still now become hi hello thanks xueba';

const CJK_FILLER = [
  // Chinese
  '怎么', '怎样', '怎么样', '怎么办', '如何', '什么', '什么样', '为什么', '为何', '吗', '呢', '吧', '啊', '呀', '么', '我', '我们', '我的', '你', '你们', '他', '它',
  '这', '那', '这个', '那个', '哪', '哪里', '哪儿', '哪些', '哪个', '在哪', '可以', '能', '能否', '能不能', '要', '需要', '想', '请问', '请', '一下', '多少',
  '有没有', '是否', '办', '一个', '有', '没有', '会', '应该', '该', '如果', '时候', '进行', '还', '都', '就', '又', '也', '用', '使用', '是', '不', '到', '给', '让', '多久', '多长', '时间', '后', '之后', '以后', '了吗', '不了',
  // Japanese (kanji and katakana fillers; hiragana-only words are dropped by rule)
  '何', '私', '教え', '場合', '方', '時',
  // Korean (after the endings below are stripped)
  '어떻게', '무엇', '뭐', '왜', '언제', '어디', '어디서', '방법', '수', '있나', '있나요', '있어요', '있습니까', '싶어요', '싶습니다', '나', '저', '제', '내', '우리',
  '좀', '어떤', '무슨', '알려', '주세요', '알려주세요', '하나요', '합니까', '해야', '하려면', '되나요', '있을까요', '그', '이것', '저는', '제가', '안', '돼요', '돼', '안돼요', '않아요', '됩니다', '후', '받을', '받나요', '싶어요', '싶어', '싶', '얼마', '얼마인가요', '있는', '할',
];

/** Korean endings and particles, longest first, stripped once from the end of a word. */
const KOREAN_ENDINGS = [
  '하려면', '하려고', '합니까', '합니다', '하세요', '하나요', '할까요', '하는데', '되나요', '됩니까', '에서는', '으로는', '하는', '하기', '해요', '하면', '해야', '하고', '되는',
  '에서', '으로', '에게', '고',
  '까지', '부터', '이나', '은', '는', '이', '가', '을', '를', '의', '에', '로', '와', '과', '도', '만', '요',
].sort((a, b) => b.length - a.length);

const HIRAGANA_ONLY = /^[\p{Script=Hiragana}ー]+$/u;
const HANGUL_ONLY = /^\p{Script=Hangul}+$/u;

const FILLER = new Set<string>([...CJK_FILLER, ...ENGLISH_FILLER.split(' ').flatMap((w) => latinTerm(w) ?? [])]);

function koreanStem(word: string): string {
  for (const ending of KOREAN_ENDINGS) {
    if (word.length - ending.length >= 2 && word.endsWith(ending)) return word.slice(0, -ending.length);
  }
  return word;
}

/** Index terms of any text, with Korean words reduced to their stems (used for the help index and for passages). */
export function textTerms(text: string): string[] {
  return tokenize(text).map((t) => (HANGUL_ONLY.test(t) ? koreanStem(t) : t));
}

/** The distinct content terms of a question. */
export function questionTerms(question: string): string[] {
  const out = new Set<string>();
  for (const raw of tokenize(question)) {
    if (FILLER.has(raw) || HIRAGANA_ONLY.test(raw)) continue;
    const term = HANGUL_ONLY.test(raw) ? koreanStem(raw) : raw;
    if (!FILLER.has(term)) out.add(term);
  }
  return [...out];
}

const SINGLE_CJK = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]$/u;

/** A single CJK character is often a function word the segmenter split off (后, 账 of 到账): it counts half. */
function weight(term: string): number {
  return SINGLE_CJK.test(term) ? 0.5 : 1;
}

/** The share (0-1) of the question's terms, by weight, that the text's terms contain. */
export function coverage(question: readonly string[], text: ReadonlySet<string>): number {
  let total = 0;
  let found = 0;
  for (const term of question) {
    total += weight(term);
    if (text.has(term)) found += weight(term);
  }
  return total === 0 ? 0 : found / total;
}
