import type { Grey } from './raster.js';

/**
 * Pixel operations of the upload path on greyscale rasters, in plain
 * JavaScript (a few milliseconds at the sizes used): thresholds that turn an
 * art code's mid-tones into modules, a contrast stretch, crops.
 */

function same(grey: Grey, data: Uint8Array): Grey {
  return { data, width: grey.width, height: grey.height };
}

/** Otsu's threshold: the grey level that best splits the histogram into two classes. */
export function otsuLevel(grey: Grey): number {
  const hist = new Float64Array(256);
  for (const v of grey.data) hist[v] = (hist[v] as number) + 1;
  const total = grey.data.length;
  let sum = 0;
  for (let i = 0; i < 256; i++) sum += i * (hist[i] as number);
  let sumB = 0;
  let weightB = 0;
  let best = 0;
  let level = 127;
  for (let t = 0; t < 256; t++) {
    weightB += hist[t] as number;
    if (weightB === 0) continue;
    const weightF = total - weightB;
    if (weightF === 0) break;
    sumB += t * (hist[t] as number);
    const meanB = sumB / weightB;
    const meanF = (sum - sumB) / weightF;
    const between = weightB * weightF * (meanB - meanF) * (meanB - meanF);
    if (between > best) {
      best = between;
      level = t;
    }
  }
  return level;
}

/** Dark (0) at or below `level`, light (255) above. */
export function threshold(grey: Grey, level: number): Grey {
  const out = new Uint8Array(grey.data.length);
  for (let i = 0; i < out.length; i++) out[i] = (grey.data[i] as number) <= level ? 0 : 255;
  return same(grey, out);
}

/** Summed-area table with a zero row and column in front, (width + 1) × (height + 1). */
function integral(grey: Grey): Float64Array {
  const { width, height, data } = grey;
  const stride = width + 1;
  const sat = new Float64Array(stride * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += data[y * width + x] as number;
      sat[(y + 1) * stride + x + 1] = (sat[y * stride + x + 1] as number) + row;
    }
  }
  return sat;
}

/**
 * Local-mean threshold: a pixel is dark when it is darker than the mean of the
 * `window`-pixel square around it by more than `offset`. Follows lighting
 * gradients and overlays that defeat one global level.
 */
export function adaptive(grey: Grey, window: number, offset: number): Grey {
  const { width, height, data } = grey;
  const sat = integral(grey);
  const stride = width + 1;
  const half = Math.max(1, Math.floor(window / 2));
  const out = new Uint8Array(data.length);
  for (let y = 0; y < height; y++) {
    const y0 = Math.max(0, y - half);
    const y1 = Math.min(height, y + half + 1);
    for (let x = 0; x < width; x++) {
      const x0 = Math.max(0, x - half);
      const x1 = Math.min(width, x + half + 1);
      const area = (x1 - x0) * (y1 - y0);
      const total = (sat[y1 * stride + x1] as number) - (sat[y0 * stride + x1] as number) - (sat[y1 * stride + x0] as number) + (sat[y0 * stride + x0] as number);
      out[y * width + x] = (data[y * width + x] as number) <= total / area - offset ? 0 : 255;
    }
  }
  return same(grey, out);
}

/** Linear stretch so the `share` darkest pixels go black and the `share` lightest go white. */
export function stretch(grey: Grey, share: number): Grey {
  const hist = new Uint32Array(256);
  for (const v of grey.data) hist[v] = (hist[v] as number) + 1;
  const cut = grey.data.length * share;
  let low = 0;
  for (let seen = 0; low < 255 && seen + (hist[low] as number) <= cut; low++) seen += hist[low] as number;
  let high = 255;
  for (let seen = 0; high > 0 && seen + (hist[high] as number) <= cut; high--) seen += hist[high] as number;
  if (high <= low) return grey;
  const scale = 255 / (high - low);
  const out = new Uint8Array(grey.data.length);
  for (let i = 0; i < out.length; i++) out[i] = Math.max(0, Math.min(255, Math.round(((grey.data[i] as number) - low) * scale)));
  return same(grey, out);
}

/** The rectangle (x, y, w, h) given in shares of the picture's sides. */
export function crop(grey: Grey, x: number, y: number, w: number, h: number): Grey {
  const left = Math.round(x * grey.width);
  const top = Math.round(y * grey.height);
  const width = Math.max(1, Math.min(grey.width - left, Math.round(w * grey.width)));
  const height = Math.max(1, Math.min(grey.height - top, Math.round(h * grey.height)));
  const out = new Uint8Array(width * height);
  for (let row = 0; row < height; row++) {
    const from = (top + row) * grey.width + left;
    out.set(grey.data.subarray(from, from + width), row * width);
  }
  return { data: out, width, height };
}
