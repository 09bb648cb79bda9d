import { createCanvas, PDFDocument } from '@napi-rs/canvas';
import sharp from 'sharp';
import { safeLink } from '../formats/limits.js';
import { baseline, linkCurve, NOTE_MARK, type MapLayout } from './layout.js';
import { fontOf } from './measure.js';
import { boxPaint, linkWidth } from './svg.js';
import { BACKGROUND, LINK_TEXT, ROOT_TEXT } from './theme.js';

/**
 * Pixels a PNG may hold (about 160 MB while drawing): a 1,000-node map is
 * tall, and its PNG is drawn below 2x rather than taking the server's memory.
 */
const MAX_PIXELS = 40_000_000;
/** Canvas backends and image viewers stop around 32,767 pixels a side. */
const MAX_SIDE = 32_000;

/** The scale a PNG is drawn at: 2x for crisp text on high-density screens, less when the map is too large for that. */
export function pngScale(layout: MapLayout): number {
  return Math.min(2, MAX_SIDE / layout.width, MAX_SIDE / layout.height, Math.sqrt(MAX_PIXELS / (layout.width * layout.height)));
}

/**
 * The map drawn by Skia with the same painter as the PDF, then encoded by
 * sharp (libpng, several times faster than Skia's encoder on large images).
 * Rasterising the SVG with librsvg instead took 15-17 s for a 1,000-node
 * map at 1x, Skia draws it in about 0.2 s.
 */
export async function renderPng(layout: MapLayout): Promise<Buffer> {
  const scale = pngScale(layout);
  const width = Math.max(1, Math.round(layout.width * scale));
  const height = Math.max(1, Math.round(layout.height * scale));
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.scale(scale, scale);
  paint(ctx, layout, () => undefined);
  // The background is opaque, so Skia's premultiplied RGBA equals straight RGBA.
  try {
    return await sharp(canvas.data(), { raw: { width, height, channels: 4 }, limitInputPixels: false }).removeAlpha().png({ compressionLevel: 6 }).toBuffer();
  } finally {
    // data() lends the canvas's own memory: using the canvas after the await keeps it alive until sharp's thread has read it.
    void canvas.width;
  }
}

/** PDF readers (Acrobat) refuse pages over 200 inches (14,400 points) a side. */
const MAX_PAGE = 14_400;

/**
 * One page sized to the map, drawn as vectors by Skia's PDF backend: text is
 * real text in subsetted embedded fonts (CJK included), links are link
 * annotations. A map larger than a PDF page may be is scaled down to fit.
 */
export function renderPdf(layout: MapLayout, title: string): Buffer {
  const scale = Math.min(1, MAX_PAGE / layout.width, MAX_PAGE / layout.height);
  const doc = new PDFDocument({ title, creator: 'Xueba', producer: 'Xueba', compressionLevel: 6 });
  const ctx = doc.beginPage(layout.width * scale, layout.height * scale);
  ctx.scale(scale, scale);
  paint(ctx, layout, (left, top, right, bottom, url) => ctx.annotateLinkUrl(left * scale, top * scale, right * scale, bottom * scale, url));
  doc.endPage();
  return doc.close();
}

/** What both a PDF page and a raster canvas draw with (the PDF page's context is the narrower). */
type PaintContext = ReturnType<PDFDocument['beginPage']>;

type Annotate = (left: number, top: number, right: number, bottom: number, url: string) => void;

function paint(ctx: PaintContext, layout: MapLayout, annotate: Annotate): void {
  ctx.fillStyle = BACKGROUND;
  ctx.fillRect(0, 0, layout.width, layout.height);
  ctx.lineCap = 'round';
  for (const n of layout.nodes) {
    const c = linkCurve(n);
    if (!c) continue;
    ctx.beginPath();
    ctx.moveTo(c.x1, c.y1);
    ctx.bezierCurveTo(c.c1x, c.y1, c.c2x, c.y2, c.x2, c.y2);
    ctx.strokeStyle = n.color;
    ctx.lineWidth = linkWidth(n);
    ctx.stroke();
  }
  ctx.textBaseline = 'alphabetic';
  for (const n of layout.nodes) {
    const p = boxPaint(n);
    ctx.beginPath();
    ctx.roundRect(n.x, n.y, n.width, n.height, n.style.radius);
    ctx.fillStyle = p.fill;
    ctx.fill();
    if (p.strokeWidth > 0) {
      ctx.strokeStyle = p.stroke;
      ctx.lineWidth = p.strokeWidth;
      ctx.stroke();
    }
    const link = safeLink(n.node.link);
    ctx.font = fontOf(n.style);
    ctx.fillStyle = link && n.depth > 0 ? LINK_TEXT : p.text;
    n.lines.forEach((line, i) => {
      const y = baseline(n, i);
      ctx.fillText(line, n.x + n.style.padX, y);
      if (link) {
        const w = ctx.measureText(line).width;
        ctx.fillRect(n.x + n.style.padX, y + 2, w, 1);
      }
    });
    if (n.node.note) {
      ctx.beginPath();
      ctx.arc(n.x + n.width - n.style.padX / 2 - NOTE_MARK / 2 + 2, n.y + n.height / 2, 3.5, 0, Math.PI * 2);
      ctx.fillStyle = n.depth === 0 ? ROOT_TEXT : n.color;
      ctx.fill();
    }
    if (link) annotate(n.x, n.y, n.x + n.width, n.y + n.height, link);
  }
}
