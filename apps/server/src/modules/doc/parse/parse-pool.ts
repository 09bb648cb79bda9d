import fs from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { ParsedFormat, ParseOutcome } from './types.js';

/** Heap of a parse thread: far above what a 20 MB document needs, far below the machine. */
export const PARSE_HEAP_MB = 512;
/** Wall-clock limit of one parse (a 250-page CJK PDF takes a few seconds here). */
export const PARSE_TIMEOUT_MS = 120_000;

function workerEntry(): URL {
  const compiled = new URL('./parse.worker.js', import.meta.url);
  // Running from TypeScript sources (tests, tsx): a small bootstrap loads them through tsx.
  return fs.existsSync(compiled) ? compiled : new URL('./parse.worker.dev.mjs', import.meta.url);
}

/**
 * Parses one file in its own worker thread. A zip bomb or a hostile PDF that
 * exhausts the heap ends that thread (ERR_WORKER_OUT_OF_MEMORY), a hang is
 * terminated at the timeout; either way the server carries on and the file
 * fails with a reason.
 */
export function parseInWorker(format: ParsedFormat, data: Uint8Array, options: { timeoutMs?: number; heapMb?: number } = {}): Promise<ParseOutcome> {
  const entry = workerEntry();
  const copy = new Uint8Array(data);
  return new Promise<ParseOutcome>((resolve) => {
    let settled = false;
    const worker = new Worker(entry, {
      workerData: { format, data: copy },
      transferList: [copy.buffer],
      resourceLimits: { maxOldGenerationSizeMb: options.heapMb ?? PARSE_HEAP_MB, maxYoungGenerationSizeMb: 64, stackSizeMb: 8 },
      stdout: true,
      stderr: true,
    });
    const finish = (outcome: ParseOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(outcome);
    };
    const timer = setTimeout(() => finish({ ok: false, reason: 'doc_parse_timeout', detail: `parse exceeded ${options.timeoutMs ?? PARSE_TIMEOUT_MS} ms` }), options.timeoutMs ?? PARSE_TIMEOUT_MS);
    worker.on('message', (outcome: ParseOutcome) => finish(outcome));
    worker.on('error', (error: Error & { code?: string }) => {
      const memory = error.code === 'ERR_WORKER_OUT_OF_MEMORY';
      finish({ ok: false, reason: memory && format === 'docx' ? 'docx_loading_failed' : 'doc_parsing_failed', detail: `${error.code ?? 'error'}: ${error.message}` });
    });
    worker.on('exit', (code) => finish({ ok: false, reason: 'doc_parsing_failed', detail: `parser exited with code ${code}` }));
    // The thread's own output (pdf.js warnings) is not ours to print.
    worker.stdout.resume();
    worker.stderr.resume();
  });
}
