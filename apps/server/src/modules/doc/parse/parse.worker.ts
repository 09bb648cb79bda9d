import { parentPort } from 'node:worker_threads';
import { paddleOcr } from '../../../providers/ocr/paddle-ocr.js';
import { chunkPages } from '../chunk.js';
import { parseDocument } from './parse.js';
import type { ParsedFormat } from './types.js';

/**
 * Parse thread: parses files one message at a time and answers with the
 * outcome and, on success, the passages with their index terms (tokenising
 * here keeps that CPU work off the server's event loop). The thread lives
 * across files so pdf.js (and, once a scan came, the OCR models) stay loaded;
 * the parent (parse-pool.ts) bounds its heap and time and replaces it whenever
 * it fails. While scanned pages are read, a progress message goes out before
 * each page.
 */
interface ParseMessage {
  id: number;
  format: ParsedFormat;
  data: Uint8Array;
  /** Page budget for OCR; absent: scanned pages are not read. */
  ocrPages?: number;
}

parentPort?.on('message', (message: ParseMessage) => {
  void (async () => {
    const ocr =
      message.ocrPages === undefined
        ? undefined
        : { engine: paddleOcr(), maxPages: message.ocrPages, onProgress: (progress: { page: number; pages: number }) => parentPort?.postMessage({ id: message.id, progress }) };
    const outcome = await parseDocument(message.format, message.data, ocr);
    parentPort?.postMessage({ id: message.id, outcome: outcome.ok ? { ...outcome, chunks: chunkPages(outcome.doc.pages) } : outcome });
  })();
});
