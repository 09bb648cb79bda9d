import fs from 'node:fs';
import { createRequire } from 'node:module';
import jsQRModule from 'jsqr';
import { prepareZXingModule, readBarcodes, type ReaderOptions } from 'zxing-wasm/reader';

/**
 * The two independent decoders, both reading the same RGBA pixels: zxing-wasm
 * (the zxing-cpp reader compiled to WebAssembly) and jsQR (plain JavaScript, a
 * port of the older Java ZXing). Their detectors and binarisers differ, so a
 * code both read is likely to read on phones using either lineage.
 */

/** Pixels as both decoders take them: RGBA, row by row. */
export interface Rgba {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/** What a decoder read: the text as the decoder renders it and the raw payload bytes. */
export interface Read {
  text: string;
  bytes: Uint8Array;
  /** The code names its character set (an ECI marker), so the decoder's text is authoritative. */
  eci: boolean;
}

let zxingReady: Promise<void> | null = null;

/**
 * Loads the reader build once per process. The wasm is read from the package
 * on disk and handed over as bytes: the library's default would fetch it from
 * a CDN, which a closed network does not allow and which we do not want.
 */
export function loadZxing(): Promise<void> {
  if (!zxingReady) {
    zxingReady = (async () => {
      const require = createRequire(import.meta.url);
      const file = await fs.promises.readFile(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
      const wasmBinary = file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) as ArrayBuffer;
      await prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true });
    })();
    // A failed load (a missing file) must not stick: the next call tries again.
    zxingReady.catch(() => {
      zxingReady = null;
    });
  }
  return zxingReady;
}

/** Options for checking a code we made: one clean, upright, dark-on-light symbol; searched properly but not rotated or inverted. */
export const ZXING_STRICT: ReaderOptions = {
  formats: ['QRCode'],
  textMode: 'Plain',
  tryHarder: true,
  tryRotate: false,
  tryInvert: false,
  tryDownscale: false,
  maxNumberOfSymbols: 1,
};

/** Options for a photo of someone's code: everything the library can try by itself. */
export const ZXING_HARD: ReaderOptions = {
  formats: ['QRCode'],
  textMode: 'Plain',
  tryHarder: true,
  tryRotate: true,
  tryInvert: true,
  tryDownscale: true,
  maxNumberOfSymbols: 1,
};

/**
 * The library's reading with only the format narrowed: "zxing-wasm alone" in
 * evaluations. Every option here asks for the text as encoded ('Plain'): the
 * default ('HRI') writes control characters as "<GS>" and the like.
 */
export const ZXING_PLAIN: ReaderOptions = { formats: ['QRCode'], textMode: 'Plain', maxNumberOfSymbols: 1 };

export async function readZxing(pixels: Rgba, options: ReaderOptions): Promise<Read | null> {
  await loadZxing();
  const results = await readBarcodes(pixels, options);
  const hit = results.find((r) => r.isValid);
  return hit ? { text: hit.text, bytes: hit.bytes, eci: hit.hasECI } : null;
}

type JsQR = (data: Uint8ClampedArray, width: number, height: number, options?: { inversionAttempts?: 'dontInvert' | 'onlyInvert' | 'attemptBoth' | 'invertFirst' }) => { data: string; binaryData: number[] } | null;

// jsqr ships a CommonJS bundle whose default export lands on `.default` or on the module itself depending on the loader.
const jsQR: JsQR = ((jsQRModule as unknown as { default?: JsQR }).default ?? jsQRModule) as JsQR;

export function readJsqr(pixels: Rgba, invert: boolean): Read | null {
  const hit = jsQR(pixels.data, pixels.width, pixels.height, { inversionAttempts: invert ? 'attemptBoth' : 'dontInvert' });
  return hit ? { text: hit.data, bytes: Uint8Array.from(hit.binaryData), eci: false } : null;
}

/**
 * How noise-like the picture looks to jsQR: the share of horizontal
 * neighbours (every other row) that differ after a binarisation like jsQR's
 * own (8-pixel blocks; a block with little range counts as light; each pixel
 * against the mean of the 5 × 5 blocks around it). Pixel noise, even faint,
 * scores near 0.5; a code with modules of three pixels or more at most about
 * 0.3, photos far less. jsQR's finder search grows without bound on noise
 * (seconds at 400 px), so the upload path gives it only calmer pictures.
 */
export function busyness(pixels: Rgba): number {
  const { data, width, height } = pixels;
  const B = 8;
  const bw = Math.ceil(width / B);
  const bh = Math.ceil(height / B);
  const means = new Float64Array(bw * bh);
  for (let by = 0; by < bh; by++) {
    for (let bx = 0; bx < bw; bx++) {
      let min = 255;
      let max = 0;
      let sum = 0;
      let n = 0;
      for (let y = by * B; y < Math.min(height, by * B + B); y++) {
        for (let x = bx * B; x < Math.min(width, bx * B + B); x++) {
          const v = data[(y * width + x) * 4 + 1] as number;
          sum += v;
          n++;
          if (v < min) min = v;
          if (v > max) max = v;
        }
      }
      means[by * bw + bx] = max - min <= 24 ? min / 2 : sum / n;
    }
  }
  const levels = new Float64Array(bw * bh);
  for (let by = 0; by < bh; by++) {
    for (let bx = 0; bx < bw; bx++) {
      let sum = 0;
      let n = 0;
      for (let yy = Math.max(0, by - 2); yy <= Math.min(bh - 1, by + 2); yy++) {
        for (let xx = Math.max(0, bx - 2); xx <= Math.min(bw - 1, bx + 2); xx++) {
          sum += means[yy * bw + xx] as number;
          n++;
        }
      }
      levels[by * bw + bx] = sum / n;
    }
  }
  let edges = 0;
  let pairs = 0;
  for (let y = 0; y < height; y += 2) {
    const row = Math.floor(y / B) * bw;
    let previous = (data[y * width * 4 + 1] as number) <= (levels[row] as number);
    for (let x = 1; x < width; x++) {
      const dark = (data[(y * width + x) * 4 + 1] as number) <= (levels[row + Math.floor(x / B)] as number);
      pairs++;
      if (dark !== previous) edges++;
      previous = dark;
    }
  }
  return pairs ? edges / pairs : 0;
}

export const JSQR_BUSY_MAX = 0.3;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Whether a read holds exactly `expected`. Codes carry byte-mode text without
 * an ECI marker, so a decoder has to guess the character set; zxing guesses
 * from the bytes (and may pick Shift_JIS or Latin-1 for short CJK or accented
 * text). The payload bytes decoded as UTF-8 are the exact test; the decoder's
 * own text is accepted as well, as it is what its apps would show.
 */
export function readsAs(read: Read | null, expected: string): boolean {
  if (!read) return false;
  if (read.text === expected) return true;
  try {
    return utf8.decode(read.bytes) === expected;
  } catch {
    return false;
  }
}

/** The text of a read for an upload: the decoder's when the code names its character set, else the payload as UTF-8 when it is valid UTF-8 (most codes), else the decoder's own guess. */
export function readText(read: Read): string {
  if (read.eci) return read.text;
  try {
    const text = utf8.decode(read.bytes);
    return text.length > 0 ? text : read.text;
  } catch {
    return read.text;
  }
}
