import type { QrDecoder } from '../qr-engine.js';
import { mismatch } from './mismatch.js';
import { decodeUpload } from './upload.js';
import { verify } from './verify.js';

/**
 * The decoding half of the QR engine: verification of made codes (verify.ts),
 * the upload path for pictures of existing codes (upload.ts, ladder.ts) and
 * the mismatch view (mismatch.ts).
 */
export const qrDecoder: QrDecoder = { verify, decodeUpload, mismatch };

export { decodeUpload, UPLOAD_BUDGET_MS } from './upload.js';
export { mismatch } from './mismatch.js';
export { verify } from './verify.js';
export { loadZxing, readJsqr, readsAs, readZxing, type Read, type Rgba } from './readers.js';
