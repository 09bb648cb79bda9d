import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { paddleOcr } from '../../../providers/ocr/paddle-ocr.js';
import { readingRegions, type GreyImage } from './ocr-columns.js';
import { parseDocument } from './parse.js';

/**
 * Column blocks found on a page image before OCR, so a two-column scan is
 * read column after column instead of row across row.
 */

interface Run {
  x0: number;
  x1: number;
  y: number;
}

/** A white page with dark "lines of text" (bars with word gaps), as the probe sees it. */
function page(width: number, height: number, runs: Run[], lineHeight = 4): GreyImage {
  const data = new Uint8Array(width * height).fill(250);
  for (const { x0, x1, y } of runs) {
    for (let row = y; row < y + lineHeight && row < height; row += 1) {
      for (let x = x0; x < x1; x += 1) if (x % 9 !== 0) data[row * width + x] = 20;
    }
  }
  return { width, height, data };
}

/** Lines every 8 px from `from` to `to`, across [x0, x1). */
function column(x0: number, x1: number, from: number, to: number, shift = 0): Run[] {
  const runs: Run[] = [];
  for (let y = from; y < to; y += 8) runs.push({ x0: x0 + Math.round(((y - from) / (to - from)) * shift), x1: x1 + Math.round(((y - from) / (to - from)) * shift), y });
  return runs;
}

describe('page regions for OCR', () => {
  it('reads a one-column page whole', () => {
    const regions = readingRegions(page(400, 560, column(40, 360, 40, 520)));
    expect(regions).toEqual([{ left: 0, top: 0, width: 400, height: 560 }]);
  });

  it('cuts a two-column page under a full-width title into the title, the left column and the right column', () => {
    const runs = [...column(60, 340, 30, 60), ...column(40, 190, 80, 520), ...column(210, 360, 80, 520)];
    const regions = readingRegions(page(400, 560, runs));
    expect(regions, JSON.stringify(regions)).toHaveLength(3);
    const [title, left, right] = regions;
    expect(title!.width).toBe(400);
    // The title's last line ends at 56 and the columns start at 80: the cut falls between them, through no line.
    expect(title!.top + title!.height).toBeGreaterThan(60);
    expect(title!.top + title!.height).toBeLessThanOrEqual(80);
    expect(left!.left).toBe(0);
    expect(left!.left + left!.width).toBeGreaterThan(190);
    expect(right!.left).toBeLessThan(210);
    expect(right!.left).toBe(left!.left + left!.width);
  });

  it('follows a gutter that leans on a turned scan, cutting the block into straight segments', () => {
    // The columns drift 16 px sideways down the page; the gutter is 20 px wide, so no straight cut runs the whole height.
    const runs = [...column(40, 190, 40, 520, 16), ...column(210, 360, 40, 520, 16)];
    const regions = readingRegions(page(400, 560, runs));
    const lefts = regions.filter((r) => r.left === 0 && r.width < 300);
    const rights = regions.filter((r) => r.left > 0);
    expect(lefts.length).toBeGreaterThan(1);
    expect(rights).toHaveLength(lefts.length);
    // Reading order: every left segment before any right one.
    expect(regions.indexOf(rights[0]!)).toBeGreaterThan(regions.indexOf(lefts[lefts.length - 1]!));
    for (const [i, left] of lefts.entries()) {
      const x = left.left + left.width;
      const y = left.top + left.height / 2;
      const drift = Math.round(((y - 40) / 480) * 16);
      expect(x).toBeGreaterThan(190 + drift - 4);
      expect(x).toBeLessThan(210 + drift + 4);
      expect(rights[i]!.left).toBe(x);
    }
  });

  it('keeps a table with a blank middle strip over a short height whole', () => {
    const runs = [...column(40, 360, 40, 300), ...column(40, 150, 310, 360), ...column(250, 360, 310, 360), ...column(40, 360, 370, 520)];
    expect(readingRegions(page(400, 560, runs))).toHaveLength(1);
  });
});

describe('a two-column page photo read by OCR', () => {
  it('gives the left column before the right one, never a line made of both', async () => {
    const width = 1240;
    const height = 1754;
    const canvas = createCanvas(width, height);
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, width, height);
    ctx.fillStyle = '#000000';
    ctx.font = '30px sans-serif';
    ctx.fillText('Survey of river water quality in two provinces', 180, 120);
    const left = ['alpha north station', 'alpha east station', 'alpha south station', 'alpha west station', 'alpha lake station', 'alpha delta station', 'alpha hill station', 'alpha port station'];
    const right = ['bravo north sample', 'bravo east sample', 'bravo south sample', 'bravo west sample', 'bravo lake sample', 'bravo delta sample', 'bravo hill sample', 'bravo port sample'];
    for (let i = 0; i < left.length; i += 1) {
      ctx.fillText(left[i]!, 90, 260 + i * 110);
      ctx.fillText(right[i]!, 680, 260 + i * 110);
    }
    const image = canvas.toBuffer('image/png');
    const read = await parseDocument('image', new Uint8Array(image), { engine: paddleOcr(), maxPages: 1 });
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    const text = read.doc.pages[0]!.text.toLowerCase();
    const lastAlpha = text.lastIndexOf('alpha');
    const firstBravo = text.indexOf('bravo');
    expect(firstBravo).toBeGreaterThan(lastAlpha);
    expect(text.indexOf('survey')).toBeLessThan(text.indexOf('alpha'));
    for (const line of text.split('\n')) expect(line.includes('alpha') && line.includes('bravo')).toBe(false);
  }, 120_000);
});
