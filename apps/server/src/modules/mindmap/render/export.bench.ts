import { bench, describe } from 'vitest';
import { exportMap, importMap, MAP_FORMATS } from '../formats/index.js';
import { bigTree } from './big-tree.js';
import { IMAGE_FORMATS, renderMap } from './index.js';

/** Export (and, for the tree formats, import) of a 1,000-node map: `npx vitest bench --project server --run apps/server/src/modules/mindmap/render/export.bench.ts`. */
const tree = bigTree(1000);

describe('1,000-node map', () => {
  for (const format of IMAGE_FORMATS) {
    bench(`export ${format}`, async () => {
      await renderMap(tree, format);
    }, { iterations: 3, warmupIterations: 1 });
  }
  for (const format of MAP_FORMATS) {
    const file = exportMap(tree, format).body;
    bench(`export ${format}`, () => {
      exportMap(tree, format);
    }, { iterations: 10 });
    bench(`import ${format}`, () => {
      importMap(format, file);
    }, { iterations: 10 });
  }
});
