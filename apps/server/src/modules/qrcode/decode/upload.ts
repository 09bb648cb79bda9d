import type { ReaderOptions } from 'zxing-wasm/reader';
import type { DecodedUpload } from '../qr-engine.js';
import { ladder } from './ladder.js';
import { greyAt, greyToRgba, rgbaAt } from './raster.js';
import { busyness, JSQR_BUSY_MAX, readJsqr, readText, readZxing, ZXING_HARD, type Read, type Rgba } from './readers.js';

/**
 * The upload path: a picture of an existing code (a screenshot, a photo, an
 * art code) read as it is by both decoders, then prepared several ways
 * (ladder.ts) until one reads or the time budget runs out. Anything that is
 * not a picture, or a picture without a code, gives null.
 */

/** How long an upload may be worked on before "no code found". */
export const UPLOAD_BUDGET_MS = 1500;
/** The picture "as it is" is read with its longer side at most this (sharp shrinks large JPEGs while decoding, so memory stays bounded). */
export const ORIGINAL_MAX_SIDE = 2048;
/** jsQR is plain JavaScript and slow on big rasters; above this it reads a scaled copy. */
const JSQR_MAX_SIDE = 1024;
/** The prepared versions start from a copy this large. */
const BASE_SIDE = 1024;

/** For prepared versions: they are already scaled, so zxing need not scale or rotate them again. */
const ZXING_PREPARED: ReaderOptions = { ...ZXING_HARD, tryRotate: false, tryDownscale: false };

/**
 * jsQR, unless the picture is noise-like (see busyness). Inverted codes are
 * tried on the picture as it is; prepared versions leave inversion to zxing,
 * which costs jsQR a second full search on every miss.
 */
function jsqrIfCalm(pixels: Rgba, invert: boolean): Read | null {
  return busyness(pixels) < JSQR_BUSY_MAX ? readJsqr(pixels, invert) : null;
}

function found(read: Read, decoder: DecodedUpload['decoder'], variant: string): DecodedUpload {
  return { text: readText(read), decoder, variant };
}

export async function decodeUpload(data: Buffer, options: { budgetMs?: number } = {}): Promise<DecodedUpload | null> {
  const deadline = performance.now() + (options.budgetMs ?? UPLOAD_BUDGET_MS);
  const late = () => performance.now() > deadline;

  const original = await rgbaAt(data, ORIGINAL_MAX_SIDE);
  if (!original) return null;
  const zxing = await readZxing(original, ZXING_HARD);
  if (zxing) return found(zxing, 'zxing', 'original');
  const side = Math.max(original.width, original.height);
  if (side <= JSQR_MAX_SIDE) {
    const jsqr = jsqrIfCalm(original, true);
    if (jsqr) return found(jsqr, 'jsqr', 'original');
  }
  if (late()) return null;

  const base = await greyAt(data, BASE_SIDE);
  if (!base) return null;
  if (side > JSQR_MAX_SIDE) {
    const jsqr = jsqrIfCalm(greyToRgba(base), true);
    if (jsqr) return found(jsqr, 'jsqr', `scaled-${BASE_SIDE}`);
  }
  for (const step of ladder(data, base)) {
    if (late()) return null;
    const pixels: Rgba = greyToRgba(await step.make());
    const z = await readZxing(pixels, ZXING_PREPARED);
    if (z) return found(z, 'zxing', step.variant);
    if (late()) return null;
    const j = jsqrIfCalm(pixels, false);
    if (j) return found(j, 'jsqr', step.variant);
  }
  return null;
}
