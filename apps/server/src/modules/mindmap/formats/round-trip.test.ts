import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countNodes, exportMap, importMap, MAP_FORMATS } from './index.js';
import { treeArbitrary } from './test-trees.js';

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
