import { MINDMAP_MAX_DEPTH, MINDMAP_MAX_NODES, MINDMAP_NOTE_MAX, MINDMAP_TOPIC_MAX, type MindmapNode } from '@xueba/contract';
import { badRequest } from '../../../platform/errors.js';
import { NodeBudget, cleanNote } from './limits.js';
import { classifyLine, splitLines, type OutlineLine } from './markdown-lines.js';
import { readTopic } from './markdown-inline.js';

/**
 * Markdown outlines into trees: headings (`#`…), nested lists (`-`, `*`, `+`,
 * `1.`), or, when a text has neither, an indented plain-text outline (tabs or
 * any number of spaces). A node's note is a blockquote or a paragraph under it;
 * its link the first `[text](url)` of its line.
 *
 * Two modes. `strict` (a paste or an imported file) refuses what is over a
 * limit with the message naming it and keeps every line (prose before the
 * outline becomes the root's note). `lenient` (a model's answer, possibly cut
 * off mid-line) keeps what fits, counts what it had to leave out, and ignores
 * prose around the outline.
 */
export interface OutlineOptions {
  mode: 'strict' | 'lenient';
  /** Topic of the root made when the outline has several top-level items. */
  title?: string | undefined;
}

export interface OutlineResult {
  /** null when nothing in the text is an outline. */
  tree: MindmapNode | null;
  /** Nodes left out over the node or depth limit (lenient mode). */
  droppedNodes: number;
  /** Topics and notes cut at their length limit (lenient mode). */
  truncated: number;
  /** Non-blank lines not used: prose between or after the outline items (lenient mode). */
  ignoredLines: number;
  /** Non-blank lines before the first outline item, a model's usual introduction (lenient mode). */
  preambleLines: number;
}

interface RawNode {
  topic: string;
  link?: string | undefined;
  note: string[];
  /** A blank line was seen after this node's last note line: the next paragraph starts a new one. */
  noteBreak: boolean;
  children: RawNode[];
  /** Where this node sits among its siblings: heading level 1-6, or 10 + the column of a list item. */
  key: number;
  heading: boolean;
  /** Left out (lenient mode): its descendants follow it out. */
  dropped: boolean;
}

const rawNode = (text: string, key: number, heading: boolean): RawNode => ({
  ...readTopic(text),
  note: [],
  noteBreak: false,
  children: [],
  key,
  heading,
  dropped: false,
});

function addNoteLine(node: RawNode, text: string): void {
  if (node.noteBreak && node.note.length > 0) node.note.push('');
  node.noteBreak = false;
  node.note.push(text);
}

class OutlineBuilder {
  readonly top: RawNode[] = [];
  readonly preamble: string[] = [];
  private readonly stack: RawNode[] = [];
  private last: RawNode | null = null;
  private items = 0;
  droppedNodes = 0;
  ignoredLines = 0;
  preambleLines = 0;

  constructor(private readonly lenient: boolean) {}

  item(text: string, key: number, heading: boolean): void {
    while (this.stack.length > 0 && this.stack[this.stack.length - 1]!.key >= key) this.stack.pop();
    const parent = this.stack[this.stack.length - 1];
    const node = rawNode(text, key, heading);
    // Depth here counts from the top-level items; the root is one of them or sits above them.
    const tooDeep = this.stack.length > MINDMAP_MAX_DEPTH;
    const tooMany = this.items >= MINDMAP_MAX_NODES;
    if (!this.lenient && tooDeep) throw badRequest('mindmap_too_deep', { max: MINDMAP_MAX_DEPTH });
    if (!this.lenient && tooMany) throw badRequest('mindmap_too_many_nodes', { max: MINDMAP_MAX_NODES });
    if (tooDeep || tooMany || parent?.dropped) {
      node.dropped = true;
      this.droppedNodes += 1;
    } else {
      this.items += 1;
      (parent ? parent.children : this.top).push(node);
    }
    this.stack.push(node);
    this.last = node;
  }

  note(text: string, quoted: boolean, indent: number): void {
    const last = this.last;
    if (!last) {
      if (this.lenient) this.preambleLines += 1;
      else this.preamble.push(text);
      return;
    }
    // A model's closing remark sits at the margin after a list; text under a heading or indented under an item is the node's note.
    const underNode = quoted || last.heading || indent > last.key - 10;
    if (this.lenient && !underNode) {
      this.ignoredLines += 1;
      return;
    }
    if (last.dropped) return;
    addNoteLine(last, text);
  }

  blank(): void {
    if (this.last) this.last.noteBreak = true;
  }
}

function feed(builder: OutlineBuilder, lines: OutlineLine[], structured: boolean): void {
  for (const line of lines) {
    switch (line.kind) {
      case 'heading':
        builder.item(line.text, line.level, true);
        break;
      case 'item':
        builder.item(line.text, 10 + line.indent, false);
        break;
      case 'quote':
        builder.note(line.text, true, 0);
        break;
      case 'text':
        if (structured) builder.note(line.text, false, line.indent);
        else builder.item(line.text, 10 + line.indent, false);
        break;
      case 'blank':
        builder.blank();
        break;
      case 'skip':
        break;
    }
  }
}

interface Finish {
  budget: NodeBudget;
  lenient: boolean;
  truncated: number;
  dropped: number;
}

function clamp(text: string, max: number, finish: Finish): string {
  if (text.length <= max) return text;
  finish.truncated += 1;
  return text.slice(0, max);
}

function subtreeSize(raw: RawNode): number {
  let size = 0;
  const stack = [raw];
  while (stack.length > 0) {
    size += 1;
    stack.push(...stack.pop()!.children);
  }
  return size;
}

/** The raw node as a tree node at `depth`, through the limits; depth is bounded by the builder, so recursion is shallow. */
function toTree(raw: RawNode, depth: number, finish: Finish, extraNote: string[] = []): MindmapNode | null {
  const noteLines = extraNote.length > 0 && raw.note.length > 0 ? [...extraNote, '', ...raw.note] : [...extraNote, ...raw.note];
  let note = cleanNote(noteLines.join('\n'));
  let topic = raw.topic;
  if (finish.lenient) {
    if (depth > MINDMAP_MAX_DEPTH) {
      finish.dropped += subtreeSize(raw);
      return null;
    }
    topic = clamp(topic, MINDMAP_TOPIC_MAX, finish);
    if (note !== undefined) note = clamp(note, MINDMAP_NOTE_MAX, finish);
  }
  const node = finish.budget.node({ topic, note, link: raw.link }, depth);
  for (const child of raw.children) {
    const built = toTree(child, depth + 1, finish);
    if (built) node.children.push(built);
  }
  return node;
}

export function readOutline(text: string, options: OutlineOptions): OutlineResult {
  const lenient = options.mode === 'lenient';
  const lines = splitLines(text).map(classifyLine);
  const structured = lines.some((line) => line.kind === 'heading' || line.kind === 'item');
  const builder = new OutlineBuilder(lenient);
  // A model's answer with no heading or list item is prose, not an outline.
  if (structured || !lenient) feed(builder, lines, structured);
  const finish: Finish = { budget: new NodeBudget(), lenient, truncated: 0, dropped: builder.droppedNodes };
  const prose = lines.filter((line) => line.kind === 'text' || line.kind === 'quote').length;
  const ignoredLines = structured || !lenient ? builder.ignoredLines : prose;
  let tree: MindmapNode | null = null;
  if (builder.top.length === 1) {
    tree = toTree(builder.top[0]!, 0, finish, builder.preamble);
  } else if (builder.top.length > 1) {
    const root: RawNode = { ...rawNode('', 0, false), topic: options.title ?? '', note: builder.preamble };
    root.children = builder.top;
    tree = toTree(root, 0, finish);
  }
  return { tree, droppedNodes: finish.dropped, truncated: finish.truncated, ignoredLines, preambleLines: builder.preambleLines };
}
