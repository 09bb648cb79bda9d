// `npm run eval:plagiarism -- DIR [--out OUTDIR]`: the plagiarism engine on a
// corpus in PAN's text-alignment layout (DIR/pairs, susp/, src/, truth/);
// prints PAN's precision, recall, granularity and plagdet. With --out, one
// detections XML per pair, named like its truth file.
// Runs on the TypeScript sources through tsx (no build needed).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const engineDir = path.join(root, 'apps/server/src/modules/plagiarism/engine');
const { plagiarismEngine } = await import(path.join(engineDir, 'index.ts'));
const { evaluatePan } = await import(path.join(engineDir, 'eval/pan.ts'));

const args = process.argv.slice(2);
const flag = (name) => {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const [value] = args.splice(i, 2).slice(1);
  return value;
};
const out = flag('--out');
const dir = args[0];
if (!dir) {
  console.error('Usage: npm run eval:plagiarism -- DIR [--out OUTDIR]');
  process.exit(1);
}
const f = (v) => v.toFixed(4);
const run = evaluatePan(path.resolve(dir), plagiarismEngine, { outDir: out ? path.resolve(out) : undefined });
console.log(`${dir}: ${run.pairs} pairs, ${run.cases} cases, ${run.detections} detections, ${run.seconds.toFixed(1)} s`);
console.log(`  precision ${f(run.precision)}  recall ${f(run.recall)}  granularity ${f(run.granularity)}  plagdet ${f(run.plagdet)}`);
