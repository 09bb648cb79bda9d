import { createCanvas } from '@napi-rs/canvas';

/**
 * Scanned documents made in the test instead of committed: page images drawn
 * on a canvas, and PDFs whose pages are only those images (no text layer), or
 * text (a born-digital page) for mixed documents.
 */

export interface PageImage {
  jpeg: Buffer;
  width: number;
  height: number;
}

/** A white page `width` × `height` pixels with the lines drawn in black, as JPEG; `turn` rotates the whole page (radians). */
export function drawPage(lines: string[], options: { width?: number; height?: number; fontPx?: number; turn?: number; font?: string } = {}): PageImage {
  const width = options.width ?? 1240;
  const height = options.height ?? 1754;
  const fontPx = options.fontPx ?? 36;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  ctx.save();
  if (options.turn) {
    ctx.translate(width / 2, height / 2);
    ctx.rotate(options.turn);
    ctx.translate(-width / 2, -height / 2);
  }
  ctx.fillStyle = '#000000';
  ctx.font = `${fontPx}px ${options.font ?? 'sans-serif'}`;
  lines.forEach((line, i) => ctx.fillText(line, width * 0.1, height * 0.12 + i * fontPx * 1.8));
  ctx.restore();
  return { jpeg: canvas.toBuffer('image/jpeg', 90), width, height };
}

export type FixturePage = { image: PageImage } | { text: string[] };

/** A PDF of A4 pages: image pages painted full-page (DCTDecode), text pages in Helvetica. */
export function scannedPdf(pages: FixturePage[]): Buffer {
  const objects: Buffer[] = [];
  const add = (body: Buffer | string) => {
    objects.push(typeof body === 'string' ? Buffer.from(body, 'latin1') : body);
    return objects.length;
  };
  const catalog = add('');
  const tree = add('');
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  const kids: number[] = [];
  for (const page of pages) {
    let content: string;
    let resources: string;
    if ('image' in page) {
      const { jpeg, width, height } = page.image;
      const image = add(
        Buffer.concat([Buffer.from(`<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length ${jpeg.length} >>\nstream\n`, 'latin1'), jpeg, Buffer.from('\nendstream', 'latin1')]),
      );
      content = 'q 595 0 0 842 0 0 cm /Im0 Do Q';
      resources = `<< /XObject << /Im0 ${image} 0 R >> >>`;
    } else {
      content = `BT /F1 12 Tf 72 770 Td 16 TL ${page.text.map((l) => `(${l.replace(/[()\\]/g, '\\$&')}) '`).join(' ')} ET`;
      resources = `<< /Font << /F1 ${font} 0 R >> >>`;
    }
    const stream = add(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
    kids.push(add(`<< /Type /Page /Parent ${tree} 0 R /MediaBox [0 0 595 842] /Resources ${resources} /Contents ${stream} 0 R >>`));
  }
  objects[catalog - 1] = Buffer.from(`<< /Type /Catalog /Pages ${tree} 0 R >>`);
  objects[tree - 1] = Buffer.from(`<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`);
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n')];
  const offsets: number[] = [];
  let length = parts[0]!.length;
  objects.forEach((body, i) => {
    offsets.push(length);
    const obj = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    parts.push(obj);
    length += obj.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)].join('');
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R >>\nstartxref\n${length}\n%%EOF\n`));
  return Buffer.concat(parts);
}
