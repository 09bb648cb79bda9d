import type { QrContent, QrEcLevel, QrLook, QrVerified } from '@xueba/contract';

/**
 * The types the QR code engine's two halves share: `render/` (content
 * encoding, the module matrix, the refusals that come before making a code,
 * styled SVG and PNG, the ControlNet input picture) and `decode/` (the two
 * decoders, verification at three sizes, the upload path that prepares a
 * photo several ways, the mismatch view). The service composes them.
 */

/** The modules of one QR symbol, as encoded (before any styling). */
export interface QrMatrix {
  /** Modules per side (17 + 4 × version). */
  count: number;
  version: number;
  ecLevel: QrEcLevel;
  mask: number;
  /** count × count, row by row: 1 dark, 0 light. */
  modules: Uint8Array;
  /** count × count: 1 where a function pattern sits (finders, separators, timing, alignment, format and version info). */
  reserved: Uint8Array;
}

/** A styled code to make: content already encoded, the look with its defaults applied. */
export interface StyledSpec {
  content: string;
  ecLevel: QrEcLevel;
  /** A fixed version, or undefined for the smallest that holds the content. */
  version?: number;
  /** Output width and height in pixels (margin included). */
  size: number;
  look: Required<Omit<QrLook, 'fg2'>> & { fg2?: string };
  /** The centre logo's bytes (PNG, JPEG or WebP, checked by content) and its width as a share of the code. */
  logo?: { data: Buffer; scale: number };
  /** A picture behind the code (image_fill samples module colours from it). */
  background?: Buffer;
}

export interface MadeCode {
  svg: string;
  png: Buffer;
  matrix: QrMatrix;
}

/** What verification found: the contract's flags plus whether all held and, when not, why (for logs and refusals). */
export interface Verification extends QrVerified {
  ok: boolean;
  /** Empty when ok; else e.g. "jsQR could not read it at 128 px". */
  detail: string;
}

export interface DecodedUpload {
  text: string;
  decoder: 'zxing' | 'jsqr';
  /** Which prepared version of the picture was read ("original", "scaled-800", "adaptive-31", "inverted"...). */
  variant: string;
}

export interface Mismatch {
  /** Indices (y × count + x) of modules whose picture reads the other colour. */
  wrong: number[];
  /** wrong / count², 0–1. */
  ratio: number;
}

/** What the service needs from `render/` (implemented in render/index.ts). */
export interface QrRenderer {
  encodeContent(content: QrContent): string;
  parseContent(text: string): QrContent;
  /** Throws AppError qrcode_too_long_fit / qrcode_too_long when the content does not fit. */
  buildMatrix(content: string, ecLevel: QrEcLevel, version?: number): QrMatrix;
  /** Throws the refusal (contrast, light-on-dark, logo too large for the level, content too long) before anything is made. */
  checkStyled(spec: StyledSpec): void;
  renderStyled(spec: StyledSpec): Promise<MadeCode>;
  /** The plain black-on-white picture of a matrix (ControlNet input of an AI art code), `sizePx` square with `margin` modules. */
  controlImage(matrix: QrMatrix, sizePx: number, margin: number): Promise<Buffer>;
}

/** What the service needs from `decode/` (implemented in decode/index.ts). */
export interface QrDecoder {
  /** Both decoders at the picture's own size and at each of QR_VERIFY_SIZES; ok when every read equals `expected`. */
  verify(picture: Buffer, expected: string): Promise<Verification>;
  /** The upload path: the picture as it is, then prepared versions, within the time budget; null when no code was found. */
  decodeUpload(data: Buffer, options?: { budgetMs?: number }): Promise<DecodedUpload | null>;
  /** Samples the picture at each module's centre (grid placed by `margin`) against the matrix. */
  mismatch(picture: Buffer, matrix: QrMatrix, margin: number): Promise<Mismatch>;
}
