import { MINDMAP_MAX_DEPTH, type MindmapNode } from '@xueba/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countNodes, exportMap, importMap, MAP_FORMATS } from './index.js';

/**
 * Generated trees for the round-trip properties: texts mixing CJK, kana,
 * hangul, emoji (with modifiers and joiners), and every character that
 * Markdown or XML treat specially, in the normal form every reader returns
 * (topics trimmed and on one line, note lines without trailing spaces).
 */
const UNITS = [
  ...'abcXYZ019 ',
  ...'中文思维导图研究论文',
  ...'あアカ한국',
  '😀', '🧠', '👍🏽', '👩‍🔬', '🇨🇳',
  ...'&<>"\'#*-_[]()\\`!|~+=.:;/?%@{}^$,',
];

const text = (maxLength: number) => fc.string({ unit: fc.constantFrom(...UNITS), maxLength });

const topic = text(40).map((s) => s.trim());

// Note lines are trimmed at both ends: FreeMind's XHTML notes do not keep a line's leading spaces.
const note = fc
  .array(text(30).map((s) => s.trim()), { minLength: 1, maxLength: 4 })
  .map((lines) => lines.join('\n').replace(/^\n+|\n+$/g, ''))
  .filter((s) => s.trim() !== '');

const link = fc
  .string({ unit: fc.constantFrom(...'abcz0189-._~/?=&%()+,;:@!$*\''), minLength: 1, maxLength: 30 })
  .map((path) => `https://example.org/${path}`);

const fields = fc.record({ topic, note: fc.option(note, { nil: undefined }), link: fc.option(link, { nil: undefined }), parent: fc.nat() });

function node(f: { topic: string; note: string | undefined; link: string | undefined }): MindmapNode {
  const out: MindmapNode = { topic: f.topic, children: [] };
  if (f.note !== undefined) out.note = f.note;
  if (f.link !== undefined) out.link = f.link;
  return out;
}

/** A tree of `minNodes`..`maxNodes` nodes: each node hangs under a random earlier one (deep chains and wide fans both occur), never past the depth limit. */
function treeArbitrary(minNodes: number, maxNodes: number): fc.Arbitrary<MindmapNode> {
  return fc.array(fields, { minLength: minNodes, maxLength: maxNodes }).map((all) => {
    const nodes = all.map(node);
    const depth = [0];
    for (let i = 1; i < nodes.length; i += 1) {
      let parent = all[i]!.parent % i;
      if (depth[parent]! >= MINDMAP_MAX_DEPTH) parent = 0;
      nodes[parent]!.children.push(nodes[i]!);
      depth.push(depth[parent]! + 1);
    }
    return nodes[0]!;
  });
}

describe('round trip through every format keeps the tree', () => {
  for (const format of MAP_FORMATS) {
    it(`${format}: generated trees with CJK, emoji and characters that need escaping`, () => {
      fc.assert(
        fc.property(treeArbitrary(1, 40), (tree) => {
          expect(importMap(format, exportMap(tree, format).body)).toEqual(tree);
        }),
        { numRuns: 150 },
      );
    });

    it(`${format}: 1,000-node maps`, () => {
      fc.assert(
        fc.property(treeArbitrary(1000, 1000), (tree) => {
          expect(countNodes(tree)).toBe(1000);
          expect(importMap(format, exportMap(tree, format).body)).toEqual(tree);
        }),
        { numRuns: 3, endOnFailure: true },
      );
    });
  }
});
