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
  /**
   * Minimum passage length in both texts, in word equivalents: a word (or a
   * Thai word) counts 1, a CJK character `cjkWeight` (a Chinese word is about
   * two characters), so the bar is the same amount of text in every script.
   */
  minWords: number;
  cjkWeight: number;
  minDice: number;
  /** Distinct seeds per content token spanned. */
  minDensity: number;
  /** Loose ends: at most `trimShare` of the seeds, behind a gap over max(trimMinGap, trimFactor × the trimQuantile gap); 0 turns it off. */
  trimFactor: number;
  trimMinGap: number;
  trimQuantile: number;
  trimShare: number;
  /** Merge: pieces with `mergeMinSeeds` distinct seeds each, apart by at most `mergeGap` × the gap in both texts, join; 0 turns it off. */
  mergeGap: number;
  mergeMinSeeds: number;
  /** Seed keys occurring more often than this in the source are too common to be evidence. */
  maxKeyRepeats: number;
}

export const DEFAULT_ALIGN: AlignOptions = {
  wordSeed: 2,
  cjkSeed: 3,
  maxGap: 12,
  minSeeds: 8,
  minWords: 35,
  cjkWeight: 0.5,
  minDice: 0.4,
  minDensity: 0.15,
  maxKeyRepeats: 20,
  trimFactor: 3,
  trimMinGap: 4,
  trimQuantile: 0.9,
  trimShare: 0.1,
  mergeGap: 2,
  mergeMinSeeds: 3,
};

interface Prepared {
  tokens: Tokens;
  content: number[];
  keys: string[];
  /** Length (in content tokens) of the n-gram starting at each content position. */
  spans: number[];
  /** How often each key occurs. */
  counts: Map<string, number>;
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
  const counts = new Map<string, number>();
  for (const k of keys) counts.set(k, (counts.get(k) ?? 0) + 1);
  return { tokens, content, keys, spans, counts };
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
  /** The gap allowed after it, in content tokens (wider between CJK characters than between words). */
  gap: number;
  /** Its key occurs once in each text: an unambiguous anchor of the diagonal. */
  anchor: boolean;
}

function splitBy(seeds: Seed[], side: 's' | 'r'): Seed[][] {
  const sorted = [...seeds].sort((a, b) => a[side] - b[side]);
  const parts: Seed[][] = [];
  let current: Seed[] = [];
  let reach = -Infinity;
  let gap = 0;
  for (const seed of sorted) {
    if (current.length > 0 && seed[side] - reach > gap) {
      parts.push(current);
      current = [];
    }
    current.push(seed);
    if (seed[side] + seed.n - 1 >= reach) {
      reach = seed[side] + seed.n - 1;
      gap = seed.gap;
    }
  }
  if (current.length > 0) parts.push(current);
  return parts;
}

function cluster(seeds: Seed[]): Seed[][] {
  const done: Seed[][] = [];
  const queue: Seed[][] = [seeds];
  while (queue.length > 0) {
    const group = queue.pop()!;
    const bySusp = splitBy(group, 's');
    if (bySusp.length > 1) {
      queue.push(...bySusp);
      continue;
    }
    const bySource = splitBy(group, 'r');
    if (bySource.length > 1) {
      queue.push(...bySource);
      continue;
    }
    done.push(group);
  }
  return done;
}

/**
 * Drops seeds off the passage's diagonal: a copied passage maps its words at
 * a nearly constant shift (source position minus suspicious position, drifting
 * slowly with inserted and dropped words), while coincidental seeds (a topic
 * phrase repeated in the source) sit at other shifts and would stretch the
 * passage's bounds. A seed stays when its shift is within `band` of the median
 * shift of the nearest anchors along the suspicious text (seeds whose key
 * occurs once in each text; in a long text repeated phrases give many seeds
 * at one position, which would outvote the diagonal), or of its nearest
 * seeds when there are too few anchors.
 */
function onDiagonal(group: Seed[], band: number, reach = 4): Seed[] {
  if (group.length < 3) return group;
  const sorted = [...group].sort((a, b) => a.s - b.s || a.r - b.r);
  const anchors = sorted.filter((x) => x.anchor);
  const guide = anchors.length >= 3 ? anchors : sorted;
  const shifts = guide.map((x) => x.r - x.s);
  let g = 0;
  return sorted.filter((seed) => {
    // The guide seed nearest at or after this one along the suspicious text.
    while (g < guide.length && guide[g]!.s < seed.s) g += 1;
    const around = shifts.slice(Math.max(0, g - reach), g + reach).sort((a, b) => a - b);
    const median = around[around.length >> 1]!;
    return Math.abs(seed.r - seed.s - median) <= band;
  });
}

/**
 * Trims loose ends: a few seeds hanging off either end of a passage behind a
 * gap much wider than the passage's usual gaps (a shared name or phrase next
 * to the copy, not part of it). The passage's own gaps set the bar, so a
 * verbatim copy (no gaps) sheds a neighbour two words away while a heavily
 * edited one keeps its sparse edges.
 */
function trimEnds(group: Seed[], side: 's' | 'r', options: AlignOptions): Seed[] {
  if (group.length < 4) return group;
  const sorted = [...group].sort((a, b) => a[side] - b[side]);
  const gaps: number[] = [];
  let reach = sorted[0]![side] + sorted[0]!.n - 1;
  for (let i = 1; i < sorted.length; i += 1) {
    gaps.push(Math.max(0, sorted[i]![side] - reach - 1));
    reach = Math.max(reach, sorted[i]![side] + sorted[i]!.n - 1);
  }
  const typical = [...gaps].sort((a, b) => a - b)[Math.floor(gaps.length * options.trimQuantile)]!;
  // CJK seeds allow wider gaps (characters, not words); the bar scales alike.
  const scale = sorted[0]!.gap / options.maxGap;
  const bar = Math.max(options.trimMinGap * scale, options.trimFactor * typical);
  const most = Math.max(1, Math.floor(sorted.length * options.trimShare));
  let from = 0;
  for (let i = 0; i < Math.min(most, gaps.length); i += 1) if (gaps[i]! > bar) from = i + 1;
  let to = sorted.length;
  for (let i = gaps.length - 1; i >= Math.max(0, gaps.length - most); i -= 1) if (gaps[i]! > bar) to = i + 1;
  return from < to ? sorted.slice(from, to) : sorted;
}

interface Box {
  seeds: Seed[];
  s0: number;
  s1: number;
  r0: number;
  r1: number;
  distinct: number;
}

function boxOf(seeds: Seed[]): Box {
  let s0 = Infinity;
  let s1 = -Infinity;
  let r0 = Infinity;
  let r1 = -Infinity;
  const positions = new Set<number>();
  for (const seed of seeds) {
    s0 = Math.min(s0, seed.s);
    s1 = Math.max(s1, seed.s + seed.n - 1);
    r0 = Math.min(r0, seed.r);
    r1 = Math.max(r1, seed.r + seed.n - 1);
    positions.add(seed.s);
  }
  return { seeds, s0, s1, r0, r1, distinct: positions.size };
}

/**
 * The merge step: neighbouring pieces of one heavily edited passage (split
 * where a long run of words had no seed) join again when they follow each
 * other in both texts within `mergeGap` times the usual gap and each has some
 * evidence of its own, so the passage is reported whole and once.
 */
function mergeNeighbours(groups: Seed[][], options: AlignOptions): Seed[][] {
  let boxes = groups.map(boxOf).sort((a, b) => a.s0 - b.s0);
  let merged = true;
  while (merged) {
    merged = false;
    const next: Box[] = [];
    for (const box of boxes) {
      const last = next[next.length - 1];
      const limit = options.mergeGap * (box.seeds[0]!.gap + (last?.seeds[0]?.gap ?? box.seeds[0]!.gap)) / 2;
      if (
        last &&
        last.distinct >= options.mergeMinSeeds &&
        box.distinct >= options.mergeMinSeeds &&
        box.s0 - last.s1 <= limit &&
        box.r0 - last.r1 <= limit &&
        box.r1 > last.r1 &&
        box.r0 - last.r0 >= 0
      ) {
        next[next.length - 1] = boxOf([...last.seeds, ...box.seeds]);
        merged = true;
      } else next.push(box);
    }
    boxes = next;
  }
  return boxes.map((b) => b.seeds);
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

/** A passage before filtering, with the evidence the filters look at. */
export interface PassageEvidence extends AlignedPassage {
  /** Distinct seed positions, the smaller count of the two texts. */
  seeds: number;
  /** Content tokens spanned, the larger count of the two texts. */
  span: number;
  dice: number;
  /** Length in word equivalents, the smaller of the two texts. */
  words: number;
}

/** Word equivalents of the tokens `[from, to]` (all tokens, function words included). */
function wordsIn(tokens: Tokens, from: number, to: number, cjkWeight: number): number {
  let w = 0;
  for (let i = from; i <= to; i += 1) w += tokens.kinds[i] === TokenKind.Cjk ? cjkWeight : 1;
  return w;
}

/** Seeds clustered into passages, unfiltered (the evaluation looks at these to set the filters). */
export function passageEvidence(suspicious: string, source: string, options: AlignOptions = DEFAULT_ALIGN): PassageEvidence[] {
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
    const gap = susp.tokens.kinds[susp.content[s]!] === TokenKind.Cjk ? options.maxGap / options.cjkWeight : options.maxGap;
    const anchor = list.length === 1 && susp.counts.get(susp.keys[s]!) === 1;
    for (const r of list) seeds.push({ s, r, n: susp.spans[s]!, gap, anchor });
  }
  if (seeds.length === 0) return [];

  const out: PassageEvidence[] = [];
  const groups = cluster(seeds)
    .flatMap((g) => (g.length < 2 ? [] : cluster(onDiagonal(g, options.maxGap))))
    .map((g) => (options.trimFactor > 0 ? trimEnds(trimEnds(g, 's', options), 'r', options) : g));
  const pieces = options.mergeGap > 0 ? mergeNeighbours(groups, options) : groups;
  for (const group of pieces) {
    if (group.length < 2) continue;
    let s0 = Infinity;
    let s1 = -Infinity;
    let r0 = Infinity;
    let r1 = -Infinity;
    const sPositions = new Set<number>();
    const rPositions = new Set<number>();
    for (const seed of group) {
      s0 = Math.min(s0, seed.s);
      s1 = Math.max(s1, seed.s + seed.n - 1);
      r0 = Math.min(r0, seed.r);
      r1 = Math.max(r1, seed.r + seed.n - 1);
      sPositions.add(seed.s);
      rPositions.add(seed.r);
    }
    const suspStart = susp.tokens.starts[susp.content[s0]!]!;
    const suspEnd = susp.tokens.ends[susp.content[s1]!]!;
    const srcStart = src.tokens.starts[src.content[r0]!]!;
    const srcEnd = src.tokens.ends[src.content[r1]!]!;
    out.push({
      suspOffset: suspStart,
      suspLength: suspEnd - suspStart,
      sourceOffset: srcStart,
      sourceLength: srcEnd - srcStart,
      seeds: Math.min(sPositions.size, rPositions.size),
      span: Math.max(s1 - s0 + 1, r1 - r0 + 1),
      dice: dice(susp, s0, s1, src, r0, r1),
      words: Math.min(wordsIn(susp.tokens, susp.content[s0]!, susp.content[s1]!, options.cjkWeight), wordsIn(src.tokens, src.content[r0]!, src.content[r1]!, options.cjkWeight)),
    });
  }
  return out;
}

export function alignTexts(suspicious: string, source: string, options: AlignOptions = DEFAULT_ALIGN): AlignedPassage[] {
  const found = passageEvidence(suspicious, source, options).filter(
    (p) => p.seeds >= options.minSeeds && p.words >= options.minWords && p.dice >= options.minDice && p.seeds / p.span >= options.minDensity,
  );
  found.sort((a, b) => b.seeds - a.seeds || a.suspOffset - b.suspOffset);
  const kept: PassageEvidence[] = [];
  for (const f of found) {
    const overlaps = kept.some((k) => f.suspOffset < k.suspOffset + k.suspLength && k.suspOffset < f.suspOffset + f.suspLength);
    if (!overlaps) kept.push(f);
  }
  kept.sort((a, b) => a.suspOffset - b.suspOffset);
  return kept.map((k) => growEdges(suspicious, source, k, kept));
}

/** Extends a passage over characters equal in both texts (stopping at a neighbouring passage). */
function growEdges(susp: string, src: string, p: AlignedPassage, all: AlignedPassage[]): AlignedPassage {
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
  // Equal characters before the first word that end the previous sentence
  // (". ") belong to neither passage; nor do opening marks after the last word.
  while (a < p.suspOffset && /[\s.,;:!?)\]}。，、；：！？）」』》]/u.test(susp[a]!)) {
    a += 1;
    b += 1;
  }
  while (c > p.suspOffset + p.suspLength && /[\s([{（「『《]/u.test(susp[c - 1]!)) {
    c -= 1;
    d -= 1;
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
