import type { AlignedPassage } from './types.js';
import { contentIndices, TokenKind, tokenize, type Tokens } from './tokenize.js';

/**
 * Seed–extend–merge text alignment in the manner of the PAN text-alignment
 * systems (Sanchez-Perez, Sidorov and Gelbukh 2014; Torrejón and Ramos 2013):
 *
 * 1. Seeds: equal n-grams of content tokens (function words left out) in the
 *    two texts. The key of an n-gram is its tokens sorted, so words swapped
 *    inside it still match; n is 2 for words, 3 for CJK characters.
 * 2. Extension: seeds are clustered alternately along the suspicious and the
 *    source text, a cluster splitting where the gap between neighbouring
 *    seeds exceeds `maxGap` content tokens, until no cluster splits in either
 *    text. A cluster is a passage contiguous in both texts, so dropped,
 *    inserted or replaced words (gaps) and shuffled ones (seeds out of order)
 *    stay inside one passage.
 * 3. Filtering: passages with too few seeds, too short in either text or too
 *    dissimilar (Dice coefficient of their content tokens) are dropped, as
 *    are coincidental overlaps (boilerplate, common phrases).
 * 4. Overlaps: of passages overlapping in the suspicious text the one with
 *    more seeds stays, so each copied passage is reported once.
 * 5. Edges: a passage grows character by character while both texts agree,
 *    so an exact copy is reported with its exact boundaries.
 */
export interface AlignOptions {
  wordSeed: number;
  cjkSeed: number;
  maxGap: number;
  minSeeds: number;
  /** Minimum passage length in UTF-16 units, in both texts. */
  minLength: number;
  minDice: number;
  /** Seed keys occurring more often than this in the source are too common to be evidence. */
  maxKeyRepeats: number;
}

export const DEFAULT_ALIGN: AlignOptions = {
  wordSeed: 2,
  cjkSeed: 3,
  maxGap: 12,
  minSeeds: 4,
  minLength: 120,
  minDice: 0.3,
  maxKeyRepeats: 20,
};

interface Prepared {
  tokens: Tokens;
  content: number[];
  keys: string[];
  /** Length (in content tokens) of the n-gram starting at each content position. */
  spans: number[];
}

function prepare(text: string, options: AlignOptions): Prepared {
  const tokens = tokenize(text);
  const content = contentIndices(tokens);
  const keys: string[] = [];
  const spans: number[] = [];
  for (let p = 0; p < content.length; p += 1) {
    const n = tokens.kinds[content[p]!] === TokenKind.Word ? options.wordSeed : options.cjkSeed;
    if (p + n > content.length) break;
    const parts: string[] = [];
    for (let q = p; q < p + n; q += 1) parts.push(tokens.keys[content[q]!]!);
    parts.sort();
    keys.push(parts.join('\u0001'));
    spans.push(n);
  }
  return { tokens, content, keys, spans };
}

// A long checked text is aligned against many sources in a row; it is tokenised once.
let cached: { text: string; options: AlignOptions; prepared: Prepared } | null = null;
function prepareCached(text: string, options: AlignOptions): Prepared {
  if (cached && cached.text === text && cached.options === options) return cached.prepared;
  const prepared = prepare(text, options);
  cached = { text, options, prepared };
  return prepared;
}

/** A seed: content positions `s` (suspicious) and `r` (source) and its length in content tokens. */
interface Seed {
  s: number;
  r: number;
  n: number;
}

function splitBy(seeds: Seed[], side: 's' | 'r', maxGap: number): Seed[][] {
  const sorted = [...seeds].sort((a, b) => a[side] - b[side]);
  const parts: Seed[][] = [];
  let current: Seed[] = [];
  let reach = -Infinity;
  for (const seed of sorted) {
    if (current.length > 0 && seed[side] - reach > maxGap) {
      parts.push(current);
      current = [];
    }
    current.push(seed);
    reach = Math.max(reach, seed[side] + seed.n - 1);
  }
  if (current.length > 0) parts.push(current);
  return parts;
}

function cluster(seeds: Seed[], maxGap: number): Seed[][] {
  const done: Seed[][] = [];
  const queue: Seed[][] = [seeds];
  while (queue.length > 0) {
    const group = queue.pop()!;
    const bySusp = splitBy(group, 's', maxGap);
    if (bySusp.length > 1) {
      queue.push(...bySusp);
      continue;
    }
    const bySource = splitBy(group, 'r', maxGap);
    if (bySource.length > 1) {
      queue.push(...bySource);
      continue;
    }
    done.push(group);
  }
  return done;
}

function dice(a: Prepared, aFrom: number, aTo: number, b: Prepared, bFrom: number, bTo: number): number {
  const counts = new Map<string, number>();
  for (let p = aFrom; p <= aTo; p += 1) {
    const k = a.tokens.keys[a.content[p]!]!;
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  let shared = 0;
  for (let p = bFrom; p <= bTo; p += 1) {
    const k = b.tokens.keys[b.content[p]!]!;
    const c = counts.get(k) ?? 0;
    if (c > 0) {
      shared += 1;
      counts.set(k, c - 1);
    }
  }
  return (2 * shared) / (aTo - aFrom + 1 + (bTo - bFrom + 1));
}

interface Found extends AlignedPassage {
  seeds: number;
}

export function alignTexts(suspicious: string, source: string, options: AlignOptions = DEFAULT_ALIGN): AlignedPassage[] {
  if (suspicious.length === 0 || source.length === 0) return [];
  const susp = prepareCached(suspicious, options);
  const src = prepare(source, options);

  const where = new Map<string, number[]>();
  for (let r = 0; r < src.keys.length; r += 1) {
    const list = where.get(src.keys[r]!);
    if (list) list.push(r);
    else where.set(src.keys[r]!, [r]);
  }
  const seeds: Seed[] = [];
  for (let s = 0; s < susp.keys.length; s += 1) {
    const list = where.get(susp.keys[s]!);
    if (!list || list.length > options.maxKeyRepeats) continue;
    for (const r of list) seeds.push({ s, r, n: susp.spans[s]! });
  }
  if (seeds.length === 0) return [];

  const found: Found[] = [];
  for (const group of cluster(seeds, options.maxGap)) {
    if (group.length < options.minSeeds) continue;
    let s0 = Infinity;
    let s1 = -Infinity;
    let r0 = Infinity;
    let r1 = -Infinity;
    for (const seed of group) {
      s0 = Math.min(s0, seed.s);
      s1 = Math.max(s1, seed.s + seed.n - 1);
      r0 = Math.min(r0, seed.r);
      r1 = Math.max(r1, seed.r + seed.n - 1);
    }
    const suspStart = susp.tokens.starts[susp.content[s0]!]!;
    const suspEnd = susp.tokens.ends[susp.content[s1]!]!;
    const srcStart = src.tokens.starts[src.content[r0]!]!;
    const srcEnd = src.tokens.ends[src.content[r1]!]!;
    if (suspEnd - suspStart < options.minLength || srcEnd - srcStart < options.minLength) continue;
    if (dice(susp, s0, s1, src, r0, r1) < options.minDice) continue;
    found.push({ suspOffset: suspStart, suspLength: suspEnd - suspStart, sourceOffset: srcStart, sourceLength: srcEnd - srcStart, seeds: group.length });
  }

  found.sort((a, b) => b.seeds - a.seeds || a.suspOffset - b.suspOffset);
  const kept: Found[] = [];
  for (const f of found) {
    const overlaps = kept.some((k) => f.suspOffset < k.suspOffset + k.suspLength && k.suspOffset < f.suspOffset + f.suspLength);
    if (!overlaps) kept.push(f);
  }
  kept.sort((a, b) => a.suspOffset - b.suspOffset);
  return kept.map((k) => growEdges(suspicious, source, k, kept));
}

/** Extends a passage over characters equal in both texts (stopping at a neighbouring passage). */
function growEdges(susp: string, src: string, p: Found, all: Found[]): AlignedPassage {
  let lowS = 0;
  let highS = susp.length;
  for (const other of all) {
    if (other === p) continue;
    if (other.suspOffset + other.suspLength <= p.suspOffset) lowS = Math.max(lowS, other.suspOffset + other.suspLength);
    if (other.suspOffset >= p.suspOffset + p.suspLength) highS = Math.min(highS, other.suspOffset);
  }
  let a = p.suspOffset;
  let b = p.sourceOffset;
  while (a > lowS && b > 0 && susp[a - 1] === src[b - 1]) {
    a -= 1;
    b -= 1;
  }
  let c = p.suspOffset + p.suspLength;
  let d = p.sourceOffset + p.sourceLength;
  while (c < highS && d < src.length && susp[c] === src[d]) {
    c += 1;
    d += 1;
  }
  // Never end between the two halves of a surrogate pair.
  if (a > 0 && isLowSurrogate(susp.charCodeAt(a)) && b > 0) {
    a -= 1;
    b -= 1;
  }
  if (c < susp.length && isLowSurrogate(susp.charCodeAt(c))) {
    c += 1;
    d += 1;
  }
  return { suspOffset: a, suspLength: c - a, sourceOffset: b, sourceLength: d - b };
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
