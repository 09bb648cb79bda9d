import QRCode from 'qrcode';
import sharp from 'sharp';
import type { Locale } from '@xueba/contract';

const TEXTS: Record<Locale, { scan: string; by: (name: string) => string }> = {
  zh: { scan: '扫码查看作品，一键画同款', by: (name) => `作者：${name}` },
  en: { scan: 'Scan to see this picture and draw the same', by: (name) => `By ${name}` },
  ja: { scan: 'スキャンして作品を見る・同じ絵を描く', by: (name) => `作者：${name}` },
  ko: { scan: '스캔하여 작품 보기 · 같은 그림 그리기', by: (name) => `작가: ${name}` },
};

/** Poster geometry (px). The QR code sits in the bottom-right corner, so a reader of the image can find it from the size alone. */
export const POSTER = {
  width: 750,
  padding: 40,
  /** The picture fits inside width - 2·padding by this height. */
  pictureMaxHeight: 900,
  promptFont: 28,
  promptLineHeight: 42,
  promptMaxLines: 3,
  footerHeight: 240,
  /** Room for the QR code with its quiet zone. */
  qrBox: 200,
  /** Quiet-zone modules around the code (the standard asks for 4). */
  qrQuiet: 4,
} as const;

const FONT = "'Noto Sans CJK SC','WenQuanYi Micro Hei','Noto Sans',sans-serif";

export interface PosterInput {
  /** The picture's bytes (any format sharp reads). */
  picture: Buffer;
  prompt: string;
  nickname: string;
  siteName: string;
  /** The item's share link: what the QR code holds. */
  link: string;
  locale: Locale;
}

/** Where the QR code is drawn on a poster of `height` for a code of `modules` modules a side. */
export function qrPlacement(height: number, modules: number): { left: number; top: number; cell: number; side: number } {
  const cell = Math.max(2, Math.floor(POSTER.qrBox / (modules + 2 * POSTER.qrQuiet)));
  const side = cell * (modules + 2 * POSTER.qrQuiet);
  return { left: POSTER.width - POSTER.padding - side, top: height - POSTER.padding - side, cell, side };
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);
}

/**
 * A rough advance width in ems: wide (CJK, fullwidth, Hangul) characters take
 * one em, the others a bit over half. Good enough to break lines without
 * measuring glyphs; the margins absorb the error.
 */
function charWidth(ch: string): number {
  const code = ch.codePointAt(0) ?? 0;
  const wide =
    (code >= 0x1100 && code <= 0x115f) ||
    (code >= 0x2e80 && code <= 0xa4cf) ||
    (code >= 0xac00 && code <= 0xd7a3) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xfe30 && code <= 0xfe4f) ||
    (code >= 0xff00 && code <= 0xff60) ||
    (code >= 0xffe0 && code <= 0xffe6) ||
    code >= 0x1f300;
  return wide ? 1 : 0.55;
}

/** Breaks `text` into at most `maxLines` lines of `maxEm` ems; a cut last line ends with an ellipsis. */
export function wrapText(text: string, maxEm: number, maxLines: number): string[] {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  const lines: string[] = [];
  let line = '';
  let width = 0;
  for (let i = 0; i < chars.length; i += 1) {
    const ch = chars[i] ?? '';
    const w = charWidth(ch);
    if (width + w > maxEm) {
      if (lines.length === maxLines - 1) {
        // The last allowed line: make room for the ellipsis and stop.
        const cut = Array.from(line);
        let cutWidth = width;
        while (cut.length > 0 && cutWidth + 1 > maxEm) cutWidth -= charWidth(cut.pop() ?? '');
        lines.push(`${cut.join('').trimEnd()}…`);
        return lines;
      }
      // Break Latin text at the last space of the line when there is one.
      const space = line.lastIndexOf(' ');
      if (space > 0 && ch !== ' ' && charWidth(ch) < 1) {
        lines.push(line.slice(0, space));
        line = line.slice(space + 1);
        width = Array.from(line).reduce((sum, c) => sum + charWidth(c), 0);
      } else {
        lines.push(line.trimEnd());
        line = '';
        width = 0;
      }
      if (ch === ' ' && line === '') continue;
    }
    line += ch;
    width += w;
  }
  if (line.trim() !== '') lines.push(line.trimEnd());
  return lines;
}

function shorten(text: string, maxEm: number): string {
  return wrapText(text, maxEm, 1)[0] ?? '';
}

/** The QR code as raw RGB pixels: integer cells, so every module is a sharp square any reader can sample. */
function qrPixels(link: string, height: number): { input: Buffer; raw: { width: number; height: number; channels: 3 }; left: number; top: number } {
  const qr = QRCode.create(link, { errorCorrectionLevel: 'M' });
  const modules = qr.modules.size;
  const place = qrPlacement(height, modules);
  const pixels = Buffer.alloc(place.side * place.side * 3, 255);
  for (let y = 0; y < modules; y += 1) {
    for (let x = 0; x < modules; x += 1) {
      if (!qr.modules.get(x, y)) continue;
      for (let dy = 0; dy < place.cell; dy += 1) {
        const row = (y + POSTER.qrQuiet) * place.cell + dy;
        const start = (row * place.side + (x + POSTER.qrQuiet) * place.cell) * 3;
        pixels.fill(0, start, start + place.cell * 3);
      }
    }
  }
  return { input: pixels, raw: { width: place.side, height: place.side, channels: 3 }, left: place.left, top: place.top };
}

/**
 * The square item's poster as a PNG: the picture, its prompt (shortened to a
 * few lines), the author, the site's name and a QR code of the item's share
 * link. Text is SVG rendered by sharp (librsvg through fontconfig), so Chinese,
 * Japanese and Korean need the CJK fonts the machine installs.
 */
export async function renderPoster(input: PosterInput): Promise<Buffer> {
  const t = TEXTS[input.locale];
  const inner = POSTER.width - 2 * POSTER.padding;
  const picture = await sharp(input.picture, { limitInputPixels: 64_000_000 })
    .rotate()
    .resize({ width: inner, height: POSTER.pictureMaxHeight, fit: 'inside' })
    .png()
    .toBuffer({ resolveWithObject: true });
  const pictureTop = POSTER.padding;
  const pictureLeft = POSTER.padding + Math.floor((inner - picture.info.width) / 2);

  const promptLines = wrapText(input.prompt, inner / POSTER.promptFont, POSTER.promptMaxLines);
  const promptTop = pictureTop + picture.info.height + 36;
  const authorY = promptTop + promptLines.length * POSTER.promptLineHeight + 16;
  const footerTop = authorY + 36;
  const height = footerTop + POSTER.footerHeight;
  const qr = qrPixels(input.link, height);
  // The text column of the footer ends where the QR code begins.
  const footerTextEm = (qr.left - POSTER.padding - 24) / 22;
  const scanLines = wrapText(t.scan, footerTextEm, 2);

  const text = (x: number, y: number, size: number, fill: string, content: string, weight = 400) =>
    `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${size}" font-weight="${weight}" fill="${fill}">${escapeXml(content)}</text>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${POSTER.width}" height="${height}" viewBox="0 0 ${POSTER.width} ${height}">
  <rect width="${POSTER.width}" height="${height}" fill="#ffffff"/>
  <rect x="${POSTER.padding}" y="${pictureTop}" width="${inner}" height="${picture.info.height}" fill="#f2f3f7"/>
  ${promptLines.map((line, i) => text(POSTER.padding, promptTop + POSTER.promptFont + i * POSTER.promptLineHeight, POSTER.promptFont, '#1f2329', line)).join('\n  ')}
  ${text(POSTER.padding, authorY + 24, 22, '#646a73', t.by(shorten(input.nickname, 24)))}
  <rect x="${POSTER.padding}" y="${footerTop}" width="${inner}" height="1" fill="#e4e6eb"/>
  ${text(POSTER.padding, footerTop + 80, 36, '#3b5bfd', shorten(input.siteName, footerTextEm * (22 / 36)), 700)}
  ${scanLines.map((line, i) => text(POSTER.padding, footerTop + 130 + i * 32, 22, '#646a73', line)).join('\n  ')}
</svg>`;
  return sharp(Buffer.from(svg))
    .composite([
      { input: picture.data, left: pictureLeft, top: pictureTop },
      { input: qr.input, raw: qr.raw, left: qr.left, top: qr.top },
    ])
    .png({ compressionLevel: 8 })
    .toBuffer();
}

/**
 * The last few posters rendered, by everything drawn on them: a shared poster
 * opened by many people (a link passed around) is rendered once per process,
 * not once per request. Bounded, least recently used out first.
 */
export class PosterCache {
  private readonly entries = new Map<string, Buffer>();

  constructor(private readonly max = 24) {}

  get(key: string): Buffer | undefined {
    const png = this.entries.get(key);
    if (png) {
      this.entries.delete(key);
      this.entries.set(key, png);
    }
    return png;
  }

  set(key: string, png: Buffer): void {
    this.entries.delete(key);
    this.entries.set(key, png);
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.max) break;
      this.entries.delete(oldest);
    }
  }
}
