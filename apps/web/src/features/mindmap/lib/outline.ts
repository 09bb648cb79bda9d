import { MINDMAP_MAX_DEPTH, MINDMAP_TOPIC_MAX, type MindmapNode } from '@xueba/contract';

/**
 * A Markdown or indented outline read into a tree, in the browser: the preview
 * of a paste as it is typed and of a model's outline as it streams. The server
 * parses the same text again when it saves, and its tree is the one kept; this
 * reading only has to look right while the text arrives.
 *
 * Headings (`#`…`######`) nest by level; list items (`-`, `*`, `+`, `1.`)
 * nest by indentation below the last heading; with neither, every line is a
 * node nested by its indentation. Other text becomes the note of the node
 * above it. A node written as `[title](https://…)` keeps its link.
 */
export interface OutlineResult {
  tree: MindmapNode;
  /** Nodes in the tree, root included. */
  nodes: number;
  /** Lines that were cut because they nested deeper than the limit. */
  tooDeep: number;
}

const HEADING = /^(#{1,6})\s+(.*)$/;
const BULLET = /^([-*+]|\d{1,9}[.)])\s+(.*)$/;
const LINKED = /^\[([^\]]+)\]\((https?:\/\/[^\s)]+)\)$/;
const FENCE = /^\s*(```|~~~)/;

interface Line {
  kind: 'heading' | 'item' | 'text';
  /** Heading level, or indentation in columns. */
  level: number;
  text: string;
}

function indentOf(raw: string): number {
  let width = 0;
  for (const ch of raw) {
    if (ch === ' ') width += 1;
    else if (ch === '\t') width += 4;
    else break;
  }
  return width;
}

function readLines(text: string): Line[] {
  const out: Line[] = [];
  let fenced = false;
  for (const raw of text.split(/\r?\n/)) {
    if (FENCE.test(raw)) {
      fenced = !fenced;
      continue;
    }
    const trimmed = raw.trim();
    if (!trimmed || fenced) continue;
    const heading = HEADING.exec(trimmed);
    if (heading && indentOf(raw) < 4) {
      out.push({ kind: 'heading', level: heading[1]?.length ?? 1, text: heading[2] ?? '' });
      continue;
    }
    const bullet = BULLET.exec(trimmed);
    if (bullet) out.push({ kind: 'item', level: indentOf(raw), text: bullet[2] ?? '' });
    else out.push({ kind: 'text', level: indentOf(raw), text: trimmed });
  }
  return out;
}

/** Emphasis and code marks read as the plain words a node shows. */
function plain(text: string): string {
  return text
    .replace(/\*\*(.+?)\*\*|__(.+?)__/g, '$1$2')
    .replace(/`([^`]+)`/g, '$1')
    .replace(/\s+#+\s*$/, '')
    .trim()
    .slice(0, MINDMAP_TOPIC_MAX);
}

function makeNode(text: string): MindmapNode {
  const linked = LINKED.exec(text.trim());
  if (linked) return { topic: plain(linked[1] ?? ''), link: linked[2], children: [] };
  return { topic: plain(text), children: [] };
}

/**
 * Reads an outline. `complete: false` (text still streaming) leaves out the
 * last line when it has no line break yet, so a half-received word does not
 * flash as a node and then change.
 */
export function parseOutline(text: string, fallbackTitle: string, complete = true): OutlineResult {
  const body = complete ? text : text.slice(0, text.lastIndexOf('\n') + 1);
  const lines = readLines(body);
  const structured = lines.some((l) => l.kind !== 'text');
  // A paste of plain indented lines is an outline by indentation alone.
  const normalised: Line[] = structured ? lines : lines.map((l) => ({ ...l, kind: 'item' }));

  const firstHeading = normalised.find((l) => l.kind === 'heading');
  const topHeadings = normalised.filter((l) => l.kind === 'heading' && l.level === firstHeading?.level).length;
  // One top heading is the map's root; otherwise a root carries the title and everything hangs below it.
  const rootFromHeading = firstHeading !== undefined && topHeadings === 1 && normalised[0] === firstHeading;
  const root: MindmapNode = rootFromHeading ? makeNode(firstHeading.text) : { topic: fallbackTitle, children: [] };
  const baseHeading = rootFromHeading ? firstHeading.level : (firstHeading?.level ?? 1) - 1;

  // The path from the root to the last node, each with the depth it sits at.
  const stack: { node: MindmapNode; depth: number; indent: number }[] = [{ node: root, depth: 0, indent: -1 }];
  let headingDepth = 0;
  let nodes = 1;
  let tooDeep = 0;
  const items = rootFromHeading ? normalised.slice(1) : normalised;

  for (const line of items) {
    const top = stack[stack.length - 1];
    if (!top) break;
    if (line.kind === 'text') {
      top.node.note = top.node.note ? `${top.node.note}\n${line.text}` : line.text;
      continue;
    }
    let depth: number;
    if (line.kind === 'heading') {
      depth = Math.max(1, line.level - baseHeading);
      while (stack.length > 1 && (stack[stack.length - 1]?.depth ?? 0) >= depth) stack.pop();
      depth = (stack[stack.length - 1]?.depth ?? 0) + 1;
      headingDepth = depth;
    } else {
      // Items nest under the last heading by indentation: pop to the nearest shallower item.
      while (stack.length > 1) {
        const last = stack[stack.length - 1];
        if (!last || last.depth <= headingDepth || last.indent < line.level) break;
        stack.pop();
      }
      depth = (stack[stack.length - 1]?.depth ?? 0) + 1;
    }
    if (depth > MINDMAP_MAX_DEPTH) {
      tooDeep += 1;
      continue;
    }
    const parent = stack[stack.length - 1];
    if (!parent) break;
    const node = makeNode(line.text);
    if (!node.topic) continue;
    parent.node.children.push(node);
    nodes += 1;
    stack.push({ node, depth, indent: line.kind === 'heading' ? -1 : line.level });
  }
  return { tree: root, nodes, tooDeep };
}

export function countNodes(tree: MindmapNode): number {
  let n = 1;
  for (const child of tree.children) n += countNodes(child);
  return n;
}
