import { formatMessage, isMessageKey, MINDMAP_NOTE_MAX, MINDMAP_TITLE_MAX, type Locale, type MindmapNode } from '@xueba/contract';
import { parseModelOutline } from './formats/index.js';

const cut = (text: string, max: number): string => {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
};

/** A map's title from what it was made of: its first line, without Markdown marks, within the title limit. */
export function titleOf(text: string): string {
  const line = text.trim().split(/\r?\n/, 1)[0] ?? '';
  const plain = line.replace(/^#{1,6}\s+|^[-*+]\s+|^\d+[.)]\s+/, '').replace(/[*_`]/g, '').trim();
  return cut(plain || '-', MINDMAP_TITLE_MAX);
}

/**
 * Where the app is, for links from a map back into it (the document reader,
 * a paper's page): absolute, because a map is exported to XMind or shared, and
 * maps keep only web and mail links. The site's configured domain, else the
 * server's public URL, else the origin the request came from.
 */
export function appBase(configured: string, origin: string | undefined, fallback: string): string {
  for (const candidate of [configured, origin ?? '', fallback]) {
    try {
      const url = new URL(candidate);
      if (url.protocol === 'https:' || url.protocol === 'http:') return url.origin;
    } catch {
      // not a URL: try the next
    }
  }
  return fallback;
}

/** The document reader at a page. */
export const docPageLink = (base: string, docId: number, page: number): string => `${base}/doc/details?id=${docId}&page=${page}`;
export const paperLink = (base: string, id: string): string => `${base}/academic_search/detail/${encodeURIComponent(id)}`;

export interface ModelOutline {
  tree: MindmapNode;
  /** Nothing in the answer was an outline. */
  empty: boolean;
  /** Message key: the outline was partial (left out, cut, or surrounded by prose), or there was none. */
  notice: string | null;
}

/**
 * A model's answer read as an outline, leniently: what parsed is kept, what
 * did not is counted, and the notice says so. An answer with no outline at
 * all keeps its text as the root's note, so nothing the user paid for is lost.
 */
export function outlineFromModel(content: string, title: string, stopped: boolean): ModelOutline {
  const result = parseModelOutline(content, title);
  if (!result.tree) {
    const text = content.trim();
    return { tree: { topic: title, ...(text ? { note: cut(text, MINDMAP_NOTE_MAX) } : {}), children: [] }, empty: true, notice: text ? 'mindmap_no_outline' : null };
  }
  // The model's introduction line is normal; prose after or between the items, or items over a limit, are not.
  const partial = stopped || result.dropped;
  return { tree: result.tree, empty: false, notice: partial ? 'mindmap_partial_outline' : null };
}

/** A stored notice key in the reader's language. */
export function noticeText(notice: string | null, locale: Locale): string | null {
  return notice && isMessageKey(notice) ? formatMessage(notice, locale) : null;
}
