import type { MindmapNode } from '@xueba/contract';
import { NodeBudget, invalidFile } from './limits.js';
import { elements, escapeAttr, escapeText, firstElement, parseXml, type XmlElement } from './xml.js';

/**
 * OPML 2.0: `<outline text>` elements, the note in `_note` (the attribute
 * OmniOutliner, Workflowy and Dynalist use), the link in `url` (type="link")
 * or `htmlUrl`.
 */
export function writeOpml(tree: MindmapNode, title?: string): string {
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<opml version="2.0">',
    `  <head><title>${escapeText(title ?? tree.topic)}</title></head>`,
    '  <body>',
  ];
  writeOutline(out, tree, 2);
  out.push('  </body>', '</opml>');
  return `${out.join('\n')}\n`;
}

function writeOutline(out: string[], node: MindmapNode, depth: number): void {
  let attrs = `text="${escapeAttr(node.topic)}"`;
  if (node.link) attrs += ` type="link" url="${escapeAttr(node.link)}"`;
  if (node.note) attrs += ` _note="${escapeAttr(node.note)}"`;
  const indent = '  '.repeat(depth);
  if (node.children.length === 0) {
    out.push(`${indent}<outline ${attrs}/>`);
    return;
  }
  out.push(`${indent}<outline ${attrs}>`);
  for (const child of node.children) writeOutline(out, child, depth + 1);
  out.push(`${indent}</outline>`);
}

export function readOpml(text: string): MindmapNode {
  let root: XmlElement;
  try {
    root = parseXml(text);
  } catch {
    throw invalidFile('opml');
  }
  const body = root.name === 'opml' ? firstElement(root, 'body') : undefined;
  if (!body) throw invalidFile('opml');
  const budget = new NodeBudget();
  const top = elements(body, 'outline');
  if (top.length === 0) throw invalidFile('opml');
  if (top.length === 1) return readNode(top[0]!, 0, budget);
  // Several top-level outlines hang under a root named after the document.
  const head = firstElement(root, 'head');
  const title = head ? firstElement(head, 'title') : undefined;
  const tree = budget.node({ topic: title ? title.children.filter((c) => typeof c === 'string').join('') : '' }, 0);
  for (const outline of top) tree.children.push(readNode(outline, 1, budget));
  return tree;
}

function readNode(element: XmlElement, depth: number, budget: NodeBudget): MindmapNode {
  const { attrs } = element;
  const node = budget.node({ topic: attrs.text ?? attrs.title ?? '', note: attrs._note ?? attrs.note, link: attrs.url ?? attrs.htmlUrl }, depth);
  for (const child of elements(element, 'outline')) node.children.push(readNode(child, depth + 1, budget));
  return node;
}
