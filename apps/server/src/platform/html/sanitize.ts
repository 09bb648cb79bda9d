import sanitizeHtml from 'sanitize-html';

/**
 * The one allow-list of rich text written in the admin console (news, help
 * articles, FAQ answers): what the web renderer (`components/rich-text.tsx`)
 * accepts too. Everything not listed goes: scripts and styles with their
 * content, event handlers, inline styles, frames, forms, and any URL whose
 * protocol is not http(s) or mailto. Images come only from our own storage.
 */
export const RICH_TEXT_TAGS = [
  'h1', 'h2', 'h3', 'h4', 'p', 'br', 'hr', 'strong', 'b', 'em', 'i', 'u', 's', 'del', 'sub', 'sup', 'blockquote', 'code', 'pre',
  'ul', 'ol', 'li', 'a', 'img', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'figure', 'figcaption',
] as const;

/** Stored keys are plain path segments (see providers/storage); nothing that climbs out of `/files/`. */
const STORAGE_PATH = /^\/files\/[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_.-]+)*$/;

export interface RichTextOptions {
  /** Absolute origins our storage hands out (a CDN in front of the bucket), e.g. `https://cdn.example.com`. */
  imageOrigins?: readonly string[];
}

/** Whether an image address points into our own storage: `/files/…` on this site, or a storage origin. */
export function isStorageImage(src: string, options: RichTextOptions = {}): boolean {
  if (STORAGE_PATH.test(src)) return !src.split('/').includes('..');
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  return (options.imageOrigins ?? []).includes(url.origin);
}

/** Links: absolute http(s) or mailto, or a site path (`/news/…`, never `//host`), or a fragment. */
function safeHref(href: string): boolean {
  const value = href.trim();
  if (value.startsWith('#')) return true;
  if (value.startsWith('/')) return !value.startsWith('//') && !value.startsWith('/\\');
  try {
    return ['http:', 'https:', 'mailto:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** Sanitises admin-written HTML before it is stored. */
export function sanitizeRichText(html: string, options: RichTextOptions = {}): string {
  return sanitizeHtml(html, {
    allowedTags: [...RICH_TEXT_TAGS],
    allowedAttributes: {
      a: ['href', 'title', 'target', 'rel'],
      img: ['src', 'alt', 'title', 'width', 'height'],
      th: ['colspan', 'rowspan'],
      td: ['colspan', 'rowspan'],
      ol: ['start'],
      code: ['class'],
    },
    allowedClasses: { code: ['language-*'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['https'] },
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    // Script, style and the like go with their content (sanitize-html's default nonTextTags plus these).
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'iframe', 'object', 'embed', 'svg', 'math', 'select', 'title'],
    transformTags: {
      // Every link opens in its own tab without handing the opener over.
      a: (tagName, attribs) => {
        const href = attribs.href ?? '';
        const kept: Record<string, string> = {};
        if (href && safeHref(href)) kept.href = href.trim();
        if (attribs.title) kept.title = attribs.title;
        return { tagName, attribs: { ...kept, rel: 'noopener noreferrer', target: '_blank' } };
      },
    },
    exclusiveFilter: (frame) => frame.tag === 'img' && !isStorageImage(frame.attribs.src ?? '', options),
  });
}

/** The words of stored rich text, one block a line: what search and the help retrieval read. */
export function richTextToPlain(html: string): string {
  const marked = html.replace(/<br\s*\/?>|<\/(?:p|h[1-6]|li|blockquote|pre|tr|caption|figcaption)>/gi, '$&\n').replace(/<\/t[dh]>/gi, '$& ');
  const text = sanitizeHtml(marked, { allowedTags: [], allowedAttributes: {}, nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template'] });
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}
