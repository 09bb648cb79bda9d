import sanitizeHtml from 'sanitize-html';
import { isSafeHref, isStorageImage as storageImage, RICH_TEXT_ATTRIBUTES, RICH_TEXT_DROPPED, RICH_TEXT_TAGS } from '@xueba/contract';

/**
 * The sanitiser of rich text written in the admin console (news, help
 * articles, FAQ answers), on the contract's allow-list, which the web
 * renderer (`components/rich-text.tsx`) applies again. Everything not listed
 * goes: scripts and styles with their content, event handlers, inline styles,
 * frames, forms, and any URL whose protocol is not http(s) or mailto. Images
 * come only from our own storage.
 */
export interface RichTextOptions {
  /** Absolute origins our storage hands out (a CDN in front of the bucket), e.g. `https://cdn.example.com`. */
  imageOrigins?: readonly string[];
}

/** Whether an image address points into our own storage: `/files/…` on this site, or a storage origin. */
export function isStorageImage(src: string, options: RichTextOptions = {}): boolean {
  return storageImage(src, options.imageOrigins);
}

const ALLOWED_ATTRIBUTES: Record<string, string[]> = Object.fromEntries(Object.entries(RICH_TEXT_ATTRIBUTES).map(([tag, names]) => [tag, [...names, ...(tag === 'a' ? ['target', 'rel'] : [])]]));

/** Sanitises admin-written HTML before it is stored. */
export function sanitizeRichText(html: string, options: RichTextOptions = {}): string {
  return sanitizeHtml(html, {
    allowedTags: [...RICH_TEXT_TAGS],
    allowedAttributes: ALLOWED_ATTRIBUTES,
    allowedClasses: { code: ['language-*'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['https'] },
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    // Script, style and the like go with their content (sanitize-html's default nonTextTags plus these).
    nonTextTags: [...RICH_TEXT_DROPPED],
    transformTags: {
      // Every link opens in its own tab without handing the opener over.
      a: (tagName, attribs) => {
        const href = attribs.href ?? '';
        const kept: Record<string, string> = {};
        if (href && isSafeHref(href)) kept.href = href.trim();
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
