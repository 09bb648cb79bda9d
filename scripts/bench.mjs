// `npm run bench`: performance measured as ratios against baselines measured
// in the same run (machines here are noisy; absolute numbers drift).
// Usage: npm run bench [-- api|web|papers|chat|docs|drawing|qrcode|mindmap|plagiarism ...]   (default: all)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchApi } from './bench/api.mjs';
import { benchWeb } from './bench/web.mjs';
import { benchChat } from './bench/chat.mjs';
import { benchPapers } from './bench/papers.mjs';
import { benchDocs } from './bench/docs.mjs';
import { benchDrawing } from './bench/drawing.mjs';
import { benchQrcode } from './bench/qrcode.mjs';
import { benchMindmap } from './bench/mindmap.mjs';
import { benchPlagiarism } from './bench/plagiarism.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const wanted = process.argv.slice(2);
const run = (name) => wanted.length === 0 || wanted.includes(name);

if (!fs.existsSync(path.join(root, 'apps/server/dist/main.js')) || (run('web') && !fs.existsSync(path.join(root, 'apps/web/dist/index.html')))) {
  console.error('Build first: npm run build');
  process.exit(1);
}

const results = { date: new Date().toISOString(), node: process.version };
const postgresUrl = process.env.DATABASE_URL || process.env.BENCH_DATABASE_URL;
if (run('api')) results.api = await benchApi(root, { postgresUrl });
if (run('chat')) results.chat = await benchChat(root, { postgresUrl });
if (run('web')) results.web = await benchWeb(root, ['/', '/chat', '/academic_search', '/openvip', '/app', '/app/drawing', '/app/qrcode', '/app/mind_map', '/news', '/help', '/skill', '/paper/write', '/paper/check', '/uiec', '/openvip/index_copy', '/webview']);
if (run('papers')) results.papers = await benchPapers(root);
if (run('docs')) results.docs = await benchDocs(root);
if (run('drawing')) results.drawing = await benchDrawing(root, { postgresUrl });
if (run('qrcode')) results.qrcode = await benchQrcode(root);
if (run('mindmap')) results.mindmap = await benchMindmap(root);
if (run('plagiarism')) results.plagiarism = await benchPlagiarism(root);

fs.mkdirSync(path.join(root, 'bench-results'), { recursive: true });
fs.writeFileSync(path.join(root, 'bench-results', 'latest.json'), JSON.stringify(results, null, 2));
console.log('\nWrote bench-results/latest.json; copy the figures into docs/benchmarks.md.');
