import fs from 'node:fs';
import path from 'node:path';
import type { AlignedPassage, PlagiarismEngine } from '../types.js';
import { panScores, type PanScores, type Span } from './measures.js';

/** A corpus in PAN's text-alignment layout: `pairs`, `susp/`, `src/`, `truth/`. */
export interface PanPair {
  susp: string;
  source: string;
  /** `suspicious-documentX-source-documentY.xml` */
  name: string;
}

export function readPairs(dir: string): PanPair[] {
  return fs
    .readFileSync(path.join(dir, 'pairs'), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((line) => {
      const [susp, source] = line.split(/\s+/) as [string, string];
      return { susp, source, name: `${susp.replace(/\.txt$/, '')}-${source.replace(/\.txt$/, '')}.xml` };
    });
}

const attr = (tag: string, name: string): string | undefined => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1];

/** The `plagiarism` (truth) or `detected-plagiarism` features of a PAN XML file. */
export function parseFeatures(xml: string, susp: string): Span[] {
  const out: Span[] = [];
  for (const m of xml.matchAll(/<feature\b[^>]*>/g)) {
    const tag = m[0];
    const name = attr(tag, 'name');
    if (name !== 'plagiarism' && name !== 'detected-plagiarism') continue;
    out.push({
      susp,
      source: attr(tag, 'source_reference') ?? '',
      thisOffset: Number(attr(tag, 'this_offset')),
      thisLength: Number(attr(tag, 'this_length')),
      sourceOffset: Number(attr(tag, 'source_offset')),
      sourceLength: Number(attr(tag, 'source_length')),
    });
  }
  return out;
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export function detectionsXml(susp: string, spans: Span[]): string {
  const lines = spans.map(
    (s) =>
      `<feature name="detected-plagiarism" this_offset="${s.thisOffset}" this_length="${s.thisLength}" source_reference="${escapeAttr(s.source)}" source_offset="${s.sourceOffset}" source_length="${s.sourceLength}"/>`,
  );
  return `<document reference="${escapeAttr(susp)}">\n${lines.join('\n')}${lines.length ? '\n' : ''}</document>\n`;
}

/** UTF-16 index -> code point index, for texts with characters outside the BMP. */
export function codePointOffsets(text: string): (utf16: number) => number {
  if (!/[\ud800-\udfff]/.test(text)) return (i) => i;
  const map = new Int32Array(text.length + 1);
  let cp = 0;
  for (let i = 0; i < text.length; i += 1) {
    map[i] = cp;
    const c = text.charCodeAt(i);
    if (!(c >= 0xd800 && c <= 0xdbff && i + 1 < text.length)) cp += 1;
  }
  map[text.length] = cp;
  return (i) => map[i] ?? cp;
}

export function toSpan(pair: PanPair, p: AlignedPassage, suspText: string, srcText: string): Span {
  const s = codePointOffsets(suspText);
  const r = codePointOffsets(srcText);
  const thisOffset = s(p.suspOffset);
  const sourceOffset = r(p.sourceOffset);
  return { susp: pair.susp, source: pair.source, thisOffset, thisLength: s(p.suspOffset + p.suspLength) - thisOffset, sourceOffset, sourceLength: r(p.sourceOffset + p.sourceLength) - sourceOffset };
}

export interface PanRun extends PanScores {
  pairs: number;
  seconds: number;
}

/** Runs the engine on every pair of a PAN corpus; with `outDir`, writes one detections file per pair. */
export function evaluatePan(dir: string, engine: PlagiarismEngine, options: { outDir?: string } = {}): PanRun {
  const pairs = readPairs(dir);
  const texts = new Map<string, string>();
  const read = (file: string) => {
    let t = texts.get(file);
    if (t === undefined) {
      t = fs.readFileSync(file, 'utf8');
      texts.set(file, t);
    }
    return t;
  };
  if (options.outDir) fs.mkdirSync(options.outDir, { recursive: true });
  const cases: Span[] = [];
  const detections: Span[] = [];
  const started = performance.now();
  for (const pair of pairs) {
    const suspText = read(path.join(dir, 'susp', pair.susp));
    const srcText = read(path.join(dir, 'src', pair.source));
    const truthFile = path.join(dir, 'truth', pair.name);
    if (fs.existsSync(truthFile)) cases.push(...parseFeatures(fs.readFileSync(truthFile, 'utf8'), pair.susp).map((c) => ({ ...c, source: c.source || pair.source })));
    const found = engine.align(suspText, srcText).map((p) => toSpan(pair, p, suspText, srcText));
    detections.push(...found);
    if (options.outDir) fs.writeFileSync(path.join(options.outDir, pair.name), detectionsXml(pair.susp, found));
  }
  const seconds = (performance.now() - started) / 1000;
  return { ...panScores(cases, detections), pairs: pairs.length, seconds };
}
