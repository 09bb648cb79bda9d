import sharp from 'sharp';
import type { Rgba } from './readers.js';

/**
 * Pixels from sharp for the decoders. Every call is bounded: an input over
 * MAX_INPUT_PIXELS is refused by sharp before it is decoded (a decompression
 * bomb cannot take the memory), and anything sharp cannot read gives null
 * rather than an exception, since "not a picture" only means "no code here".
 */

/** About a 50-megapixel photo; larger inputs are not pictures of a QR code anyone made. */
export const MAX_INPUT_PIXELS = 50_000_000;

/** A greyscale picture, one byte per pixel, row by row. */
export interface Grey {
  data: Uint8Array;
  width: number;
  height: number;
}

function open(picture: Buffer): sharp.Sharp {
  // Transparent codes are read as if on white paper: black behind them would hide dark modules.
  return sharp(picture, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'none' }).rotate().flatten({ background: '#ffffff' });
}

function toRgba(data: Buffer, width: number, height: number): Rgba {
  return { data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), width, height };
}

/** The picture as RGBA with its longer side at most `maxSide` (never enlarged); null when it is not a readable picture. */
export async function rgbaAt(picture: Buffer, maxSide?: number): Promise<Rgba | null> {
  try {
    let pipeline = open(picture);
    if (maxSide) pipeline = pipeline.resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true });
    const { data, info } = await pipeline.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    return toRgba(data, info.width, info.height);
  } catch {
    return null;
  }
}

/** Decoded pixels as a sharp pipeline, so later versions never decode the upload again. */
function fromRgba(pixels: Rgba): sharp.Sharp {
  return sharp(Buffer.from(pixels.data.buffer, pixels.data.byteOffset, pixels.data.byteLength), { raw: { width: pixels.width, height: pixels.height, channels: 4 } });
}

/** Greyscale (luminance) with the longer side at most `maxSide`. */
export async function greyOf(pixels: Rgba, maxSide: number): Promise<Grey> {
  const { data, info } = await fromRgba(pixels)
    .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height };
}

/**
 * The brightest of the three channels per pixel, longer side at most
 * `maxSide`. Art codes put colour into light modules and keep dark ones near
 * black; luminance makes saturated blue or red look dark, the brightest
 * channel does not.
 */
export async function brightestOf(pixels: Rgba, maxSide: number): Promise<Grey> {
  const { data, info } = await fromRgba(pixels)
    .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const out = new Uint8Array(info.width * info.height);
  for (let i = 0, j = 0; i < out.length; i++, j += 4) out[i] = Math.max(data[j] as number, data[j + 1] as number, data[j + 2] as number);
  return { data: out, width: info.width, height: info.height };
}

/** A sharp pipeline over a greyscale raster (for resizing, blurring, normalising). */
function fromGrey(grey: Grey): sharp.Sharp {
  return sharp(Buffer.from(grey.data.buffer, grey.data.byteOffset, grey.data.byteLength), { raw: { width: grey.width, height: grey.height, channels: 1 } });
}

async function run(pipeline: sharp.Sharp): Promise<Grey> {
  const { data, info } = await pipeline.greyscale().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height };
}

/** Longer side scaled to `side`: downscaling merges a photo's noise and an art code's texture into module colours. */
export function scaleGrey(grey: Grey, side: number): Promise<Grey> {
  return run(fromGrey(grey).resize(side, side, { fit: 'inside', kernel: 'cubic' }));
}

export function blurGrey(grey: Grey, sigma: number): Promise<Grey> {
  return run(fromGrey(grey).blur(sigma));
}

/** Grey to the RGBA both decoders take (R = G = B, so zxing's own luminance step gives back the same grey). */
export function greyToRgba(grey: Grey): Rgba {
  const n = grey.width * grey.height;
  const out = new Uint8ClampedArray(n * 4);
  const src = grey.data;
  for (let i = 0, j = 0; i < n; i++, j += 4) {
    const v = src[i] as number;
    out[j] = v;
    out[j + 1] = v;
    out[j + 2] = v;
    out[j + 3] = 255;
  }
  return { data: out, width: grey.width, height: grey.height };
}
