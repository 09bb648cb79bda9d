// `npm run eval:ocr`: character error rate of OCR on scanned pages (English
// scan with expected text; Chinese pages rasterised with noise, a slight turn
// and JPEG compression), with pages per second. Target: CER <= 5 %.
// Needs the server build (npm run build -w @xueba/contract -w @xueba/server).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entry = path.join(root, 'apps/server/dist/modules/doc/eval/eval-ocr.js');
if (!fs.existsSync(entry)) {
  console.error('Build the server first: npm run build -w @xueba/contract -w @xueba/server');
  process.exit(1);
}
const corpus = path.resolve(process.env.DOCS_DATA_DIR ?? path.join(root, '../shared/data/documents'));
const { evalOcr } = await import(entry);
// `npm run eval:ocr -- columns`: only the two-column pages.
const cases = await evalOcr(corpus, process.argv.includes('columns') ? { only: 'columns' } : {});
let pages = 0;
let seconds = 0;
for (const c of cases) {
  pages += c.pages;
  seconds += c.seconds;
  console.log(`  ${c.name}: CER ${(c.cer * 100).toFixed(2)} % (${c.pages} pages, ${c.seconds.toFixed(1)} s)`);
}
const worst = Math.max(...cases.map((c) => c.cer));
console.log(`OCR CER: worst ${(worst * 100).toFixed(2)} % (target <= 5 %); ${(pages / seconds).toFixed(2)} pages/s`);
if (worst > 0.05) process.exitCode = 1;
