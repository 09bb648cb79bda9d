import { parseImage } from './image.js';
import type { OcrOptions } from './ocr-page.js';
import { parsePdf } from './pdf.js';
import { parseText } from './text.js';
import { ParseError, type ParsedFormat, type ParseOutcome } from './types.js';
import { parseDoc, parseDocx } from './word.js';

async function parseAny(format: ParsedFormat, data: Uint8Array, ocr?: OcrOptions) {
  if (format === 'pdf') return parsePdf(data, ocr);
  if (format === 'image') return parseImage(data, ocr);
  if (format === 'docx') return parseDocx(data);
  if (format === 'doc') return parseDoc(data);
  return parseText(data);
}

/**
 * Parses by format (already sniffed from the content); never throws: failures
 * come back with their reason. Scanned pages and images are read only when an
 * OCR engine and page budget are given.
 */
export async function parseDocument(format: ParsedFormat, data: Uint8Array, ocr?: OcrOptions): Promise<ParseOutcome> {
  try {
    const doc = await parseAny(format, data, ocr);
    // PostgreSQL text cannot hold NUL, and control characters are never content: each becomes a space (same length, so offsets hold).
    // eslint-disable-next-line no-control-regex -- control characters are exactly what this removes
    for (const page of doc.pages) page.text = page.text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, ' ');
    return { ok: true, doc };
  } catch (error) {
    if (error instanceof ParseError) return { ok: false, reason: error.reason, detail: error.message };
    return { ok: false, reason: format === 'docx' ? 'docx_loading_failed' : 'doc_parsing_failed', detail: error instanceof Error ? error.message : String(error) };
  }
}
