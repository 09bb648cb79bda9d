import type { QrEyeStyle } from '@xueba/contract';
import { circle, rect, roundedRect } from './shapes.js';

/**
 * Finder patterns ("eyes") and alignment patterns, drawn as solid shapes in
 * every pixel style: decoders find a code by the 1:1:3:1:1 run of its eyes
 * and correct the grid by the alignment pattern, so these keep their exact
 * proportions along the centre lines whatever their corners look like. One
 * path filled even-odd (ring, hole, centre).
 */

type Corner = 'tl' | 'tr' | 'bl';

function finder(style: QrEyeStyle, x: number, y: number, corner: Corner, soft: number): string {
  // Corner radii shrink by up to half on very dense codes (see `eyesPath`).
  const k = 1 - 0.5 * soft;
  const all = (r: number): [number, number, number, number] => [r * k, r * k, r * k, r * k];
  switch (style) {
    case 'square':
      return rect(x, y, 7, 7) + rect(x + 1, y + 1, 5, 5) + rect(x + 2, y + 2, 3, 3);
    case 'rounded':
      return roundedRect(x, y, 7, 7, all(2)) + roundedRect(x + 1, y + 1, 5, 5, all(1.2)) + roundedRect(x + 2, y + 2, 3, 3, all(0.9));
    case 'circle': {
      // Nearly round rings around a round pupil. True circles (radius 3.5 and 2.5) lose the corners a decoder uses to size the modules,
      // and zxing then misjudges the version of dense codes scaled to 128 px; these corner radii read as round and keep that estimate.
      return roundedRect(x, y, 7, 7, all(2.8)) + roundedRect(x + 1, y + 1, 5, 5, all(1.9)) + (soft > 0 ? roundedRect(x + 2, y + 2, 3, 3, all(1.5)) : circle(x + 3.5, y + 3.5, 1.5));
    }
    case 'leaf': {
      // Two opposite corners round, the other two nearly square; mirrored on the right and lower eyes so each leaf points the same way round the code.
      const radii = (big: number, small: number): [number, number, number, number] => (corner === 'tl' ? [big, small, big, small] : [small, big, small, big]);
      return roundedRect(x, y, 7, 7, radii(2 * k, 0.5)) + roundedRect(x + 1, y + 1, 5, 5, radii(1.2 * k, 0.3)) + roundedRect(x + 2, y + 2, 3, 3, radii(0.9 * k, 0.2));
    }
  }
}

function alignment(style: QrEyeStyle, cx: number, cy: number): string {
  const x = cx - 2;
  const y = cy - 2;
  switch (style) {
    case 'square':
      return rect(x, y, 5, 5) + rect(x + 1, y + 1, 3, 3) + rect(x + 2, y + 2, 1, 1);
    case 'circle':
      return circle(cx + 0.5, cy + 0.5, 2.5) + circle(cx + 0.5, cy + 0.5, 1.5) + circle(cx + 0.5, cy + 0.5, 0.5);
    case 'rounded':
    case 'leaf':
      return roundedRect(x, y, 5, 5, [1.2, 1.2, 1.2, 1.2]) + roundedRect(x + 1, y + 1, 3, 3, [0.6, 0.6, 0.6, 0.6]) + circle(cx + 0.5, cy + 0.5, 0.5);
  }
}

/**
 * The three eyes and the given alignment patterns (centres in module
 * coordinates without the margin). `soft` (0-1) straightens the eyes' corners
 * on codes so dense that a module is under about 2.6 px at 128 px (version 8
 * and up with the default margin): rounder eyes lost zxing there more often
 * than square ones.
 */
export function eyesPath(style: QrEyeStyle, count: number, margin: number, alignments: Array<[number, number]>, soft = 0): string {
  const m = margin;
  return (
    finder(style, m, m, 'tl', soft) +
    finder(style, m + count - 7, m, 'tr', soft) +
    finder(style, m, m + count - 7, 'bl', soft) +
    alignments.map(([cx, cy]) => alignment(style, cx + m, cy + m)).join('')
  );
}
