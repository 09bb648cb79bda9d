// `npm run eval:docs`: retrieval hit@5 of document Q&A on questions written over
// the real files of ../shared/data/documents (English and Chinese), each with
// the page that answers it. Runs the whole pipeline in-process: upload,
// processing job (parsing in a worker thread), passages, and the retrieval
// /doc/chat uses. Target: hit@5 >= 0.9.
// Needs the server build (npm run build -w @xueba/contract -w @xueba/server).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entry = path.join(root, 'apps/server/dist/modules/doc/eval/eval-docs.js');
if (!fs.existsSync(entry)) {
  console.error('Build the server first: npm run build -w @xueba/contract -w @xueba/server');
  process.exit(1);
}
const corpus = path.resolve(process.env.DOCS_DATA_DIR ?? path.join(root, '../shared/data/documents'));
const questions = JSON.parse(fs.readFileSync(path.join(root, 'apps/server/eval/doc-questions.json'), 'utf8'));
const { evalDocs } = await import(entry);
const started = Date.now();
const result = await evalDocs(corpus, questions);
for (const d of result.documents) console.log(`  ${d.file}: ${d.status}, ${d.pages} pages`);
for (const m of result.misses) console.log(`  MISS [${m.file} p.${m.page}] ${m.question}  (retrieved pages ${m.got.join(', ') || 'none'})`);
for (const [lang, r] of Object.entries(result.byLang)) console.log(`  ${lang}: ${r.hits}/${r.questions} = ${(r.hits / r.questions).toFixed(3)}`);
console.log(`Document retrieval hit@5: ${result.hits}/${result.questions} = ${result.hitAt5.toFixed(3)} (target >= 0.9; ${((Date.now() - started) / 1000).toFixed(1)} s including ingestion)`);
if (result.hitAt5 < 0.9) process.exitCode = 1;
