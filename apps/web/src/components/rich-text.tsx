import { createElement, Fragment, useMemo, type ReactNode } from 'react';
import { mediaUrl } from '@/lib/media-url';
import './rich-text.css';
import { isSafeHref, isStorageImage, RICH_TEXT_ATTRIBUTES, RICH_TEXT_DROPPED, RICH_TEXT_TAGS, type RichTextTag } from '@xueba/contract';

const TAGS = new Set<string>(RICH_TEXT_TAGS);
const DROPPED = new Set<string>(RICH_TEXT_DROPPED);
const VOID = new Set(['br', 'hr', 'img']);
const CODE_CLASS = /^language-[A-Za-z0-9+#-]{1,30}$/;
const DIGITS = /^\d{1,4}$/;

export interface RichTextOptions {
  /** https origins stored images may come from besides this site's `/files/` (a CDN). */
  imageOrigins?: readonly string[];
}

type Props = Record<string, string | number>;

/** The attributes of an allowed element, each checked again; null drops the element (an image from elsewhere). */
function propsOf(el: Element, tag: RichTextTag, options: RichTextOptions): Props | null {
  const props: Props = {};
  for (const name of RICH_TEXT_ATTRIBUTES[tag] ?? []) {
    const value = el.getAttribute(name);
    if (value === null) continue;
    if (name === 'href') {
      if (isSafeHref(value)) props.href = value.trim();
    } else if (name === 'src') {
      if (!isStorageImage(value, options.imageOrigins)) return null;
      props.src = mediaUrl(value);
    } else if (name === 'colspan' || name === 'rowspan' || name === 'start' || name === 'width' || name === 'height') {
      if (DIGITS.test(value)) props[name === 'colspan' ? 'colSpan' : name === 'rowspan' ? 'rowSpan' : name] = Number(value);
    } else if (name === 'class') {
      const kept = value.split(/\s+/).filter((c) => CODE_CLASS.test(c));
      if (kept.length) props.className = kept.join(' ');
    } else {
      props[name] = value;
    }
  }
  if (tag === 'img' && !('src' in props)) return null;
  if (tag === 'img') props.loading = 'lazy';
  if (tag === 'a') Object.assign(props, { rel: 'noopener noreferrer', target: '_blank' });
  return props;
}

function toReact(node: Node, key: string, options: RichTextOptions): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const el = node as Element;
  const tag = el.tagName.toLowerCase();
  if (DROPPED.has(tag)) return null;
  const children = Array.from(el.childNodes, (child, i) => toReact(child, `${key}.${i}`, options));
  // Not on the list but harmless (div, span, font): its text stays, its tag and attributes go.
  if (!TAGS.has(tag)) return createElement(Fragment, { key }, ...children);
  const props = propsOf(el, tag as RichTextTag, options);
  if (!props) return null;
  return VOID.has(tag) ? createElement(tag, { key, ...props }) : createElement(tag, { key, ...props }, ...children);
}

/**
 * Stored rich text as React elements, without `dangerouslySetInnerHTML`: the
 * HTML is parsed into an inert document (nothing in it runs or loads) and
 * rebuilt through the contract's allow-list, so even a row that skipped the
 * server's sanitiser renders no script, handler, frame or foreign image.
 */
export function richTextNodes(html: string, options: RichTextOptions = {}): ReactNode[] {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return Array.from(doc.body.childNodes, (node, i) => toReact(node, String(i), options));
}

const DOM_NAMES: Record<string, string> = { colSpan: 'colspan', rowSpan: 'rowspan', className: 'class' };

function toDom(node: Node, doc: Document, options: RichTextOptions): Node | null {
  if (node.nodeType === Node.TEXT_NODE) return doc.createTextNode(node.textContent ?? '');
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const el = node as Element;
  const tag = el.tagName.toLowerCase();
  if (DROPPED.has(tag)) return null;
  const allowed = TAGS.has(tag);
  const props = allowed ? propsOf(el, tag as RichTextTag, options) : {};
  if (!props) return null;
  const out: Element | DocumentFragment = allowed ? doc.createElement(tag) : doc.createDocumentFragment();
  if (out instanceof Element) {
    for (const [name, value] of Object.entries(props)) {
      // The editor keeps site paths as stored (mediaUrl is for display only).
      out.setAttribute(DOM_NAMES[name] ?? name, name === 'src' ? (el.getAttribute('src') ?? '') : String(value));
    }
  }
  for (const child of Array.from(el.childNodes)) {
    const built = toDom(child, doc, options);
    if (built) out.appendChild(built);
  }
  return out;
}

/**
 * The same allow-list as DOM nodes of `doc`, for the admin editor: loading an
 * article or pasting from another page never puts foreign markup into the
 * live document.
 */
export function richTextFragment(html: string, doc: Document, options: RichTextOptions = {}): DocumentFragment {
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  const fragment = doc.createDocumentFragment();
  for (const node of Array.from(parsed.body.childNodes)) {
    const built = toDom(node, doc, options);
    if (built) fragment.appendChild(built);
  }
  return fragment;
}

export function RichText({ html, className, imageOrigins, testId }: { html: string; className?: string; imageOrigins?: readonly string[]; testId?: string }) {
  const nodes = useMemo(() => richTextNodes(html, { imageOrigins }), [html, imageOrigins]);
  return (
    <div className={className ? `rich-text ${className}` : 'rich-text'} data-testid={testId}>
      {nodes}
    </div>
  );
}
