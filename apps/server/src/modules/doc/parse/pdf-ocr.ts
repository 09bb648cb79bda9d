import { OCR_LONG_SIDE, readPageImage, type OcrItem, type OcrOptions } from './ocr-page.js';
import { ParseError } from './types.js';

/**
 * The scanned pages of a PDF: which pages need OCR (next to no text layer, and
 * an image painted on them), and reading them rendered by pdf.js on
 * @napi-rs/canvas at a size that suits the detector.
 */

/** A page with fewer text-layer characters than this and an image on it is read by OCR (a scan with a stamped page number still is). */
export const OCR_TEXT_LAYER_MIN = 20;

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
type PdfDoc = Awaited<ReturnType<PdfJs['getDocument']>['promise']>;
type PdfPage = Awaited<ReturnType<PdfDoc['getPage']>>;

/** Whether the page paints an image (scans do; a blank or vector-only page does not, and is not worth a detector pass). */
export async function paintsImage(pdfjs: PdfJs, page: PdfPage): Promise<boolean> {
  const ops = pdfjs.OPS;
  const image = new Set<number>([
    ops.paintImageXObject,
    ops.paintInlineImageXObject,
    ops.paintImageMaskXObject,
    ops.paintImageXObjectRepeat,
    ops.paintInlineImageXObjectGroup,
    ops.paintImageMaskXObjectGroup,
    ops.paintImageMaskXObjectRepeat,
  ]);
  try {
    const list = await page.getOperatorList();
    return list.fnArray.some((fn) => image.has(fn));
  } catch {
    return false;
  }
}

export interface OcrPageResult {
  items: OcrItem[];
  width: number;
  height: number;
}

/**
 * Reads the given 1-based pages by OCR, in order, reporting progress before
 * each. Refuses the whole document first when it needs more pages than the
 * budget allows, so nothing is half read.
 */
export async function ocrPdfPages(doc: PdfDoc, pageNumbers: number[], options: OcrOptions): Promise<Map<number, OcrPageResult>> {
  if (pageNumbers.length > options.maxPages) {
    throw new ParseError('doc_ocr_budget_exceeded', `${pageNumbers.length} scanned pages, page budget ${options.maxPages}`);
  }
  const { createCanvas } = await import('@napi-rs/canvas');
  const out = new Map<number, OcrPageResult>();
  for (const [index, n] of pageNumbers.entries()) {
    options.onProgress?.({ page: index + 1, pages: pageNumbers.length });
    const page = await doc.getPage(n);
    try {
      const base = page.getViewport({ scale: 1 });
      // Pages of any declared size render to the same pixel budget.
      const scale = (options.longSide ?? OCR_LONG_SIDE) / Math.max(base.width, base.height, 1);
      const viewport = page.getViewport({ scale });
      const width = Math.max(1, Math.round(viewport.width));
      const height = Math.max(1, Math.round(viewport.height));
      const canvas = createCanvas(width, height);
      const context = canvas.getContext('2d');
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, width, height);
      // @napi-rs/canvas stands in for the DOM canvas pdf.js is typed against.
      await page.render({ canvas, canvasContext: context, viewport } as unknown as Parameters<PdfPage['render']>[0]).promise;
      const png = canvas.toBuffer('image/png');
      const read = await readPageImage(options.engine, png, width, height, 1 / scale);
      const turnedSideways = read.turned === 90 || read.turned === 270;
      out.set(n, { items: read.items, width: turnedSideways ? base.height : base.width, height: turnedSideways ? base.width : base.height });
    } finally {
      page.cleanup();
    }
  }
  return out;
}
