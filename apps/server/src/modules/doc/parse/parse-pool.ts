import { Worker } from 'node:worker_threads';
import { startWorker } from '../../../platform/worker-entry.js';
import type { Chunk } from '../chunk.js';
import type { ParsedDocument, ParsedFormat, ParseFailure } from './types.js';

/** Heap of a parse thread: far above what a 20 MB document needs, far below the machine. */
export const PARSE_HEAP_MB = 512;
/**
 * Wall-clock limit of one parse (a 250-page CJK PDF takes a few seconds here),
 * and of each scanned page read by OCR: every page's progress starts the clock
 * again, so a 300-page scan is bounded per page, not as a whole.
 */
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
  restart: () => void;
  onProgress?: (progress: ParseProgress) => void;
}

export interface ParseProgress {
  page: number;
  pages: number;
}

export interface ParseOptions {
  timeoutMs?: number;
  /** Page budget for OCR; absent: scanned pages and images are not read. */
  ocrPages?: number;
  /** Called as each scanned page starts. */
  onProgress?: (progress: ParseProgress) => void;
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

  /** `entry`: the thread's script name beside this file (tests give a scripted stand-in). */
  constructor(private readonly options: { heapMb?: number; entry?: string } = {}) {}

  parse(format: ParsedFormat, data: Uint8Array, options: ParseOptions = {}): Promise<WorkerOutcome> {
    const run = this.queue.then(() => this.runOne(format, data, options));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private spawn(): Worker {
    const worker = startWorker(this.options.entry ?? 'parse.worker', import.meta.url, {
      resourceLimits: { maxOldGenerationSizeMb: this.options.heapMb ?? PARSE_HEAP_MB, stackSizeMb: 8 },
      stdout: true,
      stderr: true,
    });
    // The thread's own output (pdf.js warnings) is not ours to print.
    worker.stdout.resume();
    worker.stderr.resume();
    worker.on('message', (message: { id: number; outcome?: WorkerOutcome; progress?: ParseProgress }) => {
      const pending = this.pending;
      if (pending?.id !== message.id || pending.worker !== worker) return;
      if (message.outcome) {
        this.settle(message.outcome);
        return;
      }
      if (message.progress) {
        pending.restart();
        // A failing listener (a database write) must not take the parse down with it.
        try {
          pending.onProgress?.(message.progress);
        } catch {
          /* progress is advisory */
        }
      }
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

  private runOne(format: ParsedFormat, data: Uint8Array, options: ParseOptions): Promise<WorkerOutcome> {
    const timeoutMs = options.timeoutMs ?? PARSE_TIMEOUT_MS;
    clearTimeout(this.idle);
    this.worker ??= this.spawn();
    const worker = this.worker;
    const copy = new Uint8Array(data);
    return new Promise<WorkerOutcome>((resolve) => {
      const id = this.nextId++;
      const expire = () => {
        this.drop(worker);
        void worker.terminate();
        this.settle({ ok: false, reason: 'doc_parse_timeout', detail: `parse exceeded ${timeoutMs} ms` });
      };
      const pending: Pending = {
        id,
        worker,
        format,
        timer: setTimeout(expire, timeoutMs),
        restart: () => {
          clearTimeout(pending.timer);
          pending.timer = setTimeout(expire, timeoutMs);
        },
        onProgress: options.onProgress,
        resolve: (outcome) => {
          this.idle = setTimeout(() => void this.close(), IDLE_MS);
          this.idle.unref();
          resolve(outcome);
        },
      };
      this.pending = pending;
      worker.postMessage({ id, format, data: copy, ocrPages: options.ocrPages }, [copy.buffer]);
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
export function parseInWorker(format: ParsedFormat, data: Uint8Array, options: ParseOptions = {}): Promise<WorkerOutcome> {
  return shared.parse(format, data, options);
}
