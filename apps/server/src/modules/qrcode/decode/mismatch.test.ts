import QRCode from 'qrcode';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { QrMatrix } from '../qr-engine.js';
import { mismatch } from './mismatch.js';

const MARGIN = 2;

function matrixOf(text: string): QrMatrix {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'H' });
  const count = qr.modules.size;
  const modules = new Uint8Array(count * count);
  for (let i = 0; i < modules.length; i++) modules[i] = qr.modules.data[i] ? 1 : 0;
  return { count, version: qr.version, ecLevel: 'H', mask: Number(qr.maskPattern), modules, reserved: new Uint8Array(count * count) };
}

/** The code drawn module by module at `cell` px, with `flip` modules drawn in the other colour. */
function draw(matrix: QrMatrix, cell: number, flip: Set<number>, colours = { dark: '#1d3b2a', light: '#f4e9d0' }): Promise<Buffer> {
  const side = (matrix.count + 2 * MARGIN) * cell;
  const rects: string[] = [];
  for (let i = 0; i < matrix.modules.length; i++) {
    const dark = (matrix.modules[i] === 1) !== flip.has(i);
    if (!dark) continue;
    const x = (i % matrix.count) + MARGIN;
    const y = Math.floor(i / matrix.count) + MARGIN;
    rects.push(`<rect x="${x * cell}" y="${y * cell}" width="${cell}" height="${cell}"/>`);
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}" shape-rendering="crispEdges"><rect width="100%" height="100%" fill="${colours.light}"/><g fill="${colours.dark}">${rects.join('')}</g></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

describe('mismatch', () => {
  const matrix = matrixOf('https://xueba.example/mismatch');

  it('finds no wrong module in a clean code, at module sizes that do not divide evenly', async () => {
    for (const cell of [4, 7, 10]) {
      const picture = await sharp(await draw(matrix, cell, new Set())).resize(500, 500).png().toBuffer();
      expect(await mismatch(picture, matrix, MARGIN)).toEqual({ wrong: [], ratio: 0 });
    }
  });

  it('finds exactly the modules drawn in the wrong colour', async () => {
    const n = matrix.count;
    const damaged = new Set([10 * n + 10, 10 * n + 11, 12 * n + 15, 20 * n + 9, 5 * n + 14, (n - 1) * n + (n - 1)]);
    const picture = await draw(matrix, 9, damaged);
    const result = await mismatch(picture, matrix, MARGIN);
    expect(result.wrong).toEqual([...damaged].sort((a, b) => a - b));
    expect(result.ratio).toBeCloseTo(damaged.size / (n * n), 6);
  });

  it('ignores texture around module centres (an art code) but flags a drawn-over patch', async () => {
    const n = matrix.count;
    const cell = 12;
    const side = (n + 2 * MARGIN) * cell;
    const clean = await draw(matrix, cell, new Set());
    // Light speckles along every module edge: scanners sample centres, so these do not count.
    const edges: string[] = [];
    for (let k = 0; k <= n + 2 * MARGIN; k++) edges.push(`<rect x="${k * cell - 1}" y="0" width="2" height="${side}"/><rect x="0" y="${k * cell - 1}" width="${side}" height="2"/>`);
    // A light blot over a 3 × 3 block of modules in the middle of the data area.
    const blot = `<rect x="${(MARGIN + 14) * cell}" y="${(MARGIN + 14) * cell}" width="${3 * cell}" height="${3 * cell}" fill="#f4e9d0"/>`;
    const overlay = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}"><g fill="#c8c8c8">${edges.join('')}</g>${blot}</svg>`);
    const picture = await sharp(clean).composite([{ input: overlay }]).png().toBuffer();
    const result = await mismatch(picture, matrix, MARGIN);
    const block: number[] = [];
    for (let y = 14; y < 17; y++) for (let x = 14; x < 17; x++) if (matrix.modules[y * n + x] === 1) block.push(y * n + x);
    expect(block.length).toBeGreaterThan(0);
    expect(result.wrong).toEqual(block);
  });
});
