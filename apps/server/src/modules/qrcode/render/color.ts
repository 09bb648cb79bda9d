/** `#rrggbb` colours: parsing, mixing and WCAG 2 contrast. */

export type Rgb = [number, number, number];

export function parseHex(hex: string): Rgb {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m?.[1]) throw new Error(`not a #rrggbb colour: ${hex}`);
  const n = parseInt(m[1], 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export const toHex = (rgb: Rgb): string => `#${rgb.map((c) => Math.round(Math.min(255, Math.max(0, c))).toString(16).padStart(2, '0')).join('')}`;

/** `a` moved towards `b` by `t` (0: a, 1: b), in sRGB (what the eye and a camera sensor roughly see). */
export const mix = (a: Rgb, b: Rgb, t: number): Rgb => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];

const channel = (c: number): number => {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};

/** WCAG 2 relative luminance, 0 (black) to 1 (white). */
export const luminance = (rgb: Rgb): number => 0.2126 * channel(rgb[0]) + 0.7152 * channel(rgb[1]) + 0.0722 * channel(rgb[2]);

/** WCAG 2 contrast ratio, 1 to 21. */
export function contrast(a: Rgb, b: Rgb): number {
  const la = luminance(a);
  const lb = luminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/**
 * `rgb` darkened towards black until its luminance is at most `max` (a
 * module colour taken from a picture, kept dark enough to read as dark).
 */
export function darkenTo(rgb: Rgb, max: number): Rgb {
  if (luminance(rgb) <= max) return rgb;
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < 12; i += 1) {
    const t = (lo + hi) / 2;
    if (luminance(mix(rgb, [0, 0, 0], t)) > max) lo = t;
    else hi = t;
  }
  return mix(rgb, [0, 0, 0], hi);
}
