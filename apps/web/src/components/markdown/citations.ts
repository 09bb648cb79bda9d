/**
 * Turns an answer's `[n]` citations (also `[1, 3]` and `[2][4]`) into Markdown
 * links to `${anchor}${n}`, so the shared renderer shows them as links a page
 * can intercept. Numbers outside 1..max stay as text: they point at nothing
 * the reader can open. A `[n](url)` that is already a link is left alone.
 */
export function linkCitations(answer: string, max: number, anchor: string): string {
  return answer.replace(/\[(\d{1,3}(?:\s*[,，]\s*\d{1,3})*)\](?!\()/g, (whole, list: string) => {
    const numbers = list.split(/[,，]/).map((n) => Number(n.trim()));
    if (!numbers.every((n) => n >= 1 && n <= max)) return whole;
    // Balanced brackets are allowed in link text; escaped ones (`\[1\]`) would read as display math.
    return numbers.map((n) => `[[${n}]](${anchor}${n})`).join('');
  });
}

/** The citation number of a link made by `linkCitations`, or null for any other link. */
export function citationOfHref(href: string | null | undefined, anchor: string): number | null {
  if (!href?.startsWith(anchor)) return null;
  const n = Number(href.slice(anchor.length));
  return Number.isInteger(n) && n > 0 ? n : null;
}
