import { adaptive, crop, otsuLevel, stretch, threshold } from './filters.js';
import { blurGrey, brightestOf, scaleGrey, type Grey } from './raster.js';
import type { Rgba } from './readers.js';

/**
 * The prepared versions of an uploaded picture, cheapest and most often
 * useful first. Art codes (a picture drawn over the code) mostly read once
 * the texture inside each module is averaged away (downscaling, blur) and
 * their mid-tones are split into dark and light (global or local
 * thresholds); photos of printed codes need contrast, local thresholds
 * against uneven light, or a crop when the code is small in the frame.
 * Each version is made only when its turn comes, so a read early on costs
 * nothing more.
 */
export interface Prepared {
  variant: string;
  make: () => Promise<Grey>;
}

const SCALES = [640, 512, 400, 320, 256, 192, 144];

export function* ladder(original: Rgba, base: Grey): Generator<Prepared> {
  const side = Math.max(base.width, base.height);
  const memo = new Map<string, Promise<Grey>>();
  const at = (size: number): Promise<Grey> => {
    const key = `s${size}`;
    let hit = memo.get(key);
    if (!hit) {
      hit = size >= side ? Promise.resolve(base) : scaleGrey(base, size);
      memo.set(key, hit);
    }
    return hit;
  };
  const smooth = (size: number, sigma: number): Promise<Grey> => {
    const key = `b${size}-${sigma}`;
    let hit = memo.get(key);
    if (!hit) {
      hit = at(size).then((g) => blurGrey(g, sigma));
      memo.set(key, hit);
    }
    return hit;
  };
  const brightest = (size: number): Prepared => ({
    variant: `brightest-${size}`,
    make: () => brightestOf(original, size),
  });

  // Ordered by how often each read the hard art-like set first, so a busy machine that reaches fewer steps loses the least.
  const sizes = SCALES.filter((s) => s < side);
  for (const size of sizes.slice(0, 2)) yield { variant: `scaled-${size}`, make: () => at(size) };
  yield brightest(384);
  for (const size of sizes.slice(2, 4)) yield { variant: `scaled-${size}`, make: () => at(size) };
  yield brightest(256);
  for (const size of sizes.slice(4)) yield { variant: `scaled-${size}`, make: () => at(size) };
  for (const size of [384, 256]) {
    for (const sigma of [1.2, 2.5]) yield { variant: `blur-${sigma}-${size}`, make: () => smooth(size, sigma) };
  }
  yield { variant: 'stretch-512', make: async () => stretch(await at(512), 0.02) };
  for (const size of [512, 320]) yield { variant: `otsu-${size}`, make: async () => { const g = await smooth(size, 1.2); return threshold(g, otsuLevel(g)); } };
  for (const [size, window] of [[400, 15], [400, 31], [400, 61], [256, 11], [256, 21], [256, 41], [640, 25], [640, 51]] as const) {
    yield { variant: `adaptive-${window}-${size}`, make: async () => adaptive(await smooth(size, 1.2), window, 4) };
  }
  for (const level of [72, 104, 136, 168, 200]) yield { variant: `level-${level}-320`, make: async () => threshold(await smooth(320, 1.2), level) };
  // A small code in a large photo: look at parts of the frame at a size where its modules are several pixels wide.
  const parts: [string, number, number, number, number][] = [
    ['centre', 0.2, 0.2, 0.6, 0.6],
    ['top-left', 0, 0, 0.6, 0.6],
    ['top-right', 0.4, 0, 0.6, 0.6],
    ['bottom-left', 0, 0.4, 0.6, 0.6],
    ['bottom-right', 0.4, 0.4, 0.6, 0.6],
  ];
  for (const [name, x, y, w, h] of parts) yield { variant: `crop-${name}`, make: async () => crop(base, x, y, w, h) };
}
