import { QR_VERIFY_SIZES } from '@xueba/contract';
import sharp from 'sharp';
import type { Verification } from '../qr-engine.js';
import { MAX_INPUT_PIXELS } from './raster.js';
import { readJsqr, readsAs, readZxing, ZXING_STRICT, type Read, type Rgba } from './readers.js';

/**
 * Proof that a code scans: zxing-wasm and jsQR each read the picture at its
 * own size and scaled down to each of QR_VERIFY_SIZES (a code seen small, on
 * a screen across a room or printed on a card), and every read must equal the
 * content exactly. Each size is one sharp pipeline and one read per decoder;
 * neither decoder is allowed to rotate or invert, as a made code is upright
 * and dark on light.
 */

const NAMES = { zxing: 'zxing-wasm', jsqr: 'jsQR' } as const;

async function rgba(pipeline: sharp.Sharp): Promise<Rgba> {
  const { data, info } = await pipeline.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height };
}

/**
 * Area average over whole k × k blocks: what a camera's sensor does, and a
 * few milliseconds in JavaScript where sharp's thread hop costs more.
 */
function shrink(full: Rgba, k: number): Rgba {
  const width = Math.floor(full.width / k);
  const height = Math.floor(full.height / k);
  const out = new Uint8ClampedArray(width * height * 4);
  const src = full.data;
  const area = k * k;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (let dy = 0; dy < k; dy++) {
        let at = ((y * k + dy) * full.width + x * k) * 4;
        for (let dx = 0; dx < k; dx++, at += 4) {
          r += src[at] as number;
          g += src[at + 1] as number;
          b += src[at + 2] as number;
        }
      }
      const o = (y * width + x) * 4;
      out[o] = r / area;
      out[o + 1] = g / area;
      out[o + 2] = b / area;
      out[o + 3] = 255;
    }
  }
  return { data: out, width, height };
}

/** The smaller sizes are scaled from the decoded pixels, so the picture is decoded once. */
async function scaled(full: Rgba, side: number): Promise<Rgba> {
  const k = Math.max(full.width, full.height) / side;
  if (Number.isInteger(k) && full.width % k === 0 && full.height % k === 0) return shrink(full, k);
  const raw = Buffer.from(full.data.buffer, full.data.byteOffset, full.data.byteLength);
  return rgba(sharp(raw, { raw: { width: full.width, height: full.height, channels: 4 } }).resize(side, side, { fit: 'inside' }));
}

function problem(decoder: string, read: Read | null, side: number): string {
  return read ? `${decoder} read other text at ${side} px` : `${decoder} could not read it at ${side} px`;
}

export async function verify(picture: Buffer, expected: string): Promise<Verification> {
  let full: Rgba;
  try {
    // Transparent codes are judged on white, as a page or a screen shows them.
    full = await rgba(sharp(picture, { limitInputPixels: MAX_INPUT_PIXELS }).flatten({ background: '#ffffff' }));
  } catch {
    return { zxing: false, jsqr: false, sizes: [], ok: false, detail: 'the picture could not be read' };
  }
  const own = Math.max(full.width, full.height);
  const sides = [own, ...QR_VERIFY_SIZES.filter((s) => s < own)];
  const failures: string[] = [];
  const passed = { zxing: true, jsqr: true };
  const sizes: number[] = [];
  for (const side of sides) {
    const pixels = side === own ? full : await scaled(full, side);
    const reads = { zxing: await readZxing(pixels, ZXING_STRICT), jsqr: readJsqr(pixels, false) };
    let both = true;
    for (const key of ['zxing', 'jsqr'] as const) {
      if (readsAs(reads[key], expected)) continue;
      both = false;
      passed[key] = false;
      failures.push(problem(NAMES[key], reads[key], side));
    }
    if (both) sizes.push(side);
  }
  const ok = passed.zxing && passed.jsqr;
  return { zxing: passed.zxing, jsqr: passed.jsqr, sizes, ok, detail: failures.join('; ') };
}
