import { createRequire } from 'node:module';
import path from 'node:path';
import type { OcrOptions } from './ocr-page.js';
import { OCR_TEXT_LAYER_MIN, ocrPdfPages, paintsImage } from './pdf-ocr.js';
import { ParseError, type ParsedDocument, type ParsedPage } from './types.js';

/**
 * PDF text with pdf.js (legacy build, the one that runs on Node 20): text per
 * page with positions, put into reading order. Lines are built from the text
 * items by baseline; a page whose lines leave a vertical gutter near the middle
 * is read as two columns (left, then right), with full-width lines (titles,
 * wide figures) kept where they stand. Running headers and footers — lines
 * repeating at the same place on many pages, and bare page numbers — are
 * dropped afterwards across the whole document. Pages without a text layer
 * that paint an image (scans) are read by OCR when an engine is given
 * (pdf-ocr.ts); their lines go through the same layout as text-layer lines.
 */

const require = createRequire(import.meta.url);
const PDFJS_DIR = path.dirname(require.resolve('pdfjs-dist/package.json'));
const CMAP_URL = `${path.join(PDFJS_DIR, 'cmaps')}/`;
const FONT_URL = `${path.join(PDFJS_DIR, 'standard_fonts')}/`;

interface Item {
  str: string;
  x: number;
  y: number;
  w: number;
  size: number;
  /** OCR: the page region (column) the item was read in. */
  region?: number;
}

interface Line {
  text: string;
  x0: number;
  x1: number;
  y: number;
  size: number;
  /** OCR: the page region (column) it was read in; regions are numbered in reading order. */
  region?: number;
}

interface PageLines {
  lines: Line[];
  width: number;
  height: number;
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef]/u;

function joinItems(items: Item[]): string {
  let out = '';
  let prev: Item | null = null;
  for (const item of items) {
    if (prev) {
      const gap = item.x - (prev.x + prev.w);
      const last = out.slice(-1);
      const first = item.str.charAt(0);
      const needsSpace = gap > Math.max(prev.size, item.size) * 0.15 && last !== ' ' && first !== ' ' && !(CJK.test(last) && CJK.test(first));
      if (needsSpace) out += ' ';
    }
    out += item.str;
    prev = item;
  }
  return out.replace(/\s+/g, ' ').trim();
}

/** Items of one page into lines: same baseline (within a fraction of the font size) and no wide horizontal gap. */
export function buildLines(items: Item[]): Line[] {
  const sorted = [...items].sort((a, b) => b.y - a.y || a.x - b.x);
  const rows: Item[][] = [];
  for (const item of sorted) {
    const row = rows[rows.length - 1];
    if (row && Math.abs(row[0]!.y - item.y) <= Math.max(row[0]!.size, item.size) * 0.4) row.push(item);
    else rows.push([item]);
  }
  const lines: Line[] = [];
  for (const row of rows) {
    row.sort((a, b) => a.x - b.x);
    let current: Item[] = [];
    const flush = () => {
      const text = joinItems(current);
      if (text) {
        const last = current[current.length - 1]!;
        lines.push({ text, x0: current[0]!.x, x1: last.x + last.w, y: current[0]!.y, size: Math.max(...current.map((i) => i.size)), region: current[0]!.region });
      }
      current = [];
    };
    for (const item of row) {
      const prev = current[current.length - 1];
      // A gap wider than ~1 em on one baseline is a column gutter (or a table cell), not a word space;
      // OCR items read in two page regions (columns found on the image) are never one line.
      if (prev && (item.x - (prev.x + prev.w) > Math.max(prev.size, item.size) * 1.0 || prev.region !== item.region)) flush();
      current.push(item);
    }
    flush();
  }
  return lines;
}

/** The x of a vertical gutter crossed by few lines near the middle of the page, or null (one column). */
function findGutter(lines: Line[], width: number): number | null {
  if (lines.length < 8) return null;
  let best: { x: number; crossing: number } | null = null;
  for (let x = width * 0.4; x <= width * 0.6; x += width / 100) {
    const crossing = lines.filter((l) => l.x0 < x - 2 && l.x1 > x + 2).length;
    if (!best || crossing < best.crossing) best = { x, crossing };
  }
  if (!best) return null;
  const left = lines.filter((l) => l.x1 <= best.x + 2).length;
  const right = lines.filter((l) => l.x0 >= best.x - 2).length;
  // Two real columns: both sides well filled, few lines across.
  if (left < 4 || right < 4 || best.crossing > (left + right) * 0.25) return null;
  return best.x;
}

/** Reading order: bands separated by full-width lines; within a band, the left column then the right one. */
function readingOrder(page: PageLines): Line[] {
  // OCR found the page's regions on the image, in reading order: a turned scan's columns lean, which a gutter x cannot follow.
  if (page.lines.some((l) => l.region !== undefined)) return [...page.lines].sort((a, b) => (a.region ?? 0) - (b.region ?? 0) || b.y - a.y || a.x0 - b.x0);
  const gutter = findGutter(page.lines, page.width);
  const top = [...page.lines].sort((a, b) => b.y - a.y || a.x0 - b.x0);
  if (gutter === null) return top;
  const out: Line[] = [];
  let left: Line[] = [];
  let right: Line[] = [];
  const flush = () => {
    out.push(...left, ...right);
    left = [];
    right = [];
  };
  for (const line of top) {
    if (line.x1 <= gutter + 2) left.push(line);
    else if (line.x0 >= gutter - 2) right.push(line);
    else {
      flush();
      out.push(line);
    }
  }
  flush();
  return out;
}

const PAGE_NUMBER = /^(?:[-–—]?\s*\d{1,4}\s*[-–—]?|page\s+\d+(?:\s+of\s+\d+)?|第\s*\d+\s*页(?:\s*共\s*\d+\s*页)?|\d+\s*\/\s*\d+|[ivxlc]{1,6})$/i;

/** Lines repeating at the same height on many pages (running heads, footers), and bare page numbers in the margins. */
function runningLines(pages: PageLines[]): Set<string> {
  const drop = new Set<string>();
  const key = (line: Line) => `${Math.round(line.y / 4)}|${line.text.replace(/\d+/g, '#').toLowerCase()}`;
  const counts = new Map<string, number>();
  pages.forEach((page) => {
    const seen = new Set<string>();
    for (const line of page.lines) {
      // Only the outer bands of the page can hold running heads and footers.
      if (line.y < page.height * 0.12 || line.y > page.height * 0.88) seen.add(key(line));
    }
    for (const k of seen) counts.set(k, (counts.get(k) ?? 0) + 1);
  });
  if (pages.length >= 3) {
    for (const [k, n] of counts) if (n >= Math.max(3, pages.length * 0.4)) drop.add(k);
  }
  return drop;
}

function isMarginNumber(line: Line, page: PageLines): boolean {
  return (line.y < page.height * 0.12 || line.y > page.height * 0.88) && PAGE_NUMBER.test(line.text);
}

/** Lines into page text: paragraphs split on larger vertical gaps, end-of-line hyphens joined. */
function pageText(lines: Line[]): ParsedPage {
  const paragraphs: { text: string; lines: Line[] }[] = [];
  let current: Line[] = [];
  const gaps: number[] = [];
  for (let i = 1; i < lines.length; i += 1) {
    const gap = lines[i - 1]!.y - lines[i]!.y;
    if (gap > 0) gaps.push(gap);
  }
  gaps.sort((a, b) => a - b);
  const typical = gaps.length > 0 ? gaps[Math.floor(gaps.length / 2)]! : 12;
  const flush = () => {
    if (current.length === 0) return;
    let text = '';
    for (const line of current) {
      if (!text) text = line.text;
      else if (/[a-z]-$/.test(text) && /^[a-z]/.test(line.text)) text = text.slice(0, -1) + line.text;
      else if (CJK.test(text.slice(-1)) && CJK.test(line.text.charAt(0))) text += line.text;
      else text += ` ${line.text}`;
    }
    paragraphs.push({ text, lines: current });
    current = [];
  };
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!;
    const prev = lines[i - 1];
    if (prev) {
      const gap = prev.y - line.y;
      const jump = gap < 0 || gap > typical * 1.45 || Math.abs(line.size - prev.size) > 1.5;
      if (jump) flush();
    }
    current.push(line);
  }
  flush();
  let text = '';
  const blocks: ParsedPage['blocks'] = [];
  for (const p of paragraphs) {
    if (text) text += '\n\n';
    const start = text.length;
    text += p.text;
    const x0 = Math.min(...p.lines.map((l) => l.x0));
    const x1 = Math.max(...p.lines.map((l) => l.x1));
    const y0 = Math.min(...p.lines.map((l) => l.y));
    const y1 = Math.max(...p.lines.map((l) => l.y + l.size));
    blocks.push({ start, end: text.length, bbox: [round(x0), round(y0), round(x1), round(y1)] });
  }
  return { text, blocks };
}

/** Lines read by OCR from a page image into page text, in the same reading order as a text layer's. */
export function pageTextFromLines(lines: Line[], width: number): ParsedPage {
  return pageText(readingOrder({ lines, width, height: 0 }));
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}

interface TextItemLike {
  str?: string;
  transform?: number[];
  width?: number;
}

/** Raw pdf.js page texts (the benchmark's baseline: what pdf.js alone extracts, no layout). */
export async function rawPdfText(data: Uint8Array): Promise<string[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({ data, cMapUrl: CMAP_URL, cMapPacked: true, standardFontDataUrl: FONT_URL, isEvalSupported: false, disableFontFace: true, verbosity: 0 });
  const doc = await task.promise;
  const out: string[] = [];
  try {
    for (let n = 1; n <= doc.numPages; n += 1) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      out.push(content.items.map((i) => ('str' in i ? i.str : '')).join(' '));
      page.cleanup();
    }
  } finally {
    await doc.destroy();
  }
  return out;
}

export async function parsePdf(data: Uint8Array, ocr?: OcrOptions): Promise<ParsedDocument> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({ data, cMapUrl: CMAP_URL, cMapPacked: true, standardFontDataUrl: FONT_URL, isEvalSupported: false, disableFontFace: true, verbosity: 0, stopAtErrors: false });
  let doc: Awaited<typeof task.promise>;
  try {
    doc = await task.promise;
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    if (name === 'PasswordException') throw new ParseError('doc_password_protected', 'the PDF needs a user password');
    throw new ParseError('doc_parsing_failed', error instanceof Error ? error.message : String(error));
  }
  const pages: PageLines[] = [];
  const scanned: number[] = [];
  try {
    for (let n = 1; n <= doc.numPages; n += 1) {
      let page;
      try {
        page = await doc.getPage(n);
      } catch {
        // A broken page (truncated file, bad object) leaves the rest readable.
        pages.push({ lines: [], width: 612, height: 792 });
        continue;
      }
      const [x0, y0, x1, y1] = page.view as [number, number, number, number];
      const items: Item[] = [];
      try {
        const content = await page.getTextContent();
        for (const raw of content.items as TextItemLike[]) {
          const str = raw.str ?? '';
          const t = raw.transform;
          if (!t || !str.trim()) continue;
          const size = Math.hypot(t[2] ?? 0, t[3] ?? 0) || Math.hypot(t[0] ?? 0, t[1] ?? 0) || 10;
          items.push({ str, x: (t[4] ?? 0) - x0, y: (t[5] ?? 0) - y0, w: raw.width ?? 0, size });
        }
      } catch {
        // Unreadable content stream: the page stays empty.
      }
      const layerChars = items.reduce((k, i) => k + i.str.replace(/\s/g, '').length, 0);
      if (ocr && layerChars < OCR_TEXT_LAYER_MIN && (await paintsImage(pdfjs, page))) scanned.push(n);
      page.cleanup();
      pages.push({ lines: buildLines(items), width: x1 - x0, height: y1 - y0 });
    }
    if (ocr && scanned.length > 0) {
      const read = await ocrPdfPages(doc, scanned, ocr);
      for (const [n, result] of read) {
        // What OCR read replaces the few text-layer characters of a scanned page; a page OCR finds empty keeps them.
        if (result.items.length > 0) pages[n - 1] = { lines: buildLines(result.items), width: result.width, height: result.height };
      }
    }
  } finally {
    await doc.destroy();
  }
  const running = runningLines(pages);
  const key = (line: Line) => `${Math.round(line.y / 4)}|${line.text.replace(/\d+/g, '#').toLowerCase()}`;
  const out = pages.map((page) => {
    const kept = page.lines.filter((l) => !running.has(key(l)) && !isMarginNumber(l, page));
    return pageText(readingOrder({ ...page, lines: kept }));
  });
  const chars = out.reduce((n, p) => n + p.text.replace(/\s/g, '').length, 0);
  // Image-only PDFs without OCR (or where OCR found nothing) have no text to read (decision 0029).
  if (chars === 0) throw new ParseError('doc_not_support_loading', ocr ? 'no text found, by the text layer or by OCR' : 'no text layer (scanned or image-only PDF)');
  return { pages: out, ocrPages: scanned.length };
}
