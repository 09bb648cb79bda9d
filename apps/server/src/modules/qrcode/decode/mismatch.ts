import sharp from 'sharp';
import type { Mismatch, QrMatrix } from '../qr-engine.js';
import { otsuLevel } from './filters.js';
import { MAX_INPUT_PIXELS } from './raster.js';

/**
 * The mismatch view's data: the picture laid on the module grid (the code's
 * modules plus `margin` on each side, stretched to the picture), each module
 * judged by the mean luminance of its centre - the part a scanner samples -
 * split into dark and light by Otsu's level over all modules, then compared
 * with what the matrix says it should be.
 */

/** Pixels per module when the picture is laid on the grid; the centre sample is the middle CENTRE × CENTRE of them. */
const CELL = 5;
const CENTRE = 3;

export async function mismatch(picture: Buffer, matrix: QrMatrix, margin: number): Promise<Mismatch> {
  const { count, modules } = matrix;
  const grid = count + 2 * margin;
  const side = grid * CELL;
  const { data } = await sharp(picture, { limitInputPixels: MAX_INPUT_PIXELS })
    .flatten({ background: '#ffffff' })
    .resize(side, side, { fit: 'fill' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const inset = Math.floor((CELL - CENTRE) / 2);
  const samples = new Uint8Array(count * count);
  for (let y = 0; y < count; y++) {
    for (let x = 0; x < count; x++) {
      const top = (y + margin) * CELL + inset;
      const left = (x + margin) * CELL + inset;
      let sum = 0;
      for (let dy = 0; dy < CENTRE; dy++) {
        const row = (top + dy) * side + left;
        for (let dx = 0; dx < CENTRE; dx++) sum += data[row + dx] as number;
      }
      samples[y * count + x] = Math.round(sum / (CENTRE * CENTRE));
    }
  }
  const level = otsuLevel({ data: samples, width: count, height: count });
  const wrong: number[] = [];
  for (let i = 0; i < samples.length; i++) {
    const readsDark = (samples[i] as number) <= level;
    if (readsDark !== (modules[i] === 1)) wrong.push(i);
  }
  return { wrong, ratio: wrong.length / (count * count) };
}
