/**
 * The decoding half of the QR engine: verification of made codes, the upload
 * path for pictures of existing codes, and the mismatch view.
 */
export { verify } from './verify.js';
export { loadZxing, readJsqr, readZxing, readsAs, type Read, type Rgba } from './readers.js';
