// Paper search: import speed and query latency (p50/p95) in-process through the
// paper search service (the endpoint's code path, embedded PGlite), on all the
// papers of ../shared/data and on a 100,000-paper corpus made by repeating
// them with altered ids. Target: p95 <= 30 ms at 100,000.
import path from 'node:path';
import { table } from './lib.mjs';

export async function benchPapers(root, { target = Number(process.env.BENCH_PAPERS || 100_000) } = {}) {
  const dist = path.join(root, 'apps/server/dist/modules/paper');
  const { benchPapers: run } = await import(path.join(dist, 'eval/bench-papers.js'));
  const { allCorpusFiles, sharedDataDir } = await import(path.join(dist, 'shared-data.js'));
  const files = allCorpusFiles();
  if (files.length === 0) throw new Error(`no corpus files under ${sharedDataDir()} (set PAPERS_DATA_DIR)`);
  const result = await run(sharedDataDir(), files, target, (line) => console.log(`  ${line}`));
  console.log(`\nPaper import: ${result.importedPapers} papers in ${result.importSeconds} s = ${result.importPapersPerSecond} papers/s (PGlite in memory, batches of 500 per transaction)`);
  console.log(`\nPaper search latency (400 queries: title phrases + SciFact claims, page 1 of 10, after 50 warm-up queries; heap ${result.heapMb} MB)\n`);
  console.log(table(result.latency.map((r) => ({ ...r, goal: r.papers >= 100_000 ? 'p95 ≤ 30' : '' })), ['corpus', 'papers', 'queries', 'p50', 'p95', 'max', 'indexMb', 'indexTerms', 'indexPostings', 'indexBuildMs', 'goal']));
  return result;
}
