import type { AlignOptions } from './align.js';

/** Seeds and their clustering into passages: the extend and merge steps of the alignment. */

/** A seed: content positions `s` (suspicious) and `r` (source) and its length in content tokens. */
export interface Seed {
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

export function cluster(seeds: Seed[]): Seed[][] {
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
export function onDiagonal(group: Seed[], band: number, reach = 4): Seed[] {
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
export function trimEnds(group: Seed[], side: 's' | 'r', options: AlignOptions): Seed[] {
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
export function mergeNeighbours(groups: Seed[][], options: AlignOptions): Seed[][] {
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
