import {
  MINDMAP_LINK_MAX,
  MINDMAP_MAX_DEPTH,
  MINDMAP_MAX_NODES,
  MINDMAP_NOTE_MAX,
  MINDMAP_TOPIC_MAX,
  type MindmapNode,
} from '@xueba/contract';
import { badRequest, type AppError } from '../../../platform/errors.js';

/** The file formats a map is imported from and exported to as a tree (images are in `render/`). */
export const MAP_FORMATS = ['md', 'opml', 'mm', 'xmind'] as const;
export type MapFormat = (typeof MAP_FORMATS)[number];

/** The names users know the formats by; not translated (they are product names). */
export const FORMAT_NAMES: Record<MapFormat, string> = { md: 'Markdown', opml: 'OPML', mm: 'FreeMind', xmind: 'XMind' };

export const invalidFile = (format: MapFormat): AppError => badRequest('mindmap_file_invalid', { format: FORMAT_NAMES[format] });

/** The fields a parser found for one node, before the limits are applied. */
export interface NodeFields {
  topic: string;
  note?: string | undefined;
  link?: string | undefined;
}

/**
 * Counts nodes while a parser builds them, so a file holding a million nodes
 * is refused at the one past the limit instead of after building them all.
 */
export class NodeBudget {
  private count = 0;

  /** A node at `depth` (the root is 0) with its texts checked; throws the message naming the limit. */
  node(fields: NodeFields, depth: number): MindmapNode {
    if (depth > MINDMAP_MAX_DEPTH) throw badRequest('mindmap_too_deep', { max: MINDMAP_MAX_DEPTH });
    this.count += 1;
    if (this.count > MINDMAP_MAX_NODES) throw badRequest('mindmap_too_many_nodes', { max: MINDMAP_MAX_NODES });
    return checkedNode(fields);
  }

  get size(): number {
    return this.count;
  }
}

/** Control characters other than tab and newline cannot be stored or written to XML; they never carry meaning in a map. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffe\uffff]/g;

export const cleanText = (text: string): string => text.replace(/\r\n?/g, '\n').replace(CONTROL, '');

/**
 * Notes are compared and stored without trailing spaces on their lines or
 * blank lines around them: every format adds or drops those freely.
 */
export function cleanNote(note: string | undefined): string | undefined {
  if (note === undefined) return undefined;
  const lines = cleanText(note)
    .split('\n')
    .map((line) => line.trimEnd());
  // Blank lines around the note go; split and slice rather than a pattern, which backtracks on long runs of newlines.
  let first = 0;
  let last = lines.length;
  while (first < last && lines[first] === '') first += 1;
  while (last > first && lines[last - 1] === '') last -= 1;
  const text = lines.slice(first, last).join('\n');
  return text.trim() === '' ? undefined : text;
}

function checkedNode(fields: NodeFields): MindmapNode {
  const topic = cleanText(fields.topic).trim();
  const note = cleanNote(fields.note);
  // Imported links that are not web or mail addresses (a local file of a desktop
  // map, a javascript: URL) cannot work here and are left out.
  const link = safeLink(fields.link === undefined ? undefined : cleanText(fields.link));
  if (topic.length > MINDMAP_TOPIC_MAX) throw badRequest('mindmap_topic_too_long');
  if (note !== undefined && note.length > MINDMAP_NOTE_MAX) throw badRequest('mindmap_note_too_long');
  if (link !== undefined && link.length > MINDMAP_LINK_MAX) throw badRequest('mindmap_link_invalid');
  const node: MindmapNode = { topic, children: [] };
  if (note !== undefined) node.note = note;
  if (link) node.link = link;
  return node;
}

/**
 * Checks a whole tree against the limits (for trees built elsewhere, e.g. by
 * the editor): nodes, depth and text lengths. Iterative, so a tree deeper
 * than the call stack is refused rather than crashing.
 */
export function checkTree(tree: MindmapNode): void {
  const budget = new NodeBudget();
  const stack: { node: MindmapNode; depth: number }[] = [{ node: tree, depth: 0 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    budget.node(node, depth);
    if (node.link !== undefined && node.link !== '' && safeLink(node.link) === undefined) throw badRequest('mindmap_link_invalid');
    for (const child of node.children) stack.push({ node: child, depth: depth + 1 });
  }
}

/** Nodes in a tree, root included. */
export function countNodes(tree: MindmapNode): number {
  let count = 0;
  const stack = [tree];
  while (stack.length > 0) {
    const node = stack.pop()!;
    count += 1;
    stack.push(...node.children);
  }
  return count;
}

/** Links a map keeps: web and mail addresses. Anything else (javascript:, data:, file:) would run or open something on a click. */
export function safeLink(link: string | undefined): string | undefined {
  if (!link) return undefined;
  return /^(https?:\/\/|mailto:|ftp:\/\/)/i.test(link.trim()) ? link.trim() : undefined;
}
