import type { MindmapNode } from '@xueba/contract';
import { NodeBudget, invalidFile } from './limits.js';
import { asciiOnly, elements, escapeAttr, escapeText, firstElement, parseXml, textOf, type XmlElement } from './xml.js';

/**
 * FreeMind / Freeplane `.mm`: `<map><node TEXT LINK>`, notes as
 * `<richcontent TYPE="NOTE">` holding XHTML (FreeMind 0.9+, Freeplane) or the
 * older `<hook NAME="accessories/plugins/NodeNote.properties"><text>`.
 * Written with every non-ASCII character as a numeric reference, as FreeMind
 * itself writes: readers that guess the encoding still get CJK right. Both
 * forms are read.
 */
export function writeFreeMind(tree: MindmapNode): string {
  const out = ['<map version="1.0.1">', '<!-- To view this file, download free mind mapping software FreeMind from http://freemind.sourceforge.net -->'];
  writeNode(out, tree);
  out.push('</map>');
  return `${out.join('\n')}\n`;
}

const attr = (value: string) => asciiOnly(escapeAttr(value));

function writeNode(out: string[], node: MindmapNode): void {
  let attrs = `TEXT="${attr(node.topic)}"`;
  if (node.link) attrs += ` LINK="${attr(node.link)}"`;
  out.push(`<node ${attrs}>`);
  if (node.note) {
    // One paragraph per line: whitespace inside XHTML is formatting, so line breaks must be elements.
    const paragraphs = node.note.split('\n').map((line) => `<p>${asciiOnly(escapeText(line))}</p>`);
    out.push(`<richcontent TYPE="NOTE"><html><head></head><body>${paragraphs.join('')}</body></html></richcontent>`);
  }
  for (const child of node.children) writeNode(out, child);
  out.push('</node>');
}

export function readFreeMind(text: string): MindmapNode {
  let root: XmlElement;
  try {
    root = parseXml(text);
  } catch {
    throw invalidFile('mm');
  }
  const top = root.name === 'map' ? firstElement(root, 'node') : undefined;
  if (!top) throw invalidFile('mm');
  return readNode(top, 0, new NodeBudget());
}

function readNode(element: XmlElement, depth: number, budget: NodeBudget): MindmapNode {
  let topic = element.attrs.TEXT;
  let note: string | undefined;
  for (const rich of elements(element, 'richcontent')) {
    const type = rich.attrs.TYPE;
    if (type === 'NOTE') note = htmlText(rich);
    // Freeplane writes formatted topics as HTML in place of TEXT.
    else if (type === 'NODE' && topic === undefined) topic = htmlText(rich).replace(/\n+/g, ' ');
  }
  if (note === undefined) {
    const hook = elements(element, 'hook').find((h) => h.attrs.NAME === 'accessories/plugins/NodeNote.properties');
    const textElement = hook ? firstElement(hook, 'text') : undefined;
    if (textElement) note = textOf(textElement);
  }
  const node = budget.node({ topic: topic ?? '', note, link: element.attrs.LINK }, depth);
  for (const child of elements(element, 'node')) node.children.push(readNode(child, depth + 1, budget));
  return node;
}

const HTML_MAX_NESTING = 64;

/** Source lines of an XHTML paragraph as one line: whitespace around each line break becomes one space (split, not a backtracking pattern). */
function joinSourceLines(text: string): string {
  return text
    .split('\n')
    .map((piece) => (piece.trim() === '' ? '' : piece))
    .reduce((out, piece, i) => (i === 0 ? piece.trimEnd() : piece === '' ? out : `${out.trimEnd()} ${piece.trimStart()}`), '')
    .trim();
}
const BLOCKS = new Set(['p', 'div', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'tr', 'pre', 'blockquote']);

/**
 * The text of a rich-content XHTML fragment: block elements and `<br>` end
 * lines; whitespace that spans a line break is the file's indentation and
 * becomes one space, while spaces within a line are kept.
 */
function htmlText(element: XmlElement): string {
  const lines: string[] = [];
  let current = '';
  const flush = () => {
    lines.push(joinSourceLines(current));
    current = '';
  };
  const walk = (node: XmlElement | string, inBody: boolean, depth: number): void => {
    if (typeof node === 'string') {
      if (inBody) current += node;
      return;
    }
    // Real notes nest a few levels; past that, the text is kept without its structure (and the stack stays small).
    if (depth > HTML_MAX_NESTING) {
      current += textOf(node);
      return;
    }
    if (node.name === 'head') return;
    if (node.name === 'br') {
      flush();
      return;
    }
    const block = BLOCKS.has(node.name.toLowerCase());
    if (block && current.trim() !== '') flush();
    for (const child of node.children) walk(child, inBody || node.name === 'body', depth + 1);
    if (block) flush();
  };
  const html = firstElement(element, 'html');
  const body = html ? firstElement(html, 'body') : undefined;
  walk(body ?? element, body === undefined, 0);
  if (current.trim() !== '') flush();
  return lines.join('\n');
}
