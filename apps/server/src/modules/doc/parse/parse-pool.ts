import { Worker } from 'node:worker_threads';
import { startWorker } from '../../../platform/worker-entry.js';
import type { Chunk } from '../chunk.js';
import type { ParsedDocument, ParsedFormat, ParseFailure } from './types.js';

/** Heap of a parse thread: far above what a 20 MB document needs, far below the machine. */
export const PARSE_HEAP_MB = 512;
/** Wall-clock limit of one parse (a 250-page CJK PDF takes a few seconds here). */
export const PARSE_TIMEOUT_MS = 120_000;
/** An idle parse thread is ended after this, giving its memory back. */
const IDLE_MS = 300_000;

export type WorkerOutcome = { ok: true; doc: ParsedDocument; chunks: Chunk[] } | { ok: false; reason: ParseFailure; detail: string };

interface Pending {
  id: number;
  /** The thread parsing it: events of a thread already replaced must not settle a newer file. */
  worker: Worker;
  resolve: (outcome: WorkerOutcome) => void;
  timer: NodeJS.Timeout;
  format: ParsedFormat;
}

/**
 * Parses files in a worker thread, one at a time. The thread is kept between
 * files (starting one and compiling pdf.js again costs seconds on a busy
 * machine) and replaced whenever a file ends it: a zip bomb or a hostile PDF
 * that exhausts the heap (ERR_WORKER_OUT_OF_MEMORY), a hang stopped at the
 * timeout, a crash. The server carries on and that file fails with a reason.
 */
export class ParsePool {
  private worker: Worker | null = null;
  private pending: Pending | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private idle: NodeJS.Timeout | undefined;
  private nextId = 1;

  constructor(private readonly options: { heapMb?: number } = {}) {}

  parse(format: ParsedFormat, data: Uint8Array, options: { timeoutMs?: number } = {}): Promise<WorkerOutcome> {
    const run = this.queue.then(() => this.runOne(format, data, options.timeoutMs ?? PARSE_TIMEOUT_MS));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private spawn(): Worker {
    const worker = startWorker('parse.worker', import.meta.url, {
      resourceLimits: { maxOldGenerationSizeMb: this.options.heapMb ?? PARSE_HEAP_MB, stackSizeMb: 8 },
      stdout: true,
      stderr: true,
    });
    // The thread's own output (pdf.js warnings) is not ours to print.
    worker.stdout.resume();
    worker.stderr.resume();
    worker.on('message', (message: { id: number; outcome: WorkerOutcome }) => {
      if (this.pending?.id === message.id && this.pending.worker === worker) this.settle(message.outcome);
    });
    worker.on('error', (error: Error & { code?: string }) => {
      const memory = error.code === 'ERR_WORKER_OUT_OF_MEMORY';
      const format = this.pending?.format;
      this.drop(worker);
      if (this.pending?.worker === worker) this.settle({ ok: false, reason: memory && format === 'docx' ? 'docx_loading_failed' : 'doc_parsing_failed', detail: `${error.code ?? 'error'}: ${error.message}` });
    });
    worker.on('exit', (code) => {
      this.drop(worker);
      if (this.pending?.worker === worker) this.settle({ ok: false, reason: 'doc_parsing_failed', detail: `parser exited with code ${code}` });
    });
    worker.unref();
    return worker;
  }

  private drop(worker: Worker): void {
    if (this.worker === worker) this.worker = null;
  }

  private settle(outcome: WorkerOutcome): void {
    const pending = this.pending;
    if (!pending) return;
    this.pending = null;
    clearTimeout(pending.timer);
    pending.resolve(outcome);
  }

  private runOne(format: ParsedFormat, data: Uint8Array, timeoutMs: number): Promise<WorkerOutcome> {
    clearTimeout(this.idle);
    this.worker ??= this.spawn();
    const worker = this.worker;
    const copy = new Uint8Array(data);
    return new Promise<WorkerOutcome>((resolve) => {
      const id = this.nextId++;
      const timer = setTimeout(() => {
        this.drop(worker);
        void worker.terminate();
        this.settle({ ok: false, reason: 'doc_parse_timeout', detail: `parse exceeded ${timeoutMs} ms` });
      }, timeoutMs);
      this.pending = {
        id,
        worker,
        format,
        timer,
        resolve: (outcome) => {
          this.idle = setTimeout(() => void this.close(), IDLE_MS);
          this.idle.unref();
          resolve(outcome);
        },
      };
      worker.postMessage({ id, format, data: copy }, [copy.buffer]);
    });
  }

  async close(): Promise<void> {
    clearTimeout(this.idle);
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }
}

const shared = new ParsePool();

/** Parses one file in the process's shared parse thread. */
export function parseInWorker(format: ParsedFormat, data: Uint8Array, options: { timeoutMs?: number } = {}): Promise<WorkerOutcome> {
  return shared.parse(format, data, options);
}
