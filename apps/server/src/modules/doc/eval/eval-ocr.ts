import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { paddleOcr } from '../../../providers/ocr/paddle-ocr.js';
import { parseDocument } from '../parse/parse.js';
import { parsePdf } from '../parse/pdf.js';

/**
 * Character error rate of OCR (decision 0029): the English scan of the corpus
 * that has expected text, and Chinese scans made here by rasterising pages of
 * the born-digital Chinese PDFs as a copier or phone would (grey noise, a
 * slight rotation, JPEG compression), their text layer being the expected
 * text. CER = edit distance / expected length, on text with whitespace
 * removed and NFKC applied (layout spacing is not what is measured).
 */

const PDFJS_DIR = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

export interface OcrCase {
  name: string;
  pages: number;
  cer: number;
  seconds: number;
}

function normalise(text: string): string {
  return text.normalize('NFKC').replace(/\s+/g, '');
}

export function cer(hypothesis: string, reference: string): number {
  const a = [...normalise(hypothesis)];
  const b = [...normalise(reference)];
  if (b.length === 0) return a.length === 0 ? 0 : 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const next = [i];
    for (let j = 1; j <= b.length; j += 1) next.push(Math.min(prev[j]! + 1, next[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)));
    prev = next;
  }
  return prev[b.length]! / b.length;
}

/** One page of a PDF as a photographed scan: rendered at ~150 dpi, turned `degrees`, speckled, JPEG quality 70. */
async function scanOf(data: Uint8Array, pageNumber: number, degrees: number, seed: number): Promise<Buffer> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const { createCanvas } = await import('@napi-rs/canvas');
  const { default: sharp } = await import('sharp');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(data), isEvalSupported: false, verbosity: 0, cMapUrl: `${PDFJS_DIR}/cmaps/`, cMapPacked: true, standardFontDataUrl: `${PDFJS_DIR}/standard_fonts/` }).promise;
  try {
    const page = await doc.getPage(pageNumber);
    const viewport = page.getViewport({ scale: 150 / 72 });
    const canvas = createCanvas(Math.round(viewport.width), Math.round(viewport.height));
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({ canvas, canvasContext: context, viewport } as unknown as Parameters<typeof page.render>[0]).promise;
    const raw = await sharp(canvas.toBuffer('image/png')).greyscale().raw().toBuffer({ resolveWithObject: true });
    let state = seed;
    const random = () => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state / 2147483648;
    };
    const pixels = raw.data;
    for (let i = 0; i < pixels.length; i += 1) {
      const noise = (random() - 0.5) * 60;
      const speck = random() < 0.002 ? -160 : 0;
      pixels[i] = Math.max(0, Math.min(255, pixels[i]! * 0.92 + 10 + noise + speck));
    }
    return await sharp(pixels, { raw: { width: raw.info.width, height: raw.info.height, channels: 1 } })
      .rotate(degrees, { background: '#ffffff' })
      .jpeg({ quality: 70 })
      .toBuffer();
  } finally {
    await doc.destroy();
  }
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; seconds: number }> {
  const started = Date.now();
  const value = await work();
  return { value, seconds: (Date.now() - started) / 1000 };
}

interface ScanPage {
  file: string;
  page: number;
}

/** Pages of born-digital PDFs made into noisy, slightly turned JPEG scans, read by OCR against their text layer. */
async function scannedPages(corpus: string, pages: ScanPage[], engine: ReturnType<typeof paddleOcr>, label: string): Promise<OcrCase[]> {
  const cases: OcrCase[] = [];
  for (const [i, { file, page }] of pages.entries()) {
    const data = fs.readFileSync(path.join(corpus, file));
    const layer = await parsePdf(new Uint8Array(data));
    const reference = layer.pages[page - 1]?.text ?? '';
    const scan = await scanOf(new Uint8Array(data), page, i % 2 === 0 ? 1.2 : -0.8, 7 + i);
    const read = await timed(() => parseDocument('image', new Uint8Array(scan), { engine, maxPages: 1 }));
    const text = read.value.ok ? read.value.doc.pages.map((p) => p.text).join('\n') : '';
    cases.push({ name: `${file} p.${page} (${label})`, pages: 1, cer: cer(text, reference), seconds: read.seconds });
  }
  return cases;
}

/** Two-column papers: CER compares the text in order, so it measures whether the columns were read one after the other. */
export const TWO_COLUMN_PAGES: ScanPage[] = [
  { file: 'pdf/naacl2018_N18-3011.pdf', page: 2 },
  { file: 'pdf/pdfminer_naacl06-shinyama.pdf', page: 2 },
];

export async function evalOcr(corpus: string, options: { chinesePages?: ScanPage[]; only?: 'columns' } = {}): Promise<OcrCase[]> {
  const engine = paddleOcr();
  if (options.only === 'columns') return scannedPages(corpus, TWO_COLUMN_PAGES, engine, 'two columns, scanned here');
  const cases: OcrCase[] = [];
  // English: a scanned company announcement (3 pages) with its expected text.
  const english = new Uint8Array(fs.readFileSync(path.join(corpus, 'pdf-scanned/textract_ocr_text-asx-announcement.pdf')));
  const expected = fs.readFileSync(path.join(corpus, 'expected/textract_ocr_text.txt'), 'utf8');
  const en = await timed(() => parseDocument('pdf', english, { engine, maxPages: 100 }));
  if (!en.value.ok) throw new Error(`English scan failed: ${en.value.detail}`);
  cases.push({ name: 'pdf-scanned/textract_ocr_text-asx-announcement.pdf', pages: en.value.doc.pages.length, cer: cer(en.value.doc.pages.map((p) => p.text).join('\n'), expected), seconds: en.seconds });
  // Chinese: pages of born-digital PDFs made into noisy, slightly turned JPEG scans.
  const pages = options.chinesePages ?? [
    { file: 'pdf-cjk/texlive_zhlipsum-zh.pdf', page: 1 },
    { file: 'pdf-cjk/maint-guide.zh-cn.pdf', page: 8 },
    { file: 'pdf-cjk/texlive_lshort-zh-cn.pdf', page: 20 },
  ];
  cases.push(...(await scannedPages(corpus, pages, engine, 'scanned here')));
  cases.push(...(await scannedPages(corpus, TWO_COLUMN_PAGES, engine, 'two columns, scanned here')));
  return cases;
}
