import type { PaperWriteOutlineNode, PaperWriteOutlineSection } from '@xueba/contract';
import { isNewKey, type OutlineNode } from './outline-tree';

/** The stored outline as the editor holds it. */
export function fromSections(sections: readonly PaperWriteOutlineSection[]): OutlineNode[] {
  return sections.map((s) => ({ key: s.key, title: s.heading, brief: s.brief, children: fromSections(s.children) }));
}

/** The editor's tree as the save call takes it: sections made here go without a key (the server gives one). */
export function toNodes(nodes: readonly OutlineNode[]): PaperWriteOutlineNode[] {
  return nodes.map((n) => ({
    ...(isNewKey(n.key) ? {} : { key: n.key }),
    heading: n.title.trim(),
    ...(n.brief?.trim() ? { brief: n.brief.trim() } : {}),
    children: toNodes(n.children),
  }));
}
