import QRCode from 'qrcode';
import { QR_EC_LEVELS, type QrEcLevel } from '@xueba/contract';
import { AppError } from '../../../platform/errors.js';
import type { QrMatrix } from '../qr-engine.js';

/**
 * The module matrix of a content string, from the `qrcode` package.
 *
 * Text is encoded in the package's optimised segments: digits and upper-case
 * runs in numeric/alphanumeric mode, everything else in byte mode as UTF-8.
 * No ECI header is written (the package cannot, and scanners read UTF-8 byte
 * mode without it: zxing-cpp's charset guess and jsQR both return CJK, kana
 * and hangul correctly, which the tests hold); Kanji mode stays off because it
 * would encode Chinese text as Shift JIS, which phones outside Japan misread.
 */

/** Bytes a version 40 code holds in byte mode at each level (ISO/IEC 18004 table 7). */
export const QR_MAX_BYTES: Record<QrEcLevel, number> = { L: 2953, M: 2331, Q: 1663, H: 1273 };

type QrSymbol = ReturnType<typeof QRCode.create>;

function tryCreate(content: string, ecLevel: QrEcLevel, version?: number): QrSymbol | null {
  try {
    return QRCode.create(content, { errorCorrectionLevel: ecLevel, ...(version ? { version } : {}) });
  } catch (error) {
    // The package says "too big" or "cannot contain" in plain Errors; anything else is a real fault.
    if (error instanceof Error && /too big|cannot contain/i.test(error.message)) return null;
    throw error;
  }
}

function toMatrix(symbol: QrSymbol, ecLevel: QrEcLevel): QrMatrix {
  const { size, data, reservedBit } = symbol.modules;
  return {
    count: size,
    version: symbol.version,
    ecLevel,
    mask: symbol.maskPattern ?? 0,
    modules: Uint8Array.from(data, (v) => (v ? 1 : 0)),
    reserved: Uint8Array.from(reservedBit, (v) => (v ? 1 : 0)),
  };
}

/** The levels to offer instead of `ecLevel`, strongest first: the ones below it. */
const lowerLevels = (ecLevel: QrEcLevel): QrEcLevel[] => QR_EC_LEVELS.slice(0, QR_EC_LEVELS.indexOf(ecLevel)).reverse();

export function buildMatrix(content: string, ecLevel: QrEcLevel, version?: number): QrMatrix {
  if (content === '') throw new AppError('qrcode_content_required', 400);
  const fixed = tryCreate(content, ecLevel, version);
  if (fixed) return toMatrix(fixed, ecLevel);

  // It does not fit: name the smallest version at this level that holds it, or the strongest lower level that does.
  const smallest = version ? tryCreate(content, ecLevel) : null;
  if (smallest) throw new AppError('qrcode_too_long_fit', 400, { version: version ?? smallest.version, level: ecLevel, fit_version: smallest.version, fit_level: ecLevel });
  for (const level of lowerLevels(ecLevel)) {
    const fit = tryCreate(content, level);
    if (fit) throw new AppError('qrcode_too_long_fit', 400, { version: version ?? 40, level: ecLevel, fit_version: fit.version, fit_level: level });
  }
  throw new AppError('qrcode_too_long', 400, { level: ecLevel, max: QR_MAX_BYTES[ecLevel], bytes: Buffer.byteLength(content, 'utf8') });
}

/** Whether module (x, y) sits in one of the three finder patterns with its separator (8 × 8 at three corners). */
export function inFinder(count: number, x: number, y: number): boolean {
  return (x < 8 && y < 8) || (x >= count - 8 && y < 8) || (x < 8 && y >= count - 8);
}

/** The centres of the alignment patterns of a version (none in version 1), as the package places them. */
export function alignmentCentres(version: number): Array<[number, number]> {
  if (version === 1) return [];
  const count = 17 + 4 * version;
  const n = Math.floor(version / 7) + 2;
  const step = count === 145 ? 26 : Math.ceil((count - 13) / (2 * n - 2)) * 2;
  const positions = [count - 7];
  for (let i = 1; i < n - 1; i += 1) positions[i] = (positions[i - 1] ?? 0) - step;
  positions.push(6);
  positions.reverse();
  const centres: Array<[number, number]> = [];
  for (const y of positions) {
    for (const x of positions) {
      // The three corners taken by finders have no alignment pattern.
      if ((x === 6 && y === 6) || (x === 6 && y === count - 7) || (x === count - 7 && y === 6)) continue;
      centres.push([x, y]);
    }
  }
  return centres;
}
