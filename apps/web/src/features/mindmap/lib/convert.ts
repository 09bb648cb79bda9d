import type { MindmapNode } from '@xueba/contract';
import type { MindElixirData, NodeObj } from 'mind-elixir';

/**
 * The contract's tree and mind-elixir's node data, both ways. Titles, order,
 * notes and links cross unchanged; mind-elixir's own extras (styles, tags,
 * icons, arrows) are not part of the saved map and are not produced.
 */

/** Links the canvas may render as anchors: a `javascript:` link in a shared map must never run. */
export function safeLink(link: string | undefined): string | undefined {
  if (!link) return undefined;
  try {
    const url = new URL(link);
    return ['http:', 'https:', 'mailto:', 'ftp:'].includes(url.protocol) ? link : undefined;
  } catch {
    return undefined;
  }
}

export function toElixirNode(node: MindmapNode, nextId: () => string, collapseBelow?: number, depth = 0): NodeObj {
  const obj: NodeObj = { id: nextId(), topic: node.topic };
  if (node.note) obj.note = node.note;
  const link = safeLink(node.link);
  if (link) obj.hyperLink = link;
  if (node.children.length > 0) {
    obj.children = node.children.map((c) => toElixirNode(c, nextId, collapseBelow, depth + 1));
    if (collapseBelow !== undefined && depth + 1 >= collapseBelow) obj.expanded = false;
  }
  return obj;
}

export function toElixirData(tree: MindmapNode, direction: 0 | 1 | 2 | 3, options: { collapseBelow?: number } = {}): MindElixirData {
  let n = 0;
  const nextId = () => `n${(n++).toString(36)}`;
  return { nodeData: toElixirNode(tree, nextId, options.collapseBelow), direction };
}

export function fromElixirNode(obj: NodeObj): MindmapNode {
  const node: MindmapNode = { topic: obj.topic, children: (obj.children ?? []).map(fromElixirNode) };
  if (obj.note && obj.note.trim()) node.note = obj.note;
  if (obj.hyperLink && obj.hyperLink.trim()) node.link = obj.hyperLink.trim();
  return node;
}

function canonical(node: MindmapNode): unknown[] {
  return [node.topic, node.note?.trim() ? node.note : '', node.link?.trim() ? node.link.trim() : '', node.children.map(canonical)];
}

/**
 * One string per tree content, whatever the key order or empty fields of the
 * object it came from (the server's JSON, the canvas's data), so a map that
 * was only looked at is never saved again.
 */
export function treeKey(tree: MindmapNode): string {
  return JSON.stringify(canonical(tree));
}
