import type { ChatTurn } from './chat-model.js';

/**
 * Cheap, dependency-free size estimates. Real tokenizers differ per model;
 * these err on the generous side: one token per CJK character, one per four
 * other characters, plus a few tokens of per-message overhead.
 */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const CJK_GLOBAL = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;
const LATIN_WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;
const MESSAGE_OVERHEAD = 4;

export function estimateTokens(text: string): number {
  if (!CJK.test(text)) return Math.ceil(text.length / 4);
  const cjk = text.match(CJK_GLOBAL)?.length ?? 0;
  return cjk + Math.ceil((text.length - cjk) / 4);
}

/** Words as per_1k_words bills them: each CJK character is one word, plus each run of other letters or digits. */
export function countWords(text: string): number {
  const cjk = text.match(CJK_GLOBAL)?.length ?? 0;
  const rest = cjk > 0 ? text.replace(CJK_GLOBAL, ' ') : text;
  return cjk + (rest.match(LATIN_WORD)?.length ?? 0);
}

/**
 * Fits a conversation into `budget` tokens: the system prompt and the newest
 * question are always kept; earlier turns are added newest first until the
 * next one would not fit, so the oldest are dropped first. A history that
 * would start with an answer drops that answer too (its question is gone).
 */
export function fitContext(system: string | null, history: ChatTurn[], question: ChatTurn, budget: number): { messages: ChatTurn[]; dropped: number } {
  const head: ChatTurn[] = system ? [{ role: 'system', content: system }] : [];
  let used = head.reduce((n, t) => n + estimateTokens(t.content) + MESSAGE_OVERHEAD, 0) + estimateTokens(question.content) + MESSAGE_OVERHEAD;
  let start = history.length;
  while (start > 0) {
    const turn = history[start - 1]!;
    const cost = estimateTokens(turn.content) + MESSAGE_OVERHEAD;
    if (used + cost > budget) break;
    used += cost;
    start -= 1;
  }
  while (start < history.length && history[start]!.role === 'assistant') start += 1;
  return { messages: [...head, ...history.slice(start), question], dropped: start };
}
