import { QR_VERIFY_SIZES } from '@xueba/contract';
import type { QrMatrix, StyledSpec } from '../qr-engine.js';
import { parseHex, type Rgb } from './color.js';
import { logoBox, logoPadding } from './checks.js';
import { eyesPath } from './eyes.js';
import { alignmentCentres, inFinder } from './matrix.js';
import { num } from './shapes.js';
import { solidity, styleLayers, type Layer, type ModuleGrid } from './styles.js';

/**
 * The styled code as one SVG in module units (viewBox = modules + margin),
 * drawn by us: background, optional picture behind a light veil, one path
 * per colour for the modules, one even-odd path for the eyes and alignment
 * patterns, then the logo on its white pad.
 */

export interface SvgAssets {
  /** The logo as a data URI (already scaled by sharp) and its width as a share of the code. */
  logo?: { href: string; scale: number };
  /** The background picture as a data URI, already cover-fitted to the square. */
  background?: string;
  /** image_fill: the picture's colour at a module (module coordinates without the margin). */
  sample?: (x: number, y: number) => Rgb;
}

/**
 * How much of the background colour lies over a background picture: enough
 * that light modules stay light whatever the photo (a dark photo under 0.72
 * of white still has luminance above 0.45), little enough that it shows.
 * Image fill shows more of the picture, its dark modules being darkened
 * picture colours.
 */
export const VEIL_OPACITY = 0.72;
export const IMAGE_FILL_VEIL_OPACITY = 0.6;

/** Modules a style does not draw: the finders, the alignment patterns (drawn solid), and those under the logo's pad. */
function excludedModules(matrix: QrMatrix, alignments: Array<[number, number]>, logoScale?: number): Uint8Array {
  const { count } = matrix;
  const out = new Uint8Array(count * count);
  for (let y = 0; y < count; y += 1) for (let x = 0; x < count; x += 1) if (inFinder(count, x, y)) out[y * count + x] = 1;
  for (const [cx, cy] of alignments) for (let y = cy - 2; y <= cy + 2; y += 1) for (let x = cx - 2; x <= cx + 2; x += 1) out[y * count + x] = 1;
  if (logoScale) {
    const box = logoBox(count, logoScale);
    for (let y = Math.floor(box.y); y < Math.ceil(box.y + box.size); y += 1) {
      for (let x = Math.floor(box.x); x < Math.ceil(box.x + box.size); x += 1) out[y * count + x] = 1;
    }
  }
  return out;
}

function gradientDef(look: StyledSpec['look'], count: number, margin: number): string {
  if (look.gradient === 'none' || !look.fg2) return '';
  const a = num(margin);
  const b = num(margin + count);
  const stops = `<stop offset="0" stop-color="${look.fg}"/><stop offset="1" stop-color="${look.fg2}"/>`;
  if (look.gradient === 'linear') return `<defs><linearGradient id="fg" gradientUnits="userSpaceOnUse" x1="${a}" y1="${a}" x2="${b}" y2="${b}">${stops}</linearGradient></defs>`;
  const c = num(margin + count / 2);
  return `<defs><radialGradient id="fg" gradientUnits="userSpaceOnUse" cx="${c}" cy="${c}" r="${num((count / 2) * Math.SQRT2)}">${stops}</radialGradient></defs>`;
}

export function buildSvg(matrix: QrMatrix, spec: StyledSpec, assets: SvgAssets): string {
  const { look } = spec;
  const { count } = matrix;
  const margin = look.margin;
  const total = count + 2 * margin;
  const hasGradient = look.gradient !== 'none' && Boolean(look.fg2);
  const fgPaint = hasGradient ? 'url(#fg)' : look.fg;

  // An alignment pattern under the logo's pad is covered by it, as the modules there are.
  const alignments = alignmentCentres(matrix.version);
  const box = assets.logo ? logoBox(count, assets.logo.scale) : null;
  const excluded = excludedModules(matrix, alignments, assets.logo?.scale);
  const grid: ModuleGrid = {
    count,
    margin,
    dark: (x, y) => matrix.modules[y * count + x] === 1 && excluded[y * count + x] === 0,
    strong: (x, y) => matrix.reserved[y * count + x] === 1,
  };
  const fg = parseHex(look.fg);
  const smallest = Math.min(spec.size, ...QR_VERIFY_SIZES);
  const solid = solidity(total, smallest);
  const soft = Math.min(1, Math.max(0, (2.6 - smallest / total) / 0.4));
  const layers: Layer[] = styleLayers(look.style, grid, {
    seed: spec.content,
    fg,
    fg2: hasGradient && look.fg2 ? parseHex(look.fg2) : fg,
    bg: parseHex(look.bg),
    sample: assets.sample,
    solidity: solid,
  });

  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${spec.size}" height="${spec.size}" viewBox="0 0 ${total} ${total}">`,
    gradientDef(look, count, margin),
    `<rect width="${total}" height="${total}" fill="${look.bg}"/>`,
  ];
  if (assets.background) {
    const veil = look.style === 'image_fill' ? IMAGE_FILL_VEIL_OPACITY : VEIL_OPACITY;
    parts.push(`<image width="${total}" height="${total}" preserveAspectRatio="xMidYMid slice" xlink:href="${assets.background}"/>`);
    parts.push(`<rect width="${total}" height="${total}" fill="${look.bg}" fill-opacity="${veil}"/>`);
  }
  for (const layer of layers) {
    if (layer.d) parts.push(`<path fill="${layer.paint === 'fg' ? fgPaint : layer.paint.color}" d="${layer.d}"/>`);
  }
  parts.push(`<path fill="${fgPaint}" fill-rule="evenodd" d="${eyesPath(look.eye, count, margin, alignments, soft)}"/>`);
  if (assets.logo && box) {
    const pad = logoPadding(box.logo);
    parts.push(`<rect x="${num(box.x + margin)}" y="${num(box.y + margin)}" width="${num(box.size)}" height="${num(box.size)}" rx="${num(box.size * 0.18)}" fill="#ffffff"/>`);
    parts.push(`<image x="${num(box.x + margin + pad)}" y="${num(box.y + margin + pad)}" width="${num(box.logo)}" height="${num(box.logo)}" preserveAspectRatio="xMidYMid meet" xlink:href="${assets.logo.href}"/>`);
  }
  parts.push('</svg>');
  return parts.join('');
}
