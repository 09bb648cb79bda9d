import { SaxesParser } from 'saxes';

/**
 * A small element tree read by saxes, a strict (well-formedness checking)
 * XML parser that knows only the five predefined entities and numeric
 * character references: it never reads a DTD, so declared entities
 * (billion laughs) and external entities are refused as undefined, never
 * expanded or fetched.
 */
export interface XmlElement {
  /** The local name, without a namespace prefix: files write `xhtml:p` or `p` for the same thing. */
  name: string;
  attrs: Record<string, string>;
  children: (XmlElement | string)[];
}

/** The document's root element; throws on anything that is not well-formed XML. */
export function parseXml(text: string): XmlElement {
  const parser = new SaxesParser({ xmlns: false, position: false });
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  const addText = (value: string) => {
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(value);
  };
  parser.on('error', (error) => {
    throw error;
  });
  parser.on('opentag', (tag) => {
    const attrs: Record<string, string> = {};
    for (const [name, value] of Object.entries(tag.attributes)) attrs[localName(name)] = value;
    const element: XmlElement = { name: localName(tag.name), attrs, children: [] };
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(element);
    else root = element;
    stack.push(element);
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.write(text.replace(/^\uFEFF/, '')).close();
  if (!root) throw new Error('no root element');
  return root;
}

const localName = (name: string): string => name.slice(name.indexOf(':') + 1);

export const elements = (element: XmlElement, name?: string): XmlElement[] =>
  element.children.filter((c): c is XmlElement => typeof c !== 'string' && (name === undefined || c.name === name));

export const firstElement = (element: XmlElement, name: string): XmlElement | undefined => elements(element, name)[0];

/** All text inside an element, in document order. */
export function textOf(element: XmlElement): string {
  let out = '';
  const stack: (XmlElement | string)[] = [element];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (typeof item === 'string') out += item;
    else for (let i = item.children.length - 1; i >= 0; i -= 1) stack.push(item.children[i]!);
  }
  return out;
}

const TEXT_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
const ATTR_ESCAPES: Record<string, string> = { ...TEXT_ESCAPES, '"': '&quot;', "'": '&apos;', '\n': '&#10;', '\r': '&#13;', '\t': '&#9;' };

export const escapeText = (value: string): string => value.replace(/[&<>]/g, (c) => TEXT_ESCAPES[c]!);

/** Attribute values keep their newlines and tabs only as character references: a parser turns literal ones into spaces. */
export const escapeAttr = (value: string): string => value.replace(/[&<>"'\n\r\t]/g, (c) => ATTR_ESCAPES[c]!);

/** Every character outside ASCII as a numeric reference, for readers that guess a file's encoding (older FreeMind). */
export const asciiOnly = (value: string): string => value.replace(/[\u0080-\u{10ffff}]/gu, (c) => `&#${c.codePointAt(0)!};`);
