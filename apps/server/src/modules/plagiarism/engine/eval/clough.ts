import fs from 'node:fs';
import path from 'node:path';
import type { PlagiarismEngine } from '../types.js';
import { contentIndices, tokenize } from '../tokenize.js';

/**
 * The Clough–Stevenson corpus of plagiarised short answers: each answer
 * (`gXpY_taskZ.txt`) against its task's Wikipedia source (`orig_taskZ.txt`),
 * labelled cut, light, heavy or non. Whole-document labels, so the measure is
 * the AUC of a document score separating plagiarised answers from the others.
 */

// Windows-1252's 0x80–0x9F (Node's TextDecoder reads them as ISO-8859-1's C1 controls).
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

function decodeCp1252(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += b >= 0x80 && b <= 0x9f ? CP1252_HIGH[b - 0x80] : String.fromCharCode(b);
  return out;
}

/** Decodes a text file of unknown encoding: UTF-8 if valid, else Windows-1252 or Mac Roman, whichever reads as text. */
export function decodeText(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const candidates = [decodeCp1252(bytes), new TextDecoder('macintosh').decode(bytes)];
    // Mis-decoded bytes show up as C1 controls, accented letters standing alone,
    // or an accented capital right after a small letter ("ItÕs", "cafŽ").
    const oddities = (t: string) => (t.match(/[\u0080-\u009f]|(?<!\p{L})[\u00c0-\u024f](?!\p{L})|(?<=\p{Ll})(?=[^\p{ASCII}])\p{Lu}/gu) ?? []).length;
    text = oddities(candidates[1]!) < oddities(candidates[0]!) ? candidates[1]! : candidates[0]!;
  }
  // NEL and other Unicode line ends read as newlines; a byte-order mark is not text.
  return text.replace(/^\ufeff/, '').replace(/\r\n?|\u0085|\u2028|\u2029/g, '\n');
}

export interface CloughItem {
  file: string;
  task: string;
  category: 'cut' | 'light' | 'heavy' | 'non';
  text: string;
  source: string;
}

export function readClough(dir: string): CloughItem[] {
  const data = fs.existsSync(path.join(dir, 'data', 'file_information.csv')) ? path.join(dir, 'data') : dir;
  const rows = fs.readFileSync(path.join(data, 'file_information.csv'), 'utf8').trim().split(/\r?\n/).slice(1);
  const read = (file: string) => decodeText(fs.readFileSync(path.join(data, file)));
  const items: CloughItem[] = [];
  for (const row of rows) {
    const [file, task, category] = row.split(',').map((c) => c.trim()) as [string, string, string];
    if (category === 'orig') continue;
    items.push({ file, task, category: category as CloughItem['category'], text: read(file), source: read(`orig_task${task}.txt`) });
  }
  return items;
}

/** Share of the answer's content tokens inside passages aligned with the source. */
export function coverage(engine: PlagiarismEngine, text: string, source: string): number {
  const tokens = tokenize(text);
  const content = contentIndices(tokens);
  if (content.length === 0) return 0;
  const passages = engine.align(text, source);
  let inside = 0;
  for (const i of content) {
    const at = tokens.starts[i]!;
    if (passages.some((p) => at >= p.suspOffset && at < p.suspOffset + p.suspLength)) inside += 1;
  }
  return inside / content.length;
}

/** Share of the answer's content-word bigrams (in order) that occur in the source: evidence below the passage level. */
export function containment(text: string, source: string): number {
  const grams = (t: string) => {
    const tokens = tokenize(t);
    const content = contentIndices(tokens).map((i) => tokens.keys[i]!);
    const out: string[] = [];
    for (let i = 0; i + 1 < content.length; i += 1) out.push(`${content[i]} ${content[i + 1]}`);
    return out;
  };
  const mine = grams(text);
  if (mine.length === 0) return 0;
  const theirs = new Set(grams(source));
  return mine.filter((g) => theirs.has(g)).length / mine.length;
}

/** Area under the ROC curve: the chance a positive scores above a negative (ties count half). */
export function auc(scores: { score: number; positive: boolean }[]): number {
  const pos = scores.filter((s) => s.positive).map((s) => s.score);
  const neg = scores.filter((s) => !s.positive).map((s) => s.score);
  if (pos.length === 0 || neg.length === 0) return Number.NaN;
  let wins = 0;
  for (const p of pos) for (const n of neg) wins += p > n ? 1 : p === n ? 0.5 : 0;
  return wins / (pos.length * neg.length);
}

export interface CloughRun {
  answers: number;
  /** The document score: aligned coverage, with the bigram containment breaking ties below a passage. */
  auc: number;
  aucCoverage: number;
  aucContainment: number;
  /** AUC of each category against `non`. */
  byCategory: Record<'cut' | 'light' | 'heavy', number>;
  meanScore: Record<CloughItem['category'], number>;
}

export function evaluateClough(dir: string, engine: PlagiarismEngine): CloughRun {
  const items = readClough(dir).map((item) => {
    const cov = coverage(engine, item.text, item.source);
    const con = containment(item.text, item.source);
    return { ...item, cov, con, score: cov + con / 100 };
  });
  const rank = (key: 'cov' | 'con' | 'score', keep: (c: CloughItem['category']) => boolean = () => true) =>
    auc(items.filter((i) => keep(i.category)).map((i) => ({ score: i[key], positive: i.category !== 'non' })));
  const mean = (c: CloughItem['category']) => {
    const list = items.filter((i) => i.category === c);
    return list.reduce((a, i) => a + i.score, 0) / Math.max(1, list.length);
  };
  return {
    answers: items.length,
    auc: rank('score'),
    aucCoverage: rank('cov'),
    aucContainment: rank('con'),
    byCategory: { cut: rank('score', (c) => c === 'cut' || c === 'non'), light: rank('score', (c) => c === 'light' || c === 'non'), heavy: rank('score', (c) => c === 'heavy' || c === 'non') },
    meanScore: { cut: mean('cut'), light: mean('light'), heavy: mean('heavy'), non: mean('non') },
  };
}
