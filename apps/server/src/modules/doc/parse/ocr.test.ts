import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { OcrEngine, OcrLine } from '../../../providers/ocr/ocr-engine.js';
import { paddleOcr } from '../../../providers/ocr/paddle-ocr.js';
import { drawPage, scannedPdf } from '../../../test/scan-fixture.js';
import { IMAGE_MAX_PIXELS } from './image.js';
import type { OcrProgress } from './ocr-page.js';
import { parseDocument } from './parse.js';

/**
 * Scanned pages and page photos read by OCR (decision 0029). Fixtures are drawn
 * here; the real engine reads a few pages, a fake one stands in where only the
 * page count matters (the 300-page scan).
 */

const LINES = ['Scanned thesis chapter two', 'Results of the field survey 2026', 'Water quality improved by forty percent'];

function words(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
}

/** Fraction of the expected words found in the text. */
function recall(text: string, expected: string[]): number {
  const found = new Set(words(text));
  const want = expected.flatMap(words);
  return want.filter((w) => found.has(w)).length / want.length;
}

class CountingEngine implements OcrEngine {
  calls = 0;
  async recognise(): Promise<OcrLine[]> {
    this.calls += 1;
    // Mid-page and varied, so it is not taken for a running head or a page number.
    return [{ text: `line ${String.fromCharCode(97 + (this.calls % 26))} ${this.calls}`, box: [20, 90, 180, 110], confidence: 0.99 }];
  }
}

describe('OCR of scanned PDFs and page photos', () => {
  it('reads an image-only page, keeps a text-layer page, and skips a blank one, with progress and boxes', async () => {
    const pdf = scannedPdf([{ image: drawPage(LINES) }, { text: ['Born digital page with its own text layer'] }, { image: drawPage([]) }]);
    const progress: OcrProgress[] = [];
    const outcome = await parseDocument('pdf', new Uint8Array(pdf), { engine: paddleOcr(), maxPages: 10, onProgress: (p) => progress.push(p) });
    if (!outcome.ok) throw new Error(outcome.detail);
    const [scan, born, blank] = outcome.doc.pages;
    expect(recall(scan!.text, LINES)).toBeGreaterThanOrEqual(0.9);
    expect(born!.text).toBe('Born digital page with its own text layer');
    expect(blank!.text).toBe('');
    // Two pages paint an image; the text page never reaches the engine.
    expect(progress).toEqual([
      { page: 1, pages: 2 },
      { page: 2, pages: 2 },
    ]);
    expect(outcome.doc.ocrPages).toBe(2);
    // Boxes in PDF units (A4, origin bottom-left): the first lines sit near the top of the page.
    const box = scan!.blocks[0]!.bbox!;
    expect(box[0]).toBeGreaterThan(40);
    expect(box[0]).toBeLessThan(100);
    expect(box[3]).toBeGreaterThan(700);
    expect(box[3]).toBeLessThanOrEqual(842);
  }, 120_000);

  it('reads a page photo turned sideways', async () => {
    const sideways = await sharp(drawPage(LINES).jpeg).rotate(90).jpeg().toBuffer();
    const outcome = await parseDocument('image', new Uint8Array(sideways), { engine: paddleOcr(), maxPages: 1 });
    if (!outcome.ok) throw new Error(outcome.detail);
    expect(outcome.doc.pages).toHaveLength(1);
    expect(recall(outcome.doc.pages[0]!.text, LINES)).toBeGreaterThanOrEqual(0.9);
  }, 120_000);

  it('refuses a blank photo as having no text', async () => {
    const outcome = await parseDocument('image', new Uint8Array(drawPage([]).jpeg), { engine: paddleOcr(), maxPages: 1 });
    expect(outcome.ok ? 'ok' : outcome.reason).toBe('doc_not_support_loading');
  }, 60_000);

  it('refuses a 20,000 × 20,000 image from its header, before decoding a pixel', async () => {
    // A PNG whose header declares 20,000 × 20,000 (1.6 GB as RGBA); the body is never read.
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(20_000, 0);
    ihdr.writeUInt32BE(20_000, 4);
    ihdr.set([8, 2, 0, 0, 0], 8);
    const chunk = (type: string, data: Buffer) => {
      const out = Buffer.alloc(12 + data.length);
      out.writeUInt32BE(data.length, 0);
      out.write(type, 4, 'latin1');
      data.copy(out, 8);
      out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
      return out;
    };
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', Buffer.alloc(64)), chunk('IEND', Buffer.alloc(0))]);
    const engine = new CountingEngine();
    const before = process.memoryUsage().rss;
    const outcome = await parseDocument('image', new Uint8Array(png), { engine, maxPages: 1 });
    expect(outcome.ok ? 'ok' : outcome.reason).toBe('doc_image_too_large');
    expect(20_000 * 20_000).toBeGreaterThan(IMAGE_MAX_PIXELS);
    expect(engine.calls).toBe(0);
    expect((process.memoryUsage().rss - before) / 1024 / 1024).toBeLessThan(100);
  });

  it('reads a 300-page scan page by page within the budget, and refuses it over the budget before reading any', async () => {
    const page = drawPage(['one line'], { width: 200, height: 280 });
    const pdf = scannedPdf(Array.from({ length: 300 }, () => ({ image: page })));
    const over = new CountingEngine();
    // pdf.js takes over (detaches) the bytes it is given: each parse gets its own copy.
    const refused = await parseDocument('pdf', new Uint8Array(pdf), { engine: over, maxPages: 299 });
    expect(refused.ok ? 'ok' : refused.reason).toBe('doc_ocr_budget_exceeded');
    expect(over.calls).toBe(0);

    const engine = new CountingEngine();
    const progress: OcrProgress[] = [];
    const outcome = await parseDocument('pdf', new Uint8Array(pdf), { engine, maxPages: 300, longSide: 200, onProgress: (p) => progress.push(p) });
    if (!outcome.ok) throw new Error(outcome.detail);
    expect(engine.calls).toBe(300);
    expect(progress).toHaveLength(300);
    expect(progress[11]).toEqual({ page: 12, pages: 300 });
    expect(outcome.doc.pages).toHaveLength(300);
    expect(outcome.doc.pages[299]!.text).toBe('line o 300');
  }, 120_000);

  it('leaves scanned pages unread without an engine, as before', async () => {
    const outcome = await parseDocument('pdf', new Uint8Array(scannedPdf([{ image: drawPage(LINES) }])));
    expect(outcome.ok ? 'ok' : outcome.reason).toBe('doc_not_support_loading');
  });
});
