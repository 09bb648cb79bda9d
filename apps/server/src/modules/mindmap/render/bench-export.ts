import { exportMap, importMap, MAP_FORMATS } from '../formats/index.js';
import { bigTree } from './big-tree.js';
import { IMAGE_FORMATS, renderMap } from './index.js';

export interface ExportTiming {
  format: string;
  exportMs: number;
  importMs: number | null;
  bytes: number;
}

const mean = (values: number[]) => Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 10) / 10;

async function timed(runs: number, run: () => unknown): Promise<number> {
  await run();
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return mean(times);
}

/**
 * Export (and import, for the tree formats) of a map of `nodes` nodes, mean
 * of a few runs after one warm-up. Run from the repository root:
 * `npx tsx -e "import('./apps/server/src/modules/mindmap/render/bench-export.ts').then((m) => m.benchMindmapExport())"`.
 */
export async function benchMindmapExport(nodes = 1000, log: (line: string) => void = (line) => process.stdout.write(`${line}\n`)): Promise<ExportTiming[]> {
  const tree = bigTree(nodes);
  const rows: ExportTiming[] = [];
  for (const format of IMAGE_FORMATS) {
    const { body } = await renderMap(tree, format);
    rows.push({ format, exportMs: await timed(3, () => renderMap(tree, format)), importMs: null, bytes: body.length });
  }
  for (const format of MAP_FORMATS) {
    const { body } = exportMap(tree, format);
    rows.push({ format, exportMs: await timed(10, () => exportMap(tree, format)), importMs: await timed(10, () => importMap(format, body)), bytes: body.length });
  }
  for (const row of rows) log(`${row.format}\texport ${row.exportMs} ms\timport ${row.importMs ?? '-'} ms\t${row.bytes} bytes`);
  return rows;
}
