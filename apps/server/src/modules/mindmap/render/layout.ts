import type { MindmapNode } from '@xueba/contract';
import { wrapText } from './measure.js';
import { BRANCH_COLORS, H_GAP, LINE_HEIGHT, MARGIN, V_GAP, levelStyle, type LevelStyle } from './theme.js';

/** Where the main branches go: both sides of the root (a mind map), or all to its right (a logical tree). */
export type MapLayoutKind = 'both' | 'right';

export interface PlacedNode {
  node: MindmapNode;
  depth: number;
  /** Top-left corner and size of the node's box, in the picture's units (CSS pixels, PDF points). */
  x: number;
  y: number;
  width: number;
  height: number;
  lines: string[];
  style: LevelStyle;
  /** 1 to the root's right, -1 to its left, 0 for the root. */
  side: 1 | -1 | 0;
  /** The main branch's colour (the root's own is unused). */
  color: string;
  parent: PlacedNode | null;
}

export interface MapLayout {
  width: number;
  height: number;
  /** Parents before their children, siblings in order. */
  nodes: PlacedNode[];
}

/** A small mark beside the topic says the node has a note. */
export const NOTE_MARK = 14;

interface Sized {
  node: MindmapNode;
  depth: number;
  width: number;
  height: number;
  lines: string[];
  style: LevelStyle;
  children: Sized[];
  /** Height of the node's whole subtree, its children stacked with gaps. */
  span: number;
}

function size(node: MindmapNode, depth: number): Sized {
  const style = levelStyle(depth);
  const { lines, width } = wrapText(node.topic, style);
  const lineHeight = style.fontSize * LINE_HEIGHT;
  const children = node.children.map((child) => size(child, depth + 1));
  const own = {
    width: Math.ceil(Math.max(width, style.fontSize * 2) + style.padX * 2 + (node.note ? NOTE_MARK : 0)),
    height: Math.ceil(lines.length * lineHeight + style.padY * 2),
  };
  const stacked = children.reduce((sum, c) => sum + c.span, 0) + V_GAP * Math.max(0, children.length - 1);
  return { node, depth, lines, style, children, ...own, span: Math.max(own.height, stacked) };
}

/** Main branches in order, the first ones to the right until they hold about half the height, as XMind and mind-elixir split them. */
function splitSides(children: Sized[], kind: MapLayoutKind): { right: Sized[]; left: Sized[] } {
  if (kind === 'right' || children.length < 2) return { right: children, left: [] };
  const total = children.reduce((sum, c) => sum + c.span, 0);
  let held = 0;
  let cut = 0;
  while (cut < children.length - 1 && held + children[cut]!.span / 2 < total / 2) {
    held += children[cut]!.span;
    cut += 1;
  }
  return { right: children.slice(0, Math.max(1, cut)), left: children.slice(Math.max(1, cut)) };
}

/**
 * The tree laid out as a mind map: the root in the middle, each subtree a
 * column block centred on its parent, links leaving the parent's outer edge.
 * Sizes come from measured text, so CJK and Latin topics get boxes that fit.
 */
export function layoutMap(tree: MindmapNode, kind: MapLayoutKind = 'both'): MapLayout {
  const root = size(tree, 0);
  const nodes: PlacedNode[] = [];
  const rootPlaced: PlacedNode = { node: tree, depth: 0, x: -root.width / 2, y: -root.height / 2, width: root.width, height: root.height, lines: root.lines, style: root.style, side: 0, color: BRANCH_COLORS[0]!, parent: null };
  nodes.push(rootPlaced);

  const place = (group: Sized[], parent: PlacedNode, side: 1 | -1, centerY: number, branch: number | null) => {
    const total = group.reduce((sum, c) => sum + c.span, 0) + V_GAP * Math.max(0, group.length - 1);
    let top = centerY - total / 2;
    const edge = side === 1 ? parent.x + parent.width + H_GAP : parent.x - H_GAP;
    group.forEach((child, i) => {
      const color = branch === null ? BRANCH_COLORS[(i + (side === 1 ? 0 : rightCount)) % BRANCH_COLORS.length]! : parent.color;
      const mid = top + child.span / 2;
      const placed: PlacedNode = {
        node: child.node,
        depth: child.depth,
        x: side === 1 ? edge : edge - child.width,
        y: mid - child.height / 2,
        width: child.width,
        height: child.height,
        lines: child.lines,
        style: child.style,
        side,
        color,
        parent,
      };
      nodes.push(placed);
      place(child.children, placed, side, mid, 0);
      top += child.span + V_GAP;
    });
  };
  const { right, left } = splitSides(root.children, kind);
  const rightCount = right.length;
  place(right, rootPlaced, 1, 0, null);
  place(left, rootPlaced, -1, 0, null);

  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const n of nodes) {
    minX = Math.min(minX, n.x);
    minY = Math.min(minY, n.y);
    maxX = Math.max(maxX, n.x + n.width);
    maxY = Math.max(maxY, n.y + n.height);
  }
  for (const n of nodes) {
    n.x += MARGIN - minX;
    n.y += MARGIN - minY;
  }
  return { width: Math.ceil(maxX - minX + MARGIN * 2), height: Math.ceil(maxY - minY + MARGIN * 2), nodes };
}

/** The curve from a parent's outer edge to a child's inner edge: a cubic Bézier with horizontal tangents at both ends. */
export function linkCurve(child: PlacedNode): { x1: number; y1: number; c1x: number; c2x: number; x2: number; y2: number } | null {
  const parent = child.parent;
  if (!parent) return null;
  const x1 = child.side === 1 ? parent.x + parent.width : parent.x;
  const x2 = child.side === 1 ? child.x : child.x + child.width;
  const y1 = parent.y + parent.height / 2;
  const y2 = child.y + child.height / 2;
  const bend = (x2 - x1) / 2;
  return { x1, y1, c1x: x1 + bend, c2x: x2 - bend, x2, y2 };
}

/** Baseline of a node's line `i`: lines centred in their line box, the glyphs' visual middle on the box's middle. */
export function baseline(n: PlacedNode, i: number): number {
  const lineHeight = n.style.fontSize * LINE_HEIGHT;
  return n.y + n.style.padY + i * lineHeight + lineHeight / 2 + n.style.fontSize * 0.35;
}
