import type { QrPixelStyle } from '@xueba/contract';
import { darkenTo, luminance, mix, toHex, type Rgb } from './color.js';
import { circle, polygon, rect, roundedRect, seededRandom } from './shapes.js';

/**
 * How each pixel style draws the dark modules that are not finder or
 * alignment patterns (those are drawn solid by eyes.ts in every style).
 *
 * Every style keeps a dark module's centre dark and covers at least about
 * 40 % of its cell, because decoders sample module centres of a picture
 * scaled down to 128 px, where a small dot blurs into the light around it.
 * Timing, format and version modules ("strong") are drawn at full size.
 */

export interface ModuleGrid {
  count: number;
  margin: number;
  /** A dark module this layer draws (finders, alignment patterns and modules under a logo are excluded). */
  dark(x: number, y: number): boolean;
  /** Timing, format or version information: drawn at full size. */
  strong(x: number, y: number): boolean;
}

/** One path and what it is filled with: the foreground paint (colour or gradient), or a fixed colour. */
export interface Layer {
  d: string;
  paint: 'fg' | { color: string };
}

export interface StyleContext {
  /** Seeds random-size dots (the content, so a code looks the same each time it is made). */
  seed: string;
  /** The foreground colours (both gradient ends) and background, for the shaded faces of 3D blocks. */
  fg: Rgb;
  fg2: Rgb;
  bg: Rgb;
  /** image_fill: the background picture's colour at a module. */
  sample?: (x: number, y: number) => Rgb;
  /** 0 to 1: how close to full cells the shapes are drawn (see `solidity`). */
  solidity: number;
}

/**
 * How solid the shapes must be for a code to read at the smallest size it is
 * verified at (128 px): 0 while a module there is at least 3.5 px wide (the
 * style's own look), 1 at 2.9 px and below (version 6 with the default
 * margin), in between linearly. Measured with both decoders: dots, lines and
 * rounded eyes at their own sizes lose jsQR or zxing at 128 px from about
 * version 6, and read when drawn this solid.
 */
export function solidity(modulesWithMargin: number, smallestPx: number): number {
  const px = smallestPx / modulesWithMargin;
  return Math.min(1, Math.max(0, (3.5 - px) / 0.6));
}

/** Luminance a picture-coloured dark module is darkened to, at most (about 5:1 against the lightened picture). */
export const IMAGE_FILL_MAX_LUMINANCE = 0.05;

function each(grid: ModuleGrid, draw: (x: number, y: number) => string): string {
  const parts: string[] = [];
  for (let y = 0; y < grid.count; y += 1) {
    for (let x = 0; x < grid.count; x += 1) if (grid.dark(x, y)) parts.push(draw(x + grid.margin, y + grid.margin));
  }
  return parts.join('');
}

/** Maximal runs of dark modules along rows (`horizontal`) or columns: [fixed line, start, length]. */
function runs(grid: ModuleGrid, horizontal: boolean): Array<[number, number, number]> {
  const out: Array<[number, number, number]> = [];
  for (let a = 0; a < grid.count; a += 1) {
    let start = -1;
    for (let b = 0; b <= grid.count; b += 1) {
      const on = b < grid.count && (horizontal ? grid.dark(b, a) : grid.dark(a, b));
      if (on && start < 0) start = b;
      if (!on && start >= 0) {
        out.push([a, start, b - start]);
        start = -1;
      }
    }
  }
  return out;
}

function square(grid: ModuleGrid): Layer[] {
  const m = grid.margin;
  return [{ d: runs(grid, true).map(([y, x, n]) => rect(x + m, y + m, n, 1)).join(''), paint: 'fg' }];
}

/** Rounded ("liquid"): a corner is rounded where neither module beside it on that corner is dark, so runs join smoothly. */
function rounded(grid: ModuleGrid): Layer[] {
  const m = grid.margin;
  const on = (x: number, y: number) => x >= 0 && y >= 0 && x < grid.count && y < grid.count && grid.dark(x, y);
  const r = 0.5;
  return [
    {
      d: each(grid, (px, py) => {
        const x = px - m;
        const y = py - m;
        const up = on(x, y - 1);
        const down = on(x, y + 1);
        const left = on(x - 1, y);
        const right = on(x + 1, y);
        return roundedRect(px, py, 1, 1, [!up && !left ? r : 0, !up && !right ? r : 0, !down && !right ? r : 0, !down && !left ? r : 0]);
      }),
      paint: 'fg',
    },
  ];
}

/**
 * Dots, fixed or of random size. As the code gets denser (higher
 * `solidity`) a dot grows and its corners square off, up to a rounded square
 * 0.94 wide: a dot fills at most 79 % of its cell, and jsQR loses codes of
 * version 6 and up at 128 px below about 85 %.
 */
function dots(grid: ModuleGrid, solidity: number, random?: () => number): Layer[] {
  const m = grid.margin;
  // Random widths between lo and hi of the cell; the range narrows towards 0.9-0.94 as the code gets denser.
  const lo = 0.74 + 0.16 * solidity;
  const hi = 1 - 0.06 * solidity;
  const fixed = 0.84 + 0.1 * solidity;
  return [
    {
      d: each(grid, (px, py) => {
        const strong = grid.strong(px - m, py - m);
        const w = strong ? 1 : random ? lo + random() * (hi - lo) : fixed;
        const inset = (1 - w) / 2;
        // Nearly round anyway below 0.15: a circle is half the path text of a rounded square.
        if (solidity < 0.15 && !strong) return circle(px + 0.5, py + 0.5, w / 2);
        const r = (w / 2) * (1 - 0.6 * solidity);
        return roundedRect(px + inset, py + inset, w, w, [r, r, r, r]);
      }),
      paint: 'fg',
    },
  ];
}

/** Joined runs drawn as lines with round caps, thicker and squarer as the code gets denser (0.8 to 0.94 of a module). */
function lines(grid: ModuleGrid, horizontal: boolean, solidity: number): Layer[] {
  const m = grid.margin;
  const t = 0.8 + 0.14 * solidity;
  const inset = (1 - t) / 2;
  const r = (t / 2) * (1 - 0.6 * solidity);
  const d = runs(grid, horizontal)
    .map(([a, b, n]) => (horizontal ? roundedRect(b + m + inset, a + m + inset, n - 2 * inset, t, [r, r, r, r]) : roundedRect(a + m + inset, b + m + inset, t, n - 2 * inset, [r, r, r, r])))
    .join('');
  return [{ d, paint: 'fg' }];
}

/**
 * 2.5D blocks: each dark module a small cube seen from the upper left, its
 * top face in the foreground and its right and lower faces in lighter shades
 * of it, all inside the module's own cell (neighbours never overlap, so the
 * module grid a decoder samples stays where it is).
 */
function blocks3d(grid: ModuleGrid, ctx: StyleContext): Layer[] {
  const s = 0.76;
  const mid = mix(ctx.fg, ctx.fg2, 0.5);
  // The right face a shade darker than the top (lighter when the top is already near black), the lower face lighter.
  const rightFace = luminance(mid) > 0.03 ? mix(mid, [0, 0, 0], 0.35) : mix(mid, ctx.bg, 0.3);
  const right: string[] = [];
  const below: string[] = [];
  const top = each(grid, (px, py) => {
    right.push(polygon([[px + s, py], [px + 1, py + 1 - s], [px + 1, py + 1], [px + s, py + s]]));
    below.push(polygon([[px, py + s], [px + s, py + s], [px + 1, py + 1], [px + 1 - s, py + 1]]));
    return rect(px, py, s, s);
  });
  return [
    { d: right.join(''), paint: { color: toHex(rightFace) } },
    { d: below.join(''), paint: { color: toHex(mix(mid, ctx.bg, 0.45)) } },
    { d: top, paint: 'fg' },
  ];
}

/**
 * Image fill: each dark module a square in the picture's own colour at that
 * spot, darkened until it reads as dark; the light modules are the picture
 * itself behind a light veil (svg.ts). Colours are grouped coarsely so the
 * SVG has a few dozen paths, not one per module.
 */
function imageFill(grid: ModuleGrid, ctx: StyleContext): Layer[] {
  if (!ctx.sample) return square(grid);
  const sample = ctx.sample;
  const m = grid.margin;
  const groups = new Map<string, string[]>();
  each(grid, (px, py) => {
    const [r, g, b] = darkenTo(sample(px - m, py - m), IMAGE_FILL_MAX_LUMINANCE);
    // Quantised to 16 levels a channel after darkening: invisible at module size, and it bounds the number of paths.
    const q = (c: number) => Math.floor(c / 16) * 16 + 8;
    const key = toHex([q(r), q(g), q(b)]);
    const list = groups.get(key) ?? [];
    list.push(rect(px, py, 1, 1));
    groups.set(key, list);
    return '';
  });
  return [...groups].map(([color, parts]) => ({ d: parts.join(''), paint: { color: toHex(darkenTo(hexRgb(color), IMAGE_FILL_MAX_LUMINANCE)) } }));
}

const hexRgb = (hex: string): Rgb => [parseInt(hex.slice(1, 3), 16), parseInt(hex.slice(3, 5), 16), parseInt(hex.slice(5, 7), 16)];

export function styleLayers(style: QrPixelStyle, grid: ModuleGrid, ctx: StyleContext): Layer[] {
  switch (style) {
    case 'square':
      return square(grid);
    case 'rounded':
      return rounded(grid);
    case 'dots':
      return dots(grid, ctx.solidity);
    case 'random_dots':
      return dots(grid, ctx.solidity, seededRandom(ctx.seed));
    case 'h_lines':
      return lines(grid, true, ctx.solidity);
    case 'v_lines':
      return lines(grid, false, ctx.solidity);
    case 'blocks_3d':
      return blocks3d(grid, ctx);
    case 'image_fill':
      return imageFill(grid, ctx);
  }
}
