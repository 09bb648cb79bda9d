import fs from 'node:fs';
import path from 'node:path';
import { obfuscateWords, random } from './obfuscate.js';

/**
 * A Chinese text-alignment set in PAN's layout, built from Chinese documents
 * (the evaluation uses the Debian manuals in the shared data: sources from the
 * maintainer's guide and the second half of the reference, host documents
 * from its first half). Each suspicious
 * document takes one or two passages of a source, each copied verbatim,
 * reordered (runs of words shuffled) or partly rewritten (words shuffled,
 * dropped, inserted, replaced), at random; some pairs have no plagiarism.
 */
export interface ChineseSetOptions {
  sourceText: string;
  hostText: string;
  seed: number;
  pairs: number;
}

const CJK_RE = /[\p{Script=Han}]/gu;

/** Paragraphs of mostly Chinese prose (headings, code and tables left out). */
export function chineseParagraphs(text: string): string[] {
  const out: string[] = [];
  let current = '';
  const flush = () => {
    if (current.length >= 60) out.push(current);
    current = '';
  };
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    const han = line.match(CJK_RE)?.length ?? 0;
    if (han >= 10 && han / line.length >= 0.3 && !/^[|+]/.test(line)) current += line;
    else flush();
  }
  flush();
  return out;
}

function chunks(paragraphs: string[], size: number): string[] {
  const out: string[] = [];
  let cur: string[] = [];
  let len = 0;
  for (const p of paragraphs) {
    cur.push(p);
    len += p.length;
    if (len >= size) {
      out.push(cur.join('\n'));
      cur = [];
      len = 0;
    }
  }
  return out;
}

export function writeChineseCorpus(toDir: string, options: ChineseSetOptions): { pairs: number; cases: number } {
  const rnd = random(options.seed);
  const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });
  const words = (t: string) => [...segmenter.segment(t)].map((s) => s.segment);
  const sources = chunks(chineseParagraphs(options.sourceText), 700);
  const hosts = chunks(chineseParagraphs(options.hostText), 1400);
  const vocabulary = [...segmenter.segment(hosts.join(''))].filter((s) => s.isWordLike && /^\p{Script=Han}{2,4}$/u.test(s.segment)).map((s) => s.segment);
  for (const sub of ['susp', 'src', 'truth']) fs.mkdirSync(path.join(toDir, sub), { recursive: true });
  const pairLines: string[] = [];
  let cases = 0;
  const n = Math.min(options.pairs, hosts.length, sources.length);
  for (let k = 0; k < n; k += 1) {
    const susp = `suspicious-document${String(k).padStart(5, '0')}.txt`;
    const source = `source-document${String(k).padStart(5, '0')}.txt`;
    const src = sources[k]!;
    fs.writeFileSync(path.join(toDir, 'src', source), src);
    let host = hosts[k]!;
    const features: string[] = [];
    // Every fourth pair has no plagiarism: the host document as it is.
    if (k % 4 !== 3) {
      const count = 1 + Math.floor(rnd() * 2);
      const inserts: { at: number; from: number; length: number }[] = [];
      for (let c = 0; c < count; c += 1) {
        const length = 150 + Math.floor(rnd() * 350);
        const from = Math.floor(((c + rnd() * 0.8) / count) * Math.max(1, src.length - length));
        inserts.push({ at: Math.floor(((c + rnd()) / count) * host.length), from, length: Math.min(length, src.length - from) });
      }
      inserts.sort((a, b) => a.at - b.at);
      let out = '';
      let at = 0;
      for (const ins of inserts) {
        const passage = src.slice(ins.from, ins.from + ins.length);
        const kind = ['none', 'reorder', 'rewrite'][Math.floor(rnd() * 3)]!;
        const seed = Math.floor(rnd() * 1e9);
        const copied =
          kind === 'none'
            ? passage
            : obfuscateWords(words(passage), vocabulary, kind === 'reorder' ? { rate: 0.3, seed, only: 'shuffle' } : { rate: 0.3, seed }).join('');
        out += host.slice(at, ins.at);
        features.push(
          `<feature name="plagiarism" obfuscation="${kind}" source_length="${[...passage].length}" source_offset="${[...src.slice(0, ins.from)].length}" source_reference="${source}" this_length="${[...copied].length}" this_offset="${[...out].length}" type="artificial" />`,
        );
        out += copied;
        at = ins.at;
        cases += 1;
      }
      host = out + host.slice(at);
    }
    fs.writeFileSync(path.join(toDir, 'susp', susp), host);
    pairLines.push(`${susp} ${source}`);
    fs.writeFileSync(path.join(toDir, 'truth', `${susp.replace(/\.txt$/, '')}-${source.replace(/\.txt$/, '')}.xml`), `<document reference="${susp}">${features.length ? `\n${features.join('\n')}\n` : ''}</document>\n`);
  }
  fs.writeFileSync(path.join(toDir, 'pairs'), `${pairLines.join('\n')}\n`);
  return { pairs: n, cases };
}
