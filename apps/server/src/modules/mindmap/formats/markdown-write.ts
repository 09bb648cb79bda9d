import type { MindmapNode } from '@xueba/contract';
import { writeTopic } from './markdown-inline.js';

/**
 * A tree as Markdown that the outline reader (and markmap, Obsidian, Typora)
 * reads back as the same tree: the root as a `#` heading, every other node as
 * a nested `-` list item two spaces deeper than its parent, notes as
 * blockquotes under their node, links as `[topic](url)`. Lists rather than
 * deeper headings because headings stop at six levels.
 */
export function writeMarkdown(tree: MindmapNode): string {
  const out: string[] = [`# ${writeTopic(tree.topic, tree.link)}`.trimEnd()];
  writeNote(out, tree.note, '');
  if (tree.children.length > 0) out.push('');
  const stack: { node: MindmapNode; depth: number }[] = tree.children.map((node) => ({ node, depth: 0 })).reverse();
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    const indent = '  '.repeat(depth);
    out.push(`${indent}- ${writeTopic(node.topic, node.link)}`.trimEnd());
    writeNote(out, node.note, `${indent}  `);
    for (let i = node.children.length - 1; i >= 0; i -= 1) stack.push({ node: node.children[i]!, depth: depth + 1 });
  }
  return `${out.join('\n')}\n`;
}

function writeNote(out: string[], note: string | undefined, indent: string): void {
  if (!note) return;
  for (const line of note.split('\n')) out.push(line === '' ? `${indent}>` : `${indent}> ${line}`);
}
