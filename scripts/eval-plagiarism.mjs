// Evaluation of the plagiarism engine (apps/server/src/modules/plagiarism/engine),
// run on the TypeScript sources through tsx (no build needed).
//
//   npm run eval:plagiarism -- DIR [--out OUTDIR]
//       A corpus in PAN's text-alignment layout (DIR/pairs, susp/, src/, truth/):
//       prints PAN's precision, recall, granularity and plagdet (macro, on
//       characters). With --out, one detections XML per pair, named like its
//       truth file, offsets in characters (code points).
//   npm run eval:plagiarism -- --clough DIR
//       The Clough–Stevenson short answers (mixed encodings, detected): AUC of
//       the document score separating cut/light/heavy from non.
//   npm run eval:plagiarism -- --obfuscate FROM_DIR OUTDIR [--rate 0.3] [--seed 7]
//       Writes an obfuscated copy of a PAN corpus (every passage's source span
//       with words shuffled, dropped, inserted, replaced), then evaluates it.
//   npm run eval:plagiarism -- --chinese OUTDIR [--data DATA_DIR] [--seed 11]
//       Writes the Chinese set (copied, reordered, partly rewritten passages of
//       the Chinese Debian manuals in DATA_DIR/documents/txt), then evaluates it.
import fs from 'node:fs';
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
const usage = () => {
  console.error('Usage: npm run eval:plagiarism -- DIR [--out OUTDIR] | --clough DIR | --obfuscate FROM_DIR OUTDIR [--rate R] [--seed S] | --chinese OUTDIR [--data DATA_DIR] [--seed S]');
  process.exit(1);
};
const f = (v) => v.toFixed(4);

function reportPan(dir, out) {
  const run = evaluatePan(path.resolve(dir), plagiarismEngine, { outDir: out ? path.resolve(out) : undefined });
  console.log(`${dir}: ${run.pairs} pairs, ${run.cases} cases, ${run.detections} detections, ${run.seconds.toFixed(1)} s`);
  console.log(`  precision ${f(run.precision)}  recall ${f(run.recall)}  granularity ${f(run.granularity)}  plagdet ${f(run.plagdet)}`);
  if (out) console.log(`  detections written to ${out}`);
}

const clough = flag('--clough');
const obfuscateFrom = flag('--obfuscate');
const chinese = flag('--chinese');
const out = flag('--out');
const rate = Number(flag('--rate') ?? 0.3);
const seed = Number(flag('--seed') ?? (chinese ? 11 : 7));
// The shared data sit beside the repository (../shared/data), or beside its parent for a worktree.
const data = flag('--data') ?? [path.join(root, '../shared/data'), path.join(root, '../../shared/data')].find((d) => fs.existsSync(d)) ?? path.join(root, '../shared/data');

if (clough) {
  const { evaluateClough } = await import(path.join(engineDir, 'eval/clough.ts'));
  const run = evaluateClough(path.resolve(clough), plagiarismEngine);
  console.log(`${clough}: ${run.answers} answers`);
  console.log(`  AUC (cut/light/heavy vs non) ${f(run.auc)}  (aligned coverage alone ${f(run.aucCoverage)}, bigram containment alone ${f(run.aucContainment)})`);
  console.log(`  AUC against non: cut ${f(run.byCategory.cut)}  light ${f(run.byCategory.light)}  heavy ${f(run.byCategory.heavy)}`);
  console.log(`  mean score: cut ${f(run.meanScore.cut)}  light ${f(run.meanScore.light)}  heavy ${f(run.meanScore.heavy)}  non ${f(run.meanScore.non)}`);
} else if (obfuscateFrom) {
  const to = args[0] ?? usage();
  const { writeObfuscatedCorpus } = await import(path.join(engineDir, 'eval/obfuscate.ts'));
  const made = writeObfuscatedCorpus(path.resolve(obfuscateFrom), path.resolve(to), { rate, seed });
  console.log(`wrote ${made.pairs} pairs (${made.cases} obfuscated cases, rate ${rate}, seed ${seed}) to ${to}`);
  reportPan(to, out);
} else if (chinese) {
  const { writeChineseCorpus } = await import(path.join(engineDir, 'eval/chinese.ts'));
  const txt = path.join(path.resolve(data), 'documents/txt');
  const reference = fs.readFileSync(path.join(txt, 'debian-reference.zh-cn.txt'), 'utf8');
  const half = reference.indexOf('\n', reference.length >> 1);
  const made = writeChineseCorpus(path.resolve(chinese), {
    sourceText: `${fs.readFileSync(path.join(txt, 'maint-guide.zh-cn.txt'), 'utf8')}\n${reference.slice(half)}`,
    hostText: reference.slice(0, half),
    seed,
    pairs: 200,
  });
  console.log(`wrote ${made.pairs} pairs (${made.cases} cases, seed ${seed}) to ${chinese}`);
  reportPan(chinese, out);
} else {
  const dir = args[0] ?? usage();
  reportPan(dir, out);
}
