import fs from 'node:fs';
import path from 'node:path';
import { paperSearchQuerySchema } from '@xueba/contract';
import { loadEnv } from '../../../config/env.js';
import { createContext } from '../../../context.js';
import { buildApp } from '../../../app.js';
import { MemoryFileStorage } from '../../../providers/storage/storage.js';
import { ndcgAt, parseQrels, recallAt } from '../eval-metrics.js';

export interface EvalResult {
  split: string;
  queries: number;
  ndcg10: number;
  recall100: number;
  importSeconds: number;
  queryMsP50: number;
  queryMsP95: number;
}

/**
 * SciFact retrieval quality through the endpoint's own code path: the corpus
 * is imported with the importer into an in-memory app, and every query goes
 * through `papers.search` with the endpoint's parsed query (pages 1 and 2 of 50
 * make the top 100). A hit whose id equals the query id is dropped, as
 * Anserini's `-removeQuery` does for the published baselines.
 */
export async function evalSearch(dataDir: string, splits: string[]): Promise<EvalResult[]> {
  const dir = path.join(dataDir, 'retrieval', 'scifact');
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_SECRET: 'eval-secret-0123456789', DATA_DIR: '/nonexistent-eval' });
  const owned = await createContext(env, { memory: true, storage: (urls) => new MemoryFileStorage(urls), log: () => undefined });
  const app = await buildApp(owned.ctx, { logger: false });
  try {
    const started = performance.now();
    await app.services.papers.importer.importFiles([{ name: 'corpus.jsonl', text: fs.readFileSync(path.join(dir, 'corpus.jsonl'), 'utf8') }]);
    await app.services.papers.index.ready();
    const importSeconds = (performance.now() - started) / 1000;
    const queries = new Map(
      fs
        .readFileSync(path.join(dir, 'queries.jsonl'), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => {
          const q = JSON.parse(l) as { _id: string; text: string };
          return [q._id, q.text] as const;
        }),
    );
    const results: EvalResult[] = [];
    for (const split of splits) {
      // The test judgements may be held out of the data directory; report only what exists.
      if (!fs.existsSync(path.join(dir, 'qrels', `${split}.tsv`))) continue;
      const qrels = parseQrels(fs.readFileSync(path.join(dir, 'qrels', `${split}.tsv`), 'utf8'));
      let ndcg = 0;
      let recall = 0;
      const times: number[] = [];
      for (const [qid, relevant] of qrels) {
        const ranked: string[] = [];
        for (const page of [1, 2]) {
          const t0 = performance.now();
          const res = await app.services.papers.search(paperSearchQuerySchema.parse({ keyword: queries.get(qid) ?? '', page_no: page, page_size: 50 }), 'en');
          times.push(performance.now() - t0);
          ranked.push(...res.lists.map((i) => i.source_id));
        }
        const hits = ranked.filter((id) => id !== qid);
        ndcg += ndcgAt(hits, relevant, 10);
        recall += recallAt(hits, relevant, 100);
      }
      times.sort((a, b) => a - b);
      const pct = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? 0;
      results.push({ split, queries: qrels.size, ndcg10: ndcg / qrels.size, recall100: recall / qrels.size, importSeconds, queryMsP50: pct(0.5), queryMsP95: pct(0.95) });
    }
    return results;
  } finally {
    await app.close();
    await owned.close();
  }
}
