import type { OcrEngine } from '../../../providers/ocr/ocr-engine.js';
import { recogniseByColumns, type RegionLine } from './ocr-columns.js';

/**
 * One page image through OCR, read upright. A page photographed or scanned
 * sideways gives tall narrow boxes; one upside down gives boxes of the right
 * shape and low confidence: those are read again turned, and the reading with
 * the most confident characters wins. A blank page finds no box and costs one
 * detection pass. A page with columns is read column by column (ocr-columns.ts).
 */

/** Long side, in pixels, a page is rendered or scaled to for the detector (about 140 dpi on A4; see decision 0029). */
export const OCR_LONG_SIDE = 1600;
/** Below this mean confidence an upright-looking page is also tried upside down. */
const LOW_CONFIDENCE = 0.75;

export interface OcrProgress {
  /** 1-based index of the page being read among the pages that need OCR. */
  page: number;
  pages: number;
}

export interface OcrOptions {
  engine: OcrEngine;
  /** Most pages this document may send through OCR (the page budget); more fails the document before any is read. */
  maxPages: number;
  onProgress?: (progress: OcrProgress) => void;
  /** Long side of the page image given to the engine; OCR_LONG_SIDE unless measuring another. */
  longSide?: number;
}

/** A recognised line in page units, origin bottom-left (the text layer's convention). */
export interface OcrItem {
  str: string;
  x: number;
  y: number;
  w: number;
  size: number;
  /** The page region (column) it was read in: items of two regions never join into one line. */
  region?: number;
}

export interface UprightPage {
  items: OcrItem[];
  /** Clockwise quarter turns applied to read the page (0 when upright). */
  turned: 0 | 90 | 180 | 270;
}

function score(lines: RegionLine[]): number {
  return lines.reduce((n, l) => n + l.confidence * [...l.text].length, 0);
}

function meanConfidence(lines: RegionLine[]): number {
  const chars = lines.reduce((n, l) => n + [...l.text].length, 0);
  return chars === 0 ? 0 : score(lines) / chars;
}

async function turn(image: Buffer, degrees: 90 | 180 | 270): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp(image).rotate(degrees).png({ compressionLevel: 1 }).toBuffer();
}

/**
 * Reads an encoded page image (`width` × `height` pixels) and returns its lines
 * in page units: `unit` page units per pixel, y measured up from the bottom.
 */
export async function readPageImage(engine: OcrEngine, image: Buffer, width: number, height: number, unit: number): Promise<UprightPage> {
  let best = await recogniseByColumns(engine, image);
  let turned: UprightPage['turned'] = 0;
  if (best.length > 0) {
    const tall = best.filter((l) => l.box[3] - l.box[1] > 1.5 * (l.box[2] - l.box[0])).length;
    const tries: (90 | 180 | 270)[] = tall * 2 > best.length ? [90, 270] : meanConfidence(best) < LOW_CONFIDENCE ? [180] : [];
    for (const degrees of tries) {
      const lines = await recogniseByColumns(engine, await turn(image, degrees));
      if (score(lines) > score(best) * 1.1) {
        best = lines;
        turned = degrees;
      }
    }
  }
  const pixelHeight = turned === 90 || turned === 270 ? width : height;
  // The engine joins the pieces of one row with spaces, which Chinese and Japanese text does not have.
  const cjkGap = /([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]) +(?=[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef])/gu;
  const items = best.map((l) => {
    const [left, top, right, bottom] = l.box;
    const size = Math.max(1, (bottom - top) * unit);
    // The baseline sits about a fifth of the box above its bottom edge.
    return { str: l.text.replace(cjkGap, '$1'), x: left * unit, y: (pixelHeight - bottom) * unit + size * 0.2, w: (right - left) * unit, size: size * 0.8, region: l.region };
  });
  return { items, turned };
}
