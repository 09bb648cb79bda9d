import sharp from 'sharp';
import { UPLOAD_IMAGE_MAX_BYTES } from '@xueba/contract';
import { AppError } from '../../../platform/errors.js';
import type { MadeCode, QrMatrix, StyledSpec } from '../qr-engine.js';
import type { Rgb } from './color.js';
import { checkStyled, logoBox } from './checks.js';
import { buildSvg, type SvgAssets } from './svg.js';

/**
 * Pictures: the styled code's PNG rasterised by sharp (librsvg) from our SVG,
 * the pictures it embeds prepared at the size they are drawn, and the plain
 * black-and-white control image of AI art codes.
 */

/** PNG zlib effort: level 6 with adaptive filtering is the usual trade; flat-colour codes compress well at either. */
const PNG_OPTIONS = { compressionLevel: 6, adaptiveFiltering: false } as const;

const dataUri = (mime: string, data: Buffer): string => `data:${mime};base64,${data.toString('base64')}`;

async function prepareAssets(spec: StyledSpec, matrix: QrMatrix): Promise<SvgAssets> {
  const total = matrix.count + 2 * spec.look.margin;
  const assets: SvgAssets = {};
  const jobs: Array<Promise<void>> = [];
  if (spec.logo) {
    const logo = spec.logo;
    // The logo at the pixels it covers in the PNG (twice that for a crisp SVG on a high-density screen, capped).
    const px = Math.min(1024, Math.ceil((logoBox(matrix.count, logo.scale).logo / total) * spec.size * 2));
    jobs.push(
      sharp(logo.data)
        .rotate()
        .resize(px, px, { fit: 'inside' })
        .png()
        .toBuffer()
        .then((png) => {
          assets.logo = { href: dataUri('image/png', png), scale: logo.scale };
        }),
    );
  }
  if (spec.background) {
    const picture = spec.background;
    jobs.push(
      sharp(picture)
        .rotate()
        .resize(spec.size, spec.size, { fit: 'cover' })
        .jpeg({ quality: 85 })
        .toBuffer()
        .then((jpeg) => {
          assets.background = dataUri('image/jpeg', jpeg);
        }),
    );
    if (spec.look.style === 'image_fill') {
      // One pixel per module, cropped as the drawn picture is (cover, centred): each module's mean colour.
      jobs.push(
        sharp(picture)
          .rotate()
          .resize(total, total, { fit: 'cover' })
          .removeAlpha()
          .raw()
          .toBuffer()
          .then((raw) => {
            const margin = spec.look.margin;
            assets.sample = (x, y): Rgb => {
              const i = ((y + margin) * total + (x + margin)) * 3;
              return [raw[i] ?? 0, raw[i + 1] ?? 0, raw[i + 2] ?? 0];
            };
          }),
      );
    }
  }
  try {
    await Promise.all(jobs);
  } catch {
    // Bytes that look like a picture by their header but do not decode (a truncated or forged file).
    throw new AppError('qrcode_image_invalid', 400, { max: Math.round(UPLOAD_IMAGE_MAX_BYTES / (1024 * 1024)) });
  }
  return assets;
}

export async function renderStyled(spec: StyledSpec): Promise<MadeCode> {
  const matrix = checkStyled(spec);
  const assets = await prepareAssets(spec, matrix);
  const svg = buildSvg(matrix, spec, assets);
  const png = await sharp(Buffer.from(svg)).png(PNG_OPTIONS).toBuffer();
  return { svg, png, matrix };
}

/**
 * Black modules on white, `sizePx` square, `margin` modules of quiet zone.
 * Modules are a whole number of pixels wide (ControlNet reads crisp edges
 * best); the pixels left over widen the quiet zone evenly. Only when the
 * picture is smaller than one pixel a module is it scaled, nearest-neighbour.
 */
export async function controlImage(matrix: QrMatrix, sizePx: number, margin: number): Promise<Buffer> {
  const total = matrix.count + 2 * margin;
  const modulePx = Math.floor(sizePx / total);
  if (modulePx < 1) {
    const small = await controlImage(matrix, total, margin);
    return sharp(small).resize(sizePx, sizePx, { kernel: 'nearest' }).png(PNG_OPTIONS).toBuffer();
  }
  const pixels = Buffer.alloc(sizePx * sizePx, 255);
  const offset = Math.floor((sizePx - matrix.count * modulePx) / 2);
  for (let y = 0; y < matrix.count; y += 1) {
    for (let x = 0; x < matrix.count; x += 1) {
      if (!matrix.modules[y * matrix.count + x]) continue;
      for (let py = 0; py < modulePx; py += 1) {
        const row = (offset + y * modulePx + py) * sizePx + offset + x * modulePx;
        pixels.fill(0, row, row + modulePx);
      }
    }
  }
  return sharp(pixels, { raw: { width: sizePx, height: sizePx, channels: 1 } }).toColourspace('b-w').png(PNG_OPTIONS).toBuffer();
}
