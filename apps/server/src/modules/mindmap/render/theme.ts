/**
 * How an exported map looks: fonts, sizes and colours shared by the SVG and
 * the PDF painter, so both show the same picture. Light theme only: an
 * exported image goes on paper and slides.
 */

/**
 * CJK-capable families first (their Latin glyphs are fine too), then the
 * platform fonts a viewer of the SVG may have, then emoji fonts. Skia (the
 * measuring and the PDF) and librsvg (the PNG) both fall back glyph by glyph
 * along the list, so a topic mixing scripts measures as it is drawn.
 */
export const FONT_FAMILIES = [
  'Noto Sans CJK SC',
  'Noto Sans CJK JP',
  'Source Han Sans SC',
  'WenQuanYi Micro Hei',
  'PingFang SC',
  'Hiragino Sans',
  'Microsoft YaHei',
  'Malgun Gothic',
  'Noto Color Emoji',
  'Apple Color Emoji',
  'Segoe UI Emoji',
  // Monochrome emoji and symbols when no colour emoji font is installed.
  'DejaVu Sans',
  'Symbola',
  'sans-serif',
];

export const FONT_STACK = FONT_FAMILIES.map((f) => (f === 'sans-serif' ? f : `"${f}"`)).join(', ');

export interface LevelStyle {
  fontSize: number;
  bold: boolean;
  /** Longest line before a topic wraps. */
  maxWidth: number;
  padX: number;
  padY: number;
  radius: number;
}

export function levelStyle(depth: number): LevelStyle {
  if (depth === 0) return { fontSize: 22, bold: true, maxWidth: 360, padX: 22, padY: 14, radius: 12 };
  if (depth === 1) return { fontSize: 17, bold: true, maxWidth: 300, padX: 16, padY: 9, radius: 9 };
  return { fontSize: 14, bold: false, maxWidth: 260, padX: 12, padY: 6, radius: 7 };
}

export const LINE_HEIGHT = 1.35;
/** Space between a parent's column and its children's, and between sibling subtrees. */
export const H_GAP = 56;
export const V_GAP = 12;
export const MARGIN = 40;

export const ROOT_FILL = '#2f4fd8';
export const ROOT_TEXT = '#ffffff';
export const TEXT = '#1f2430';
export const LINK_TEXT = '#1864ab';
export const BACKGROUND = '#ffffff';
/** One colour per main branch, repeated: distinct for the colour-blind in hue and lightness. */
export const BRANCH_COLORS = ['#e8590c', '#2b8a3e', '#1c7ed6', '#ae3ec9', '#f08c00', '#0c8599', '#c2255c', '#5c940d'];

/** A branch colour mixed toward white, for the fill of main-branch boxes. */
export function tint(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const mix = (c: number) => Math.round(c + (255 - c) * amount);
  const r = mix((n >> 16) & 255);
  const g = mix((n >> 8) & 255);
  const b = mix(n & 255);
  return `#${((r << 16) | (g << 8) | b).toString(16).padStart(6, '0')}`;
}
