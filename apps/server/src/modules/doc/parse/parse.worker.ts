import { parentPort } from 'node:worker_threads';
import { chunkPages } from '../chunk.js';
import { parseDocument } from './parse.js';
import type { ParsedFormat } from './types.js';

/**
 * Parse thread: parses files one message at a time and answers with the
 * outcome and, on success, the passages with their index terms (tokenising
 * here keeps that CPU work off the server's event loop). The thread lives
 * across files so pdf.js stays compiled; the parent (parse-pool.ts) bounds its
 * heap and time and replaces it whenever it fails.
 */
parentPort?.on('message', (message: { id: number; format: ParsedFormat; data: Uint8Array }) => {
  void (async () => {
    const outcome = await parseDocument(message.format, message.data);
    parentPort?.postMessage({ id: message.id, outcome: outcome.ok ? { ...outcome, chunks: chunkPages(outcome.doc.pages) } : outcome });
  })();
});
