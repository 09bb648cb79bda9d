// Content limits and the rich-text allow-list without zod: the web pages that
// render articles import these, and must not pull every schema with them.

export const CONTENT_SEARCH_MAX = 60;

/**
 * The allow-list of rich text: the server's sanitiser stores nothing else and
 * the web renderer draws nothing else, so a row written past the sanitiser
 * still renders inert.
 */
export const RICH_TEXT_TAGS = [
  'h1', 'h2', 'h3', 'h4', 'p', 'br', 'hr', 'strong', 'b', 'em', 'i', 'u', 's', 'del', 'sub', 'sup', 'blockquote', 'code', 'pre',
  'ul', 'ol', 'li', 'a', 'img', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'figure', 'figcaption',
] as const;
export type RichTextTag = (typeof RICH_TEXT_TAGS)[number];
/** Attributes kept per tag (links also get rel and target; `code` keeps only `language-*` classes). */
export const RICH_TEXT_ATTRIBUTES: Partial<Record<RichTextTag, readonly string[]>> = {
  a: ['href', 'title'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  th: ['colspan', 'rowspan'],
  td: ['colspan', 'rowspan'],
  ol: ['start'],
  code: ['class'],
};
/** Elements dropped with everything inside them (other unknown elements give up only their tags). */
export const RICH_TEXT_DROPPED = ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'iframe', 'object', 'embed', 'svg', 'math', 'select', 'title'] as const;
/** A stored image's site path: `/files/` and plain key segments. */
export const STORAGE_IMAGE_PATH = /^\/files\/[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_.-]+)*$/;

/** Links: absolute http(s) or mailto, a site path (never `//host`), or a fragment. */
export function isSafeHref(href: string): boolean {
  // Browsers ignore whitespace and control characters inside a scheme ("jav\tascript:"): so does this.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const value = href.replace(/[\u0000-\u0020\u007f]/g, '');
  if (value.startsWith('#')) return true;
  if (value.startsWith('/')) return !value.startsWith('//') && !value.startsWith('/\\');
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(value)?.[1]?.toLowerCase();
  if (scheme === 'mailto') return true;
  return (scheme === 'http' || scheme === 'https') && /^https?:\/\/[^/?#\\]/i.test(value);
}

/** Whether an image address points into our storage: `/files/…` on this site, or an https storage origin (a CDN). */
export function isStorageImage(src: string, imageOrigins: readonly string[] = []): boolean {
  if (STORAGE_IMAGE_PATH.test(src)) return !src.split('/').includes('..');
  const authority = /^https:\/\/([^/?#\\]+)(?:[/?#]|$)/.exec(src)?.[1];
  if (!authority || authority.includes('@')) return false;
  return imageOrigins.includes(`https://${authority.toLowerCase()}`);
}
