/**
 * The outline as the editor holds it: a tree of sections, each with a stable
 * key (the server's id, or one made here for a new section) so React keeps
 * each row's input while the tree is reordered. Every operation returns a new
 * tree; nothing is mutated, so undo and "unsaved" checks can compare trees.
 */
export interface OutlineNode {
  key: string;
  title: string;
  /** What the section should say (the writer's, or the model's, brief). */
  brief?: string;
  children: OutlineNode[];
}

/** The deepest level the editor allows (1 = chapter, 2 = section, 3 = subsection). */
export const MAX_DEPTH = 3;

let counter = 0;
/** A key for a section made in the browser; unique within the page's life. */
export function newKey(): string {
  counter += 1;
  return `new-${Date.now().toString(36)}-${counter}`;
}

type Path = number[];

/** The path (indexes from the root list) of the node with this key, or null. */
export function findPath(nodes: OutlineNode[], key: string): Path | null {
  for (let i = 0; i < nodes.length; i += 1) {
    const node = nodes[i]!;
    if (node.key === key) return [i];
    const below = findPath(node.children, key);
    if (below) return [i, ...below];
  }
  return null;
}

/** Replaces the list at `parent` (the root list for []) with what `edit` makes of it. */
function editList(nodes: OutlineNode[], parent: Path, edit: (list: OutlineNode[]) => OutlineNode[]): OutlineNode[] {
  if (parent.length === 0) return edit(nodes);
  const [head, ...rest] = parent as [number, ...number[]];
  return nodes.map((node, i) => (i === head ? { ...node, children: editList(node.children, rest, edit) } : node));
}

function nodeAt(nodes: OutlineNode[], path: Path): OutlineNode | undefined {
  let list = nodes;
  let node: OutlineNode | undefined;
  for (const i of path) {
    node = list[i];
    if (!node) return undefined;
    list = node.children;
  }
  return node;
}

function height(node: OutlineNode): number {
  return 1 + Math.max(0, ...node.children.map(height));
}

export function rename(nodes: OutlineNode[], key: string, title: string): OutlineNode[] {
  const path = findPath(nodes, key);
  if (!path) return nodes;
  const index = path[path.length - 1]!;
  return editList(nodes, path.slice(0, -1), (list) => list.map((n, i) => (i === index ? { ...n, title } : n)));
}

export function remove(nodes: OutlineNode[], key: string): OutlineNode[] {
  const path = findPath(nodes, key);
  if (!path) return nodes;
  const index = path[path.length - 1]!;
  return editList(nodes, path.slice(0, -1), (list) => list.filter((_, i) => i !== index));
}

/** A new section right after `key` at the same level (or at the end of the root list when key is null). */
export function addAfter(nodes: OutlineNode[], key: string | null, node: OutlineNode): OutlineNode[] {
  const path = key === null ? null : findPath(nodes, key);
  if (!path) return [...nodes, node];
  const index = path[path.length - 1]!;
  return editList(nodes, path.slice(0, -1), (list) => [...list.slice(0, index + 1), node, ...list.slice(index + 1)]);
}

/** A new last child of `key`, unless that would go deeper than MAX_DEPTH. */
export function addChild(nodes: OutlineNode[], key: string, node: OutlineNode): OutlineNode[] {
  const path = findPath(nodes, key);
  if (!path || path.length >= MAX_DEPTH) return nodes;
  return editChildren(nodes, path, (children) => [...children, node]);
}

function editChildren(nodes: OutlineNode[], path: Path, edit: (children: OutlineNode[]) => OutlineNode[]): OutlineNode[] {
  const index = path[path.length - 1]!;
  return editList(nodes, path.slice(0, -1), (list) => list.map((n, i) => (i === index ? { ...n, children: edit(n.children) } : n)));
}

/** Swaps a section with its previous (-1) or next (+1) sibling; at either end nothing moves. */
export function move(nodes: OutlineNode[], key: string, by: -1 | 1): OutlineNode[] {
  const path = findPath(nodes, key);
  if (!path) return nodes;
  const index = path[path.length - 1]!;
  return editList(nodes, path.slice(0, -1), (list) => {
    const to = index + by;
    if (to < 0 || to >= list.length) return list;
    const next = [...list];
    [next[index], next[to]] = [next[to]!, next[index]!];
    return next;
  });
}

/** Makes a section the last child of its previous sibling (one level deeper), if depth allows. */
export function indent(nodes: OutlineNode[], key: string): OutlineNode[] {
  const path = findPath(nodes, key);
  if (!path) return nodes;
  const index = path[path.length - 1]!;
  if (index === 0) return nodes;
  const node = nodeAt(nodes, path)!;
  if (path.length + height(node) > MAX_DEPTH) return nodes;
  const parent = path.slice(0, -1);
  return editList(nodes, parent, (list) => {
    const previous = list[index - 1]!;
    const moved = { ...previous, children: [...previous.children, node] };
    return [...list.slice(0, index - 1), moved, ...list.slice(index + 1)];
  });
}

/** Moves a section out of its parent, right after it (one level up); top-level sections stay. */
export function outdent(nodes: OutlineNode[], key: string): OutlineNode[] {
  const path = findPath(nodes, key);
  if (!path || path.length < 2) return nodes;
  const node = nodeAt(nodes, path)!;
  const parentPath = path.slice(0, -1);
  const withoutNode = remove(nodes, key);
  const parentIndex = parentPath[parentPath.length - 1]!;
  return editList(withoutNode, parentPath.slice(0, -1), (list) => [...list.slice(0, parentIndex + 1), node, ...list.slice(parentIndex + 1)]);
}

/** Every node in reading order with its depth (1-based) and its number ("2.1"). */
export function flatten(nodes: OutlineNode[]): { node: OutlineNode; depth: number; number: string }[] {
  const out: { node: OutlineNode; depth: number; number: string }[] = [];
  const walk = (list: OutlineNode[], depth: number, prefix: string) =>
    list.forEach((node, i) => {
      const number = `${prefix}${i + 1}`;
      out.push({ node, depth, number });
      walk(node.children, depth + 1, `${number}.`);
    });
  walk(nodes, 1, '');
  return out;
}

/** Whether two trees hold the same titles and briefs in the same shape (keys ignored). */
export function sameOutline(a: OutlineNode[], b: OutlineNode[]): boolean {
  return a.length === b.length && a.every((n, i) => n.title === b[i]!.title && (n.brief ?? '') === (b[i]!.brief ?? '') && sameOutline(n.children, b[i]!.children));
}

/** Sets a section's brief. */
export function setBrief(nodes: OutlineNode[], key: string, brief: string): OutlineNode[] {
  const path = findPath(nodes, key);
  if (!path) return nodes;
  const index = path[path.length - 1]!;
  return editList(nodes, path.slice(0, -1), (list) => list.map((n, i) => (i === index ? { ...n, brief } : n)));
}

/** The first section (in reading order) whose heading is blank, or null. */
export function firstBlank(nodes: OutlineNode[]): OutlineNode | null {
  for (const node of nodes) {
    if (!node.title.trim()) return node;
    const below = firstBlank(node.children);
    if (below) return below;
  }
  return null;
}

/** Keys made in the browser: the server gives a section its key when it is first saved. */
export const isNewKey = (key: string): boolean => key.startsWith('new-');
