import type { OcrEngine, OcrLine } from '../../../providers/ocr/ocr-engine.js';

/**
 * Column blocks of a page image, found before OCR. The engine joins every box
 * on one row into a line, across a column gutter too, so a two-column page
 * read whole comes out with its columns interleaved and the parser's column
 * logic cannot take them apart again. Here the page is cut along a gutter (a
 * white vertical band with ink on both sides, over a good height of the page)
 * and each region is read on its own: full-width parts above and below as
 * they are (searched again for columns of their own), the columns side by
 * side. The pixels read add up to the page's, so OCR costs about the same.
 */

/** Work on a copy this wide (pixels): enough to see a gutter, cheap to scan. */
const PROBE_WIDTH = 400;
/** A gutter lies between these fractions of the width. */
const GUTTER_FROM = 0.25;
const GUTTER_TO = 0.75;
/** Narrowest gutter, as a fraction of the width (a two-column paper's is 2–4 %). */
const GUTTER_MIN = 0.012;
/** A column block spans at least this fraction of the height… */
const BLOCK_MIN_HEIGHT = 0.2;
/** …and has at least this many bands with ink on both sides of the gutter. */
const BLOCK_MIN_TEXT_BANDS = 6;
/** Bands the page is cut into, as a fraction of the height (about a text line at 140 dpi). */
const BAND_HEIGHT = 0.01;
/** A column of a band counts as white with at most this share of dark pixels (scan speckle). */
const SPECKLE = 0.02;
/** Regions are searched for columns again this deep (a full-width figure between two column blocks). */
const MAX_DEPTH = 3;

/** A recognised line and the region it was read in (lines of two regions are never one line). */
export interface RegionLine extends OcrLine {
  region?: number;
}

export interface Region {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface GreyImage {
  width: number;
  height: number;
  /** One byte per pixel, row by row. */
  data: Uint8Array;
}

/** Otsu's threshold of a greyscale image: ink is at most this dark. */
function threshold(image: GreyImage): number {
  const histogram = new Array<number>(256).fill(0);
  for (const v of image.data) histogram[v]! += 1;
  const total = image.data.length;
  let sum = 0;
  for (let i = 0; i < 256; i += 1) sum += i * histogram[i]!;
  let sumBack = 0;
  let weightBack = 0;
  let best = 0;
  let chosen = 128;
  for (let t = 0; t < 256; t += 1) {
    weightBack += histogram[t]!;
    if (weightBack === 0) continue;
    const weightFore = total - weightBack;
    if (weightFore === 0) break;
    sumBack += t * histogram[t]!;
    const meanBack = sumBack / weightBack;
    const meanFore = (sum - sumBack) / weightFore;
    const between = weightBack * weightFore * (meanBack - meanFore) ** 2;
    if (between > best) {
      best = between;
      chosen = t;
    }
  }
  return chosen;
}

interface Band {
  top: number;
  bottom: number;
  /** Whether the band holds ink at all (a blank band continues a block). */
  inked: boolean;
  /** White runs of x-columns between GUTTER_FROM and GUTTER_TO, as [from, to). */
  runs: [number, number][];
  /** The runs with ink on both sides in this band (a line of each column passes them). */
  gaps: [number, number][];
}

function bandsOf(image: GreyImage, region: Region, dark: number): Band[] {
  const bandHeight = Math.max(2, Math.round(image.height * BAND_HEIGHT));
  const bands: Band[] = [];
  for (let top = region.top; top < region.top + region.height; top += bandHeight) {
    const bottom = Math.min(region.top + region.height, top + bandHeight);
    const rows = bottom - top;
    const ink = new Array<number>(region.width).fill(0);
    for (let y = top; y < bottom; y += 1) {
      const row = y * image.width;
      for (let x = 0; x < region.width; x += 1) if (image.data[row + region.left + x]! <= dark) ink[x]! += 1;
    }
    const white = ink.map((n) => n <= rows * SPECKLE);
    const inked = white.some((w) => !w);
    const from = Math.floor(region.width * GUTTER_FROM);
    const to = Math.ceil(region.width * GUTTER_TO);
    const gaps: [number, number][] = [];
    let start = -1;
    for (let x = from; x <= to; x += 1) {
      const isWhite = x < to && white[x];
      if (isWhite && start < 0) start = x;
      if (!isWhite && start >= 0) {
        gaps.push([start, x]);
        start = -1;
      }
    }
    // A gap counts only with ink on both sides of it in this band.
    const inkLeft = (x: number) => white.slice(0, x).some((w) => !w);
    const inkRight = (x: number) => white.slice(x).some((w) => !w);
    bands.push({ top, bottom, inked, runs: gaps, gaps: gaps.filter(([a, b]) => inkLeft(a) && inkRight(b)) });
  }
  return bands;
}

function intersect(a: [number, number], b: [number, number]): [number, number] | null {
  const from = Math.max(a[0], b[0]);
  const to = Math.min(a[1], b[1]);
  return to > from ? [from, to] : null;
}

const overlap = (a: [number, number], b: [number, number]) => Math.max(0, Math.min(a[1], b[1]) - Math.max(a[0], b[0]));

/** The gap that continues the gutter: the widest overlap with the gutter so far, else with the band above's gap. */
function closest(gaps: [number, number][], shared: [number, number], last: [number, number], wide: (g: [number, number] | null) => boolean): [number, number] | undefined {
  for (const reference of [shared, last]) {
    const found = gaps.filter((g) => wide(intersect(reference, g))).sort((a, b) => overlap(b, reference) - overlap(a, reference))[0];
    if (found) return found;
  }
  return undefined;
}

interface Segment {
  top: number;
  bottom: number;
  split: number;
}

/**
 * The tallest chain of bands with a gutter; null when the region has no
 * column block. A scan turned a degree drifts its gutter sideways down the
 * page, so the chain is cut into segments, each with a straight gutter of
 * its own, as long as each band's gutter overlaps the one above it.
 */
function columnBlock(image: GreyImage, region: Region): Segment[] | null {
  const dark = threshold(image);
  const bands = bandsOf(image, region, dark);
  const minGap = Math.max(2, Math.round(region.width * GUTTER_MIN));
  const wide = (g: [number, number] | null): g is [number, number] => g !== null && g[1] - g[0] >= minGap;
  let best: { segments: Segment[]; height: number } | null = null;
  for (let start = 0; start < bands.length; start += 1) {
    for (const gap of bands[start]!.gaps) {
      if (!wide(gap)) continue;
      const segments: Segment[] = [];
      let shared: [number, number] = gap;
      let last: [number, number] = gap;
      let segmentTop = bands[start]!.top;
      let end = start;
      let textBands = 0;
      for (let i = start; i < bands.length; i += 1) {
        const band = bands[i]!;
        if (!band.inked) continue;
        const next = closest(band.gaps, shared, last, wide);
        if (!next) {
          // Ink on one side only (a column's paragraph break, a short last line): the gutter stays open.
          if (band.runs.some((r) => wide(intersect(last, r)))) continue;
          break;
        }
        const narrowed = intersect(shared, next);
        if (!wide(narrowed)) {
          // The gutter drifted: close this segment where the previous inked band ended.
          segments.push({ top: segmentTop, bottom: bands[end]!.bottom, split: region.left + Math.round((shared[0] + shared[1]) / 2) });
          segmentTop = bands[end]!.bottom;
          shared = next;
        } else shared = narrowed;
        // A wide white run (a blank stretch of one column) is held to the gutter's neighbourhood.
        last = intersect(next, [shared[0] - 2 * minGap, shared[1] + 2 * minGap]) ?? next;
        textBands += 1;
        end = i;
      }
      const bottom = bands[end]!.bottom;
      segments.push({ top: segmentTop, bottom, split: region.left + Math.round((shared[0] + shared[1]) / 2) });
      const height = bottom - bands[start]!.top;
      if (textBands >= BLOCK_MIN_TEXT_BANDS && height >= image.height * BLOCK_MIN_HEIGHT && (!best || height > best.height)) best = { segments, height };
    }
  }
  if (!best) return null;
  // Cut between lines of text, never through one: each boundary moves to the emptiest row near it.
  const reach = Math.max(2, Math.round(image.height * BAND_HEIGHT));
  const segments = best.segments.map((segment) => ({ ...segment }));
  segments[0]!.top = quietRow(image, region, dark, segments[0]!.top, reach);
  for (let i = 1; i < segments.length; i += 1) segments[i]!.top = segments[i - 1]!.bottom = quietRow(image, region, dark, segments[i]!.top, reach);
  segments[segments.length - 1]!.bottom = quietRow(image, region, dark, segments[segments.length - 1]!.bottom, reach);
  return segments.filter((segment) => segment.bottom > segment.top);
}

/** The row within `reach` of y (inside the region) with the fewest dark pixels; the nearest of equals. */
function quietRow(image: GreyImage, region: Region, dark: number, y: number, reach: number): number {
  let best = { row: y, ink: Number.POSITIVE_INFINITY, distance: 0 };
  const from = Math.max(region.top, y - reach);
  const to = Math.min(region.top + region.height, y + reach);
  for (let row = from; row <= to; row += 1) {
    let ink = 0;
    if (row < image.height) {
      const offset = row * image.width + region.left;
      for (let x = 0; x < region.width; x += 1) if (image.data[offset + x]! <= dark) ink += 1;
    }
    const distance = Math.abs(row - y);
    if (ink < best.ink || (ink === best.ink && distance < best.distance)) best = { row, ink, distance };
  }
  return best.row;
}

/**
 * The page's regions: full-width parts and the columns of a column block,
 * each block's surroundings searched again. Lines are never joined across
 * regions; their reading order comes from the page layout afterwards.
 */
export function readingRegions(image: GreyImage, region: Region = { left: 0, top: 0, width: image.width, height: image.height }, depth = 0): Region[] {
  const segments = depth < MAX_DEPTH && region.height > 0 ? columnBlock(image, region) : null;
  if (!segments || segments.length === 0) return [region];
  const top = segments[0]!.top;
  const bottom = segments[segments.length - 1]!.bottom;
  const above: Region = { left: region.left, top: region.top, width: region.width, height: top - region.top };
  const below: Region = { left: region.left, top: bottom, width: region.width, height: region.top + region.height - bottom };
  const lefts = segments.map((s) => ({ left: region.left, top: s.top, width: s.split - region.left, height: s.bottom - s.top }));
  const rights = segments.map((s) => ({ left: s.split, top: s.top, width: region.left + region.width - s.split, height: s.bottom - s.top }));
  const dark = threshold(image);
  // A blank margin above or below a block is not worth a detector pass.
  const around = (part: Region) => (part.height > 0 && hasInk(image, part, dark) ? readingRegions(image, part, depth + 1) : []);
  return [...around(above), ...lefts, ...rights, ...around(below)].filter((r) => r.width > 0 && r.height > 0);
}

function hasInk(image: GreyImage, region: Region, dark: number): boolean {
  // A few dark pixels are scan speckle, not text.
  const enough = Math.max(4, region.width * 0.01);
  let ink = 0;
  for (let y = region.top; y < region.top + region.height; y += 1) {
    const offset = y * image.width + region.left;
    for (let x = 0; x < region.width; x += 1) if (image.data[offset + x]! <= dark && (ink += 1) >= enough) return true;
  }
  return false;
}

/**
 * Recognises an encoded page image region by region: the whole page when it
 * has no column block, else each region cut out and read alone, with its
 * boxes moved back to page pixels.
 */
export async function recogniseByColumns(engine: OcrEngine, image: Buffer): Promise<RegionLine[]> {
  const { default: sharp } = await import('sharp');
  const meta = await sharp(image).metadata();
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (width < PROBE_WIDTH || height === 0) return engine.recognise(image);
  const probeScale = PROBE_WIDTH / width;
  const probe = await sharp(image).greyscale().resize({ width: PROBE_WIDTH }).raw().toBuffer({ resolveWithObject: true });
  const regions = readingRegions({ width: probe.info.width, height: probe.info.height, data: probe.data });
  if (regions.length <= 1) return engine.recognise(image);
  const lines: RegionLine[] = [];
  for (const [index, region] of regions.entries()) {
    // Back to page pixels, clamped to the image.
    const left = Math.max(0, Math.min(width - 1, Math.round(region.left / probeScale)));
    const top = Math.max(0, Math.min(height - 1, Math.round(region.top / probeScale)));
    const right = Math.min(width, Math.round((region.left + region.width) / probeScale));
    const bottom = Math.min(height, Math.round((region.top + region.height) / probeScale));
    if (right - left < 8 || bottom - top < 8) continue;
    const crop = await sharp(image).extract({ left, top, width: right - left, height: bottom - top }).png({ compressionLevel: 1 }).toBuffer();
    for (const line of await engine.recognise(crop)) {
      const [l, t, r, b] = line.box;
      lines.push({ ...line, box: [l + left, t + top, r + left, b + top], region: index });
    }
  }
  return lines;
}
