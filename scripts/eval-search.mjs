// `npm run eval:search [-- --test]`: nDCG@10 and recall@100 on BEIR SciFact through the
// paper search service (the endpoint's code path), on the TRAIN judgements.
// `--test` also reports the test split: the final figure only, never tune on it.
// Needs the server build (npm run build -w @xueba/contract -w @xueba/server).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entry = path.join(root, 'apps/server/dist/modules/paper/eval/eval-search.js');
if (!fs.existsSync(entry)) {
  console.error('Build the server first: npm run build -w @xueba/contract -w @xueba/server');
  process.exit(1);
}
const dataDir = path.resolve(process.env.PAPERS_DATA_DIR ?? path.join(root, '../shared/data'));
if (!fs.existsSync(path.join(dataDir, 'retrieval/scifact/corpus.jsonl'))) {
  console.error(`SciFact not found under ${dataDir} (set PAPERS_DATA_DIR)`);
  process.exit(1);
}
const splits = process.argv.includes('--test') ? ['train', 'test'] : ['train'];
const { evalSearch } = await import(entry);
const results = await evalSearch(dataDir, splits);
for (const split of splits) {
  if (!results.some((r) => r.split === split)) console.log(`SciFact ${split} split: qrels/${split}.tsv is not in ${dataDir}/retrieval/scifact (held out); not evaluated.`);
}
for (const r of results) {
  const label = r.split === 'test' ? 'TEST split (final figure, not tuned on)' : 'train split (tuning)';
  console.log(`SciFact ${label}: ${r.queries} queries  nDCG@10 ${r.ndcg10.toFixed(4)}  recall@100 ${r.recall100.toFixed(4)}  (query p50 ${r.queryMsP50.toFixed(1)} ms, p95 ${r.queryMsP95.toFixed(1)} ms per page)`);
}
console.log('Published BM25 baseline (Anserini flat, test split): nDCG@10 0.6789, recall@100 0.9253');
