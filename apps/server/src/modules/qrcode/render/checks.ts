import { QR_EC_RESTORE, QR_LOGO_SCALE_MAX, QR_MIN_CONTRAST } from '@xueba/contract';
import { AppError } from '../../../platform/errors.js';
import type { QrMatrix, StyledSpec } from '../qr-engine.js';
import { contrast, luminance, parseHex } from './color.js';
import { buildMatrix } from './matrix.js';

/**
 * Refusals that can be known before a code is made. Each names what would
 * work instead, so the user can fix the look rather than guess.
 */

/**
 * Share of a level's restorable codewords a logo may take. A logo hides a
 * block of modules, and a block of k modules touches more than k / 8
 * codewords (codewords run in two-module columns that snake through the
 * block's edges), so half of the level's share leaves room for that and for
 * a blurry photo. The tests make codes at exactly this limit at every level
 * and verify them with both decoders.
 */
export const LOGO_RESTORE_SHARE = 0.5;

/** The white pad around a logo, in modules: at least half a module, or 8 % of the logo's width. */
export const logoPadding = (logoModules: number): number => Math.max(0.5, logoModules * 0.08);

/** Where the logo's pad sits, in modules from the code's top-left corner (margin excluded). */
export function logoBox(count: number, scale: number): { x: number; y: number; size: number; logo: number } {
  const logo = scale * count;
  const size = logo + 2 * logoPadding(logo);
  return { x: (count - size) / 2, y: (count - size) / 2, size, logo };
}

/** Data modules (not function patterns) a logo of `scale` hides: every module its pad touches. */
export function coveredDataModules(matrix: QrMatrix, scale: number): number {
  const box = logoBox(matrix.count, scale);
  const from = Math.floor(box.x);
  const to = Math.ceil(box.x + box.size) - 1;
  let covered = 0;
  for (let y = from; y <= to; y += 1) {
    for (let x = from; x <= to; x += 1) {
      if (!matrix.reserved[y * matrix.count + x]) covered += 1;
    }
  }
  return covered;
}

export function dataModules(matrix: QrMatrix): number {
  let reserved = 0;
  for (const r of matrix.reserved) reserved += r;
  return matrix.count * matrix.count - reserved;
}

/** The widest logo (in whole percent of the code's width) this matrix's level restores. */
export function maxLogoPercent(matrix: QrMatrix): number {
  const allowed = LOGO_RESTORE_SHARE * QR_EC_RESTORE[matrix.ecLevel] * dataModules(matrix);
  for (let percent = Math.round(QR_LOGO_SCALE_MAX * 100); percent > 0; percent -= 1) {
    if (coveredDataModules(matrix, percent / 100) <= allowed) return percent;
  }
  return 0;
}

/** The worse contrast of the foreground colours (both ends of a gradient) against the background. */
export function worstContrast(look: StyledSpec['look']): { ratio: number; lighter: boolean } {
  const bg = parseHex(look.bg);
  const fgs = [look.fg, ...(look.gradient !== 'none' && look.fg2 ? [look.fg2] : [])].map(parseHex);
  const ratio = Math.min(...fgs.map((fg) => contrast(fg, bg)));
  const lighter = fgs.some((fg) => luminance(fg) > luminance(bg));
  return { ratio, lighter };
}

export function checkLook(look: StyledSpec['look']): void {
  const { ratio, lighter } = worstContrast(look);
  // One decimal, rounded down, so "2.96" never reads as the passing "3.0".
  if (ratio < QR_MIN_CONTRAST) throw new AppError('qrcode_low_contrast', 400, { ratio: (Math.floor(ratio * 10) / 10).toFixed(1), min: QR_MIN_CONTRAST });
  if (lighter) throw new AppError('qrcode_light_on_dark', 400);
}

export function checkLogo(matrix: QrMatrix, scale: number): void {
  const max = maxLogoPercent(matrix);
  // Compared in whole percent, as the message states it.
  if (Math.round(scale * 100) > max) throw new AppError('qrcode_logo_too_large', 400, { level: matrix.ecLevel, max });
}

/** Every refusal, in the order a user fixes them: colours, then the content's fit, then the logo. Answers the matrix. */
export function checkStyled(spec: StyledSpec): QrMatrix {
  checkLook(spec.look);
  const matrix = buildMatrix(spec.content, spec.ecLevel, spec.version);
  if (spec.logo) checkLogo(matrix, spec.logo.scale);
  return matrix;
}
