/**
 * Plain limits shared by schemas and the web app. This module imports nothing,
 * so the web app's first screen can use a limit without loading any schema.
 */
export const PAPER_KEYWORD_MAX = 500;

/**
 * Characters as the server counts them for every length limit: Unicode code
 * points, so an emoji or a rare CJK character is one character (a UTF-16
 * `length` counts those as two and would refuse them early in the browser).
 */
export function charCount(text: string): number {
  let n = 0;
  for (const _ of text) n += 1;
  return n;
}
