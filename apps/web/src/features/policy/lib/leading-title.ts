/**
 * Policy texts (the shipped ones and many an admin pastes) open with a heading
 * that repeats the policy's title, which the page already shows as its <h1>.
 * Drops that first heading when its text is the title, and nothing else.
 */
export function withoutLeadingTitle(html: string, title: string): string {
  const match = /^\s*<h([1-3])[^>]*>([\s\S]*?)<\/h\1>/i.exec(html);
  if (!match) return html;
  const text = (match[2] ?? '').replace(/<[^>]*>/g, '').trim();
  return text === title.trim() ? html.slice(match[0].length) : html;
}
