import type { MindmapNode } from '@xueba/contract';

/**
 * A deterministic map of `count` nodes for tests and the export benchmark:
 * breadth first, five children a node, topics mixing Chinese, English and
 * Japanese, a note on every seventh node.
 */
export function bigTree(count: number): MindmapNode {
  const root: MindmapNode = { topic: '大型导图 Large map', children: [] };
  const queue = [root];
  let made = 1;
  while (made < count) {
    const parent = queue.shift()!;
    for (let i = 0; i < 5 && made < count; i += 1) {
      const child: MindmapNode = { topic: made % 3 === 0 ? `节点 ${made} 研究方法` : made % 3 === 1 ? `Node ${made} literature review` : `ノード ${made}`, children: [] };
      if (made % 7 === 0) child.note = `note ${made}`;
      parent.children.push(child);
      queue.push(child);
      made += 1;
    }
  }
  return root;
}
