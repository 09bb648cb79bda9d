import { OCR_LONG_SIDE, readPageImage, type OcrOptions } from './ocr-page.js';
import { buildLines, pageTextFromLines } from './pdf.js';
import { ParseError, type ParsedDocument } from './types.js';

/**
 * A photo or scan of one page (PNG or JPEG) read by OCR into a one-page
 * document. The header is read first and an image over IMAGE_MAX_PIXELS is
 * refused before any pixel is decoded: a 20,000 × 20,000 image would need
 * 1.6 GB as RGBA. The rest is turned by its EXIF orientation and scaled (by
 * libvips, outside the JS heap, streaming) to the detector's size.
 */

/** About a 100-megapixel camera; phone photos are 12 to 50. */
export const IMAGE_MAX_PIXELS = 100_000_000;

export async function parseImage(data: Uint8Array, ocr?: OcrOptions): Promise<ParsedDocument> {
  if (!ocr) throw new ParseError('doc_not_support_loading', 'images are read by OCR only');
  const { default: sharp } = await import('sharp');
  sharp.concurrency(1);
  let meta;
  try {
    meta = await sharp(data, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw new ParseError('doc_parsing_failed', error instanceof Error ? error.message : String(error));
  }
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (width * height > IMAGE_MAX_PIXELS) throw new ParseError('doc_image_too_large', `${width} × ${height} pixels`);
  if (width === 0 || height === 0) throw new ParseError('doc_parsing_failed', 'image without size');
  if (ocr.maxPages < 1) throw new ParseError('doc_ocr_budget_exceeded', `1 scanned page, page budget ${ocr.maxPages}`);
  ocr.onProgress?.({ page: 1, pages: 1 });
  let png: { data: Buffer; info: { width: number; height: number } };
  try {
    png = await sharp(data, { limitInputPixels: IMAGE_MAX_PIXELS, sequentialRead: true })
      .rotate()
      .resize({ width: ocr.longSide ?? OCR_LONG_SIDE, height: ocr.longSide ?? OCR_LONG_SIDE, fit: 'inside' })
      .flatten({ background: '#ffffff' })
      .png({ compressionLevel: 1 })
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw new ParseError('doc_parsing_failed', error instanceof Error ? error.message : String(error));
  }
  const read = await readPageImage(ocr.engine, png.data, png.info.width, png.info.height, 1);
  const sideways = read.turned === 90 || read.turned === 270;
  const page = pageTextFromLines(buildLines(read.items), sideways ? png.info.height : png.info.width);
  if (!page.text.trim()) throw new ParseError('doc_not_support_loading', 'no text found by OCR');
  return { pages: [page], ocrPages: 1 };
}
