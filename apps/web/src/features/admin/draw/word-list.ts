/** The contract's limits on one sensitive word and on the list. */
export const WORD_MAX = 50;
export const WORDS_MAX = 5000;

export interface ParsedWords {
  words: string[];
  /** Lines longer than WORD_MAX characters (not kept; the form names them). */
  tooLong: string[];
  /** More than WORDS_MAX distinct words. */
  tooMany: boolean;
}

/**
 * One word per line, as the admin pastes them: lines trimmed, blank ones and
 * repeats (the server matches case-insensitively, so case-only repeats too)
 * dropped, first spelling kept.
 */
export function parseWordList(text: string, separator: RegExp = /\r?\n/): ParsedWords {
  const words: string[] = [];
  const tooLong: string[] = [];
  const seen = new Set<string>();
  for (const raw of text.split(separator)) {
    const word = raw.trim();
    if (!word) continue;
    if ([...word].length > WORD_MAX) {
      tooLong.push(word);
      continue;
    }
    const folded = word.toLocaleLowerCase();
    if (seen.has(folded)) continue;
    seen.add(folded);
    words.push(word);
  }
  return { words, tooLong, tooMany: words.length > WORDS_MAX };
}

export const formatWordList = (words: readonly string[]) => words.join('\n');

/** Keywords of a style: one per line or comma-separated (Chinese commas too), as prompts write them. */
export function parseKeywords(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of text.split(/[\n,，、]/)) {
    const word = raw.trim();
    if (!word || seen.has(word)) continue;
    seen.add(word);
    out.push(word);
  }
  return out;
}
