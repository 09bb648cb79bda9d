// `npm run eval:qr -- DIR [--budget MS] [--verbose]`: reads every PNG/JPEG under
// DIR (recursively) through the upload path of the QR decoder and prints, per
// top-level folder and in total, how many zxing-wasm alone, jsQR alone and the
// upload path read (and how many equal the expected text where the set has one:
// X.txt beside X.png, or output.json's `data`), with the upload path's time per
// image. A zbar baseline (zbar-0.23-baseline-results.json in DIR) is summed over
// the same images.
// `npm run eval:qr -- --hard N OUTDIR` first writes N seeded hard codes (art-like
// blends, dots, gradients, blur, noise, turns, JPEG) with their .txt, then reads them.
// Needs the server build (npm run build -w @xueba/contract -w @xueba/server).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/server/dist/modules/qrcode/decode');
if (!fs.existsSync(path.join(dist, 'evaluate.js'))) {
  console.error('Build the server first: npm run build -w @xueba/contract -w @xueba/server');
  process.exit(1);
}

const args = process.argv.slice(2);
const flag = (name) => {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const [value] = args.splice(i, 2).slice(1);
  return value;
};
const verbose = args.includes('--verbose');
if (verbose) args.splice(args.indexOf('--verbose'), 1);
const budget = flag('--budget');
const hard = flag('--hard');
const dir = args[0];
if (!dir) {
  console.error('Usage: npm run eval:qr -- DIR [--budget MS] [--verbose] | --hard N OUTDIR');
  process.exit(1);
}

if (hard) {
  const { hardCode } = await import(path.join(dist, 'hard-codes.js'));
  fs.mkdirSync(dir, { recursive: true });
  for (let seed = 1; seed <= Number(hard); seed++) {
    const code = await hardCode(seed);
    fs.writeFileSync(path.join(dir, `${code.name}.png`), code.png);
    fs.writeFileSync(path.join(dir, `${code.name}.txt`), code.text);
  }
  console.log(`wrote ${hard} hard codes to ${dir}`);
}

const { evaluate } = await import(path.join(dist, 'evaluate.js'));
const started = performance.now();
const groups = await evaluate(path.resolve(dir), {
  budgetMs: budget ? Number(budget) : undefined,
  onCase: verbose ? (line) => console.log(`  ${line}`) : undefined,
});
const seconds = (performance.now() - started) / 1000;

const pct = (n, of) => (of ? `${((100 * n) / of).toFixed(1)} %` : '-');
const cell = (t, g) => `${t.decoded}/${g.images}${g.withExpected ? ` (${t.correct}/${g.withExpected} exact)` : ''}`;
const sum = (key) => {
  const all = { decoded: 0, correct: 0 };
  for (const g of groups) {
    if (!g[key]) continue;
    all.decoded += g[key].decoded;
    all.correct += g[key].correct;
  }
  return all;
};
const total = {
  group: 'TOTAL',
  images: groups.reduce((n, g) => n + g.images, 0),
  withExpected: groups.reduce((n, g) => n + g.withExpected, 0),
  zxing: sum('zxing'),
  jsqr: sum('jsqr'),
  either: sum('either'),
  upload: sum('upload'),
  zbar: groups.some((g) => g.zbar) ? sum('zbar') : null,
  uploadMs: groups.flatMap((g) => g.uploadMs),
};
for (const g of [...groups, total]) {
  const ms = [...g.uploadMs].sort((a, b) => a - b);
  const mean = ms.reduce((a, b) => a + b, 0) / (ms.length || 1);
  const p95 = ms[Math.min(ms.length - 1, Math.floor(ms.length * 0.95))] ?? 0;
  console.log(`${g.group}: ${g.images} images`);
  console.log(`  zxing-wasm alone ${cell(g.zxing, g)} ${pct(g.zxing.decoded, g.images)}`);
  console.log(`  jsQR alone       ${cell(g.jsqr, g)} ${pct(g.jsqr.decoded, g.images)}`);
  console.log(`  either alone     ${cell(g.either, g)} ${pct(g.either.decoded, g.images)}`);
  console.log(`  upload path      ${cell(g.upload, g)} ${pct(g.upload.decoded, g.images)}  (mean ${mean.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms per image)`);
  if (g.zbar) console.log(`  zbar 0.23        ${cell(g.zbar, g)} ${pct(g.zbar.decoded, g.images)}`);
}
const best = Math.max(total.zxing.decoded, total.jsqr.decoded);
console.log(`upload path vs best single decoder: +${(((total.upload.decoded - best) / (total.images || 1)) * 100).toFixed(1)} points (${seconds.toFixed(1)} s in all)`);
