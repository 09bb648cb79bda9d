import fs from 'node:fs';
import path from 'node:path';
import { rgbaAt } from './raster.js';
import { readJsqr, readsAs, readZxing, ZXING_PLAIN } from './readers.js';
import { decodeUpload } from './upload.js';

/**
 * `npm run eval:qr -- DIR`: every PNG/JPEG under DIR read three ways - zxing-wasm
 * alone and jsQR alone (each as the library reads the original picture), and
 * the upload path - with the expected text when the set records one
 * (X.txt beside X.png as in zxing-cpp's samples; output.json's `data` as in
 * jsQR's end-to-end cases). A zbar baseline file in DIR is summed over the
 * same images for comparison.
 */

export interface Tally {
  decoded: number;
  correct: number;
}

export interface GroupResult {
  group: string;
  images: number;
  withExpected: number;
  zxing: Tally;
  jsqr: Tally;
  upload: Tally;
  /** Either single decoder: what the better of the two alone would give if both ran. */
  either: Tally;
  zbar: Tally | null;
  uploadMs: number[];
}

interface Case {
  file: string;
  rel: string;
  expected: string | null;
}

const PICTURE = /\.(png|jpe?g)$/i;

function expectedFor(file: string): string | null {
  const txt = file.replace(PICTURE, '.txt');
  if (fs.existsSync(txt)) return fs.readFileSync(txt, 'utf8');
  const json = path.join(path.dirname(file), 'output.json');
  if (fs.existsSync(json)) {
    try {
      const parsed = JSON.parse(fs.readFileSync(json, 'utf8')) as { data?: unknown; binaryData?: unknown } | null;
      if (!parsed || typeof parsed.data !== 'string') return null;
      // jsQR gives '' for byte content that is not UTF-8 (Shift_JIS, binary): its text is then no reference.
      const bytes = Array.isArray(parsed.binaryData) ? parsed.binaryData.length : 0;
      return parsed.data === '' && bytes > 0 ? null : parsed.data;
    } catch {
      return null;
    }
  }
  return null;
}

export function findCases(dir: string): Case[] {
  const out: Case[] = [];
  const walk = (at: string) => {
    for (const entry of fs.readdirSync(at, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (PICTURE.test(entry.name)) out.push({ file: full, rel: path.relative(dir, full).split(path.sep).join('/'), expected: expectedFor(full) });
    }
  };
  walk(dir);
  return out;
}

interface ZbarEntry {
  zbar_decoded?: boolean;
  zbar_text?: string | null;
  matches_expected?: boolean;
}

function zbarBaseline(dir: string): Record<string, ZbarEntry> | null {
  const file = path.join(dir, 'zbar-0.23-baseline-results.json');
  if (!fs.existsSync(file)) return null;
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, ZbarEntry>;
}

function groupOf(rel: string): string {
  const parts = rel.split('/');
  return parts.length > 1 ? (parts[0] as string) : '.';
}

function emptyGroup(group: string, withZbar: boolean): GroupResult {
  const t = () => ({ decoded: 0, correct: 0 });
  return { group, images: 0, withExpected: 0, zxing: t(), jsqr: t(), upload: t(), either: t(), zbar: withZbar ? t() : null, uploadMs: [] };
}

function count(tally: Tally, decoded: boolean, correct: boolean): void {
  if (decoded) tally.decoded++;
  if (correct) tally.correct++;
}

export async function evaluate(dir: string, options: { budgetMs?: number; onCase?: (line: string) => void } = {}): Promise<GroupResult[]> {
  const zbar = zbarBaseline(dir);
  const groups = new Map<string, GroupResult>();
  for (const c of findCases(dir)) {
    const name = groupOf(c.rel);
    let g = groups.get(name);
    if (!g) {
      g = emptyGroup(name, zbar !== null);
      groups.set(name, g);
    }
    const data = fs.readFileSync(c.file);
    const pixels = await rgbaAt(data);
    const z = pixels ? await readZxing(pixels, ZXING_PLAIN) : null;
    const j = pixels ? readJsqr(pixels, true) : null;
    const t0 = performance.now();
    const u = await decodeUpload(data, { budgetMs: options.budgetMs });
    g.uploadMs.push(performance.now() - t0);
    const exp = c.expected;
    g.images++;
    if (exp !== null) g.withExpected++;
    const zOk = exp !== null && readsAs(z, exp);
    const jOk = exp !== null && readsAs(j, exp);
    count(g.zxing, z !== null, zOk);
    count(g.jsqr, j !== null, jOk);
    count(g.either, z !== null || j !== null, zOk || jOk);
    count(g.upload, u !== null, exp !== null && u !== null && u.text === exp);
    const base = zbar?.[c.rel];
    if (g.zbar && base) count(g.zbar, base.zbar_decoded === true, exp !== null && (base.matches_expected === true || base.zbar_text === exp));
    options.onCase?.(`${c.rel}: zxing ${z ? 'read' : '-'}, jsQR ${j ? 'read' : '-'}, upload ${u ? `${u.decoder}/${u.variant}` : '-'}${exp !== null && u && u.text !== exp ? ' (other text)' : ''}`);
  }
  return [...groups.values()];
}
