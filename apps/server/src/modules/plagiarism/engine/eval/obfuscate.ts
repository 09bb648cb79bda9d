import fs from 'node:fs';
import path from 'node:path';
import { parseFeatures, readPairs } from './pan.js';

/** A small seeded PRNG (mulberry32), so a generated set is the same on every run. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface ObfuscationOptions {
  /** Share of the words touched by an operation (PAN's random obfuscation: about 0.2 to 0.5). */
  rate: number;
  seed: number;
}

/**
 * Random obfuscation as in PAN's artificial plagiarism: words (and short
 * phrases) shuffled, dropped, inserted and replaced at random. Inserted and
 * replacing words come from `vocabulary` (the host document's words), so
 * they are real words in the document's register, not markers.
 */
export function obfuscate(text: string, vocabulary: readonly string[], options: ObfuscationOptions): string {
  return obfuscateWords(text.split(/\s+/).filter(Boolean), vocabulary, options).join(' ');
}

/** The operations on a list of words (a text without spaces is segmented by the caller). */
export function obfuscateWords(words: readonly string[], vocabulary: readonly string[], options: ObfuscationOptions & { only?: 'shuffle' }): string[] {
  const rnd = random(options.seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  const out: string[] = [];
  for (let i = 0; i < words.length; i += 1) {
    const w = words[i]!;
    if (rnd() >= options.rate) {
      out.push(w);
      continue;
    }
    const op = options.only === 'shuffle' ? 0 : Math.floor(rnd() * 4);
    if (op === 0) {
      // Shuffle: this word and the next one to three change order.
      const n = 2 + Math.floor(rnd() * 3);
      const group = words.slice(i, i + n);
      for (let k = group.length - 1; k > 0; k -= 1) {
        const j = Math.floor(rnd() * (k + 1));
        [group[k], group[j]] = [group[j]!, group[k]!];
      }
      out.push(...group);
      i += group.length - 1;
    } else if (op === 1) {
      // Drop.
    } else if (op === 2) {
      out.push(w, pick(vocabulary));
    } else {
      out.push(pick(vocabulary));
    }
  }
  return out;
}

/**
 * Writes an obfuscated copy of a PAN corpus: every truth passage of the
 * suspicious documents is replaced by an obfuscated version of its source
 * passage (offsets recomputed), pairs without plagiarism are kept as they are.
 */
export function writeObfuscatedCorpus(fromDir: string, toDir: string, options: ObfuscationOptions): { pairs: number; cases: number } {
  const pairs = readPairs(fromDir);
  for (const sub of ['susp', 'src', 'truth']) fs.mkdirSync(path.join(toDir, sub), { recursive: true });
  fs.copyFileSync(path.join(fromDir, 'pairs'), path.join(toDir, 'pairs'));
  const bySusp = new Map<string, { source: string; name: string; offset: number; length: number; sourceOffset: number; sourceLength: number }[]>();
  for (const pair of pairs) {
    const xml = fs.readFileSync(path.join(fromDir, 'truth', pair.name), 'utf8');
    const list = bySusp.get(pair.susp) ?? [];
    for (const f of parseFeatures(xml, pair.susp)) list.push({ source: pair.source, name: pair.name, offset: f.thisOffset, length: f.thisLength, sourceOffset: f.sourceOffset, sourceLength: f.sourceLength });
    bySusp.set(pair.susp, list);
    fs.copyFileSync(path.join(fromDir, 'src', pair.source), path.join(toDir, 'src', pair.source));
  }
  const truths = new Map<string, string[]>(pairs.map((p) => [p.name, []]));
  let seed = options.seed;
  let cases = 0;
  for (const [susp, features] of bySusp) {
    const text = fs.readFileSync(path.join(fromDir, 'susp', susp), 'utf8');
    const vocabulary = text.split(/\s+/).filter((w) => /^[A-Za-z]{3,}$/.test(w));
    features.sort((a, b) => a.offset - b.offset);
    let out = '';
    let at = 0;
    for (const f of features) {
      const src = fs.readFileSync(path.join(fromDir, 'src', f.source), 'utf8');
      const passage = obfuscate(src.slice(f.sourceOffset, f.sourceOffset + f.sourceLength), vocabulary, { ...options, seed: (seed += 1) });
      out += text.slice(at, f.offset);
      truths
        .get(f.name)!
        .push(
          `<feature name="plagiarism" obfuscation="random" source_length="${f.sourceLength}" source_offset="${f.sourceOffset}" source_reference="${f.source}" this_length="${passage.length}" this_offset="${out.length}" type="artificial" />`,
        );
      out += passage;
      at = f.offset + f.length;
      cases += 1;
    }
    out += text.slice(at);
    fs.writeFileSync(path.join(toDir, 'susp', susp), out);
  }
  for (const pair of pairs) {
    const features = truths.get(pair.name)!;
    fs.writeFileSync(path.join(toDir, 'truth', pair.name), `<document reference="${pair.susp}">${features.length ? `\n${features.join('\n')}\n` : ''}</document>\n`);
  }
  return { pairs: pairs.length, cases };
}
