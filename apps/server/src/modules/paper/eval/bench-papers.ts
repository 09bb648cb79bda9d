import fs from 'node:fs';
import path from 'node:path';
import { paperSearchQuerySchema } from '@xueba/contract';
import { loadEnv } from '../../../config/env.js';
import { createContext } from '../../../context.js';
import { buildApp } from '../../../app.js';
import { MemoryFileStorage } from '../../../providers/storage/storage.js';
import { parseCorpusFile } from '../import/formats.js';
import { tokenize } from '../../../platform/search/tokenize.js';
import type { ImportedPaper } from '../paper.types.js';
import { LocalPaperIndex } from '../local-index.js';

export interface LatencyRow {
  corpus: string;
  papers: number;
  queries: number;
  p50: number;
  p95: number;
  max: number;
  indexMb: number;
  indexTerms: number;
  indexPostings: number;
  indexBuildMs: number;
}

export interface PapersBench {
  importPapersPerSecond: number;
  importSeconds: number;
  importedPapers: number;
  latency: LatencyRow[];
  heapMb: number;
}

/** A small deterministic PRNG so every run uses the same query set. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Realistic queries: 2-4 word phrases cut from titles, and SciFact claims. */
function querySet(papers: ImportedPaper[], dataDir: string, n: number): string[] {
  const random = rng(42);
  const out: string[] = [];
  while (out.length < n / 2) {
    const words = papers[Math.floor(random() * papers.length)]!.title.split(/\s+/).filter((w) => w.length > 2);
    if (words.length < 2) continue;
    const len = 2 + Math.floor(random() * 3);
    const start = Math.floor(random() * Math.max(1, words.length - len));
    const phrase = words.slice(start, start + len).join(' ');
    // "with the" style phrases have no searchable words; the endpoint refuses them, so do not time them.
    if (tokenize(phrase).length > 0) out.push(phrase);
  }
  const claims = fs
    .readFileSync(path.join(dataDir, 'retrieval', 'scifact', 'queries.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => (JSON.parse(l) as { text: string }).text);
  while (out.length < n) out.push(claims[Math.floor(random() * claims.length)]!);
  return out;
}

/**
 * In-process benchmark through the same service the endpoint calls
 * (`papers.search`: tokenise, BM25F over the in-memory index, then the page's
 * rows from the database and snippets), on embedded PGlite: import speed, then
 * query latency on every paper of the shared data and on a 100,000-paper
 * corpus made by repeating them with altered ids.
 */
export async function benchPapers(dataDir: string, files: string[], target = 100_000, log: (line: string) => void = () => undefined): Promise<PapersBench> {
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_SECRET: 'bench-secret-0123456789', DATA_DIR: '/nonexistent-bench' });
  const owned = await createContext(env, { memory: true, storage: (urls) => new MemoryFileStorage(urls), log: () => undefined });
  const app = await buildApp(owned.ctx, { logger: false });
  const papers = app.services.papers;
  try {
    const corpus = files.flatMap((f) => parseCorpusFile(fs.readFileSync(f, 'utf8')).papers);
    const started = performance.now();
    const imported = await papers.importer.importPapers(corpus);
    const importSeconds = (performance.now() - started) / 1000;
    const importedPapers = imported.inserted + imported.updated;
    log(`imported ${importedPapers} papers in ${importSeconds.toFixed(1)} s`);
    const queries = querySet(corpus, dataDir, 400);

    const measure = async (label: string, buildMs: number): Promise<LatencyRow> => {
      for (const q of queries.slice(0, 50)) await papers.search(paperSearchQuerySchema.parse({ keyword: q }), 'en');
      const times: number[] = [];
      for (const q of queries) {
        const t0 = performance.now();
        await papers.search(paperSearchQuerySchema.parse({ keyword: q }), 'en');
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      const pct = (p: number) => Math.round(times[Math.min(times.length - 1, Math.floor(p * times.length))]! * 10) / 10;
      const stats = papers.index.stats();
      const row = { corpus: label, papers: papers.index.size, queries: times.length, p50: pct(0.5), p95: pct(0.95), max: pct(1), indexMb: Math.round(stats.bytes / 1e5) / 10, indexTerms: stats.terms, indexPostings: stats.postings, indexBuildMs: Math.round(buildMs) };
      log(`${label}: p50 ${row.p50} ms, p95 ${row.p95} ms, index ${row.indexMb} MB`);
      return row;
    };

    let t0 = performance.now();
    await papers.index.ready();
    const latency = [await measure('shared data', performance.now() - t0)];

    // Repeat the corpus with altered ids up to the target; the importer's bus hook updates the index incrementally.
    const copies: ImportedPaper[] = [];
    for (let k = 1; corpus.length + copies.length < target; k += 1) {
      for (const p of corpus) {
        if (copies.length + corpus.length >= target) break;
        copies.push({ ...p, source_id: `${p.source_id}#copy${k}`, doi: null, arxiv_id: null, references: [] });
      }
    }
    t0 = performance.now();
    await papers.importer.importPapers(copies);
    log(`imported ${copies.length} copies in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    // A fresh process builds the index from the table: measure that, not the incremental path.
    t0 = performance.now();
    await new LocalPaperIndex(papers.repo).ready();
    const coldBuild = performance.now() - t0;
    latency.push(await measure(`${Math.round(target / 1000)}k (repeated, altered ids)`, coldBuild));
    return { importPapersPerSecond: Math.round(importedPapers / importSeconds), importSeconds: Math.round(importSeconds * 10) / 10, importedPapers, latency, heapMb: Math.round(process.memoryUsage().heapUsed / 1e6) };
  } finally {
    await app.close();
    await owned.close();
  }
}
