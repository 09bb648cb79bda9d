import { Fragment } from 'react';

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Decodes the entities an HTML escaper writes; anything unknown stays as typed. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,6});/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : whole;
    }
    return NAMED[body.toLowerCase()] ?? whole;
  });
}

export interface SnippetPart {
  text: string;
  mark: boolean;
}

/**
 * Splits the server's snippet HTML into plain and marked text. Only exact
 * `<mark>`/`</mark>` tags count; every other character, including any tag the
 * server failed to escape, becomes text that React escapes again. No HTML is
 * ever injected, so nothing but `mark` can reach the page.
 */
export function parseSnippet(html: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let marked = false;
  for (const token of html.split(/(<\/?mark>)/i)) {
    const lower = token.toLowerCase();
    if (lower === '<mark>') marked = true;
    else if (lower === '</mark>') marked = false;
    else if (token) {
      const text = decodeEntities(token);
      const last = parts[parts.length - 1];
      if (last && last.mark === marked) last.text += text;
      else parts.push({ text, mark: marked });
    }
  }
  return parts;
}

export function Snippet({ html, className }: { html: string; className?: string }) {
  return (
    <p className={className} data-testid="paper-snippet">
      {parseSnippet(html).map((part, i) => (part.mark ? <mark key={i}>{part.text}</mark> : <Fragment key={i}>{part.text}</Fragment>))}
    </p>
  );
}
