import fs from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { BackendMessage } from 'pg-protocol/dist/messages.js';
import { Parser } from 'pg-protocol/dist/parser.js';
import type { WorkerReply, WorkerRequest } from './pglite.worker.js';

/** Compiled worker in dist; the TypeScript sources load it through tsx (tests, dev). */
function workerEntry(): URL {
  const compiled = new URL('./pglite.worker.js', import.meta.url);
  return fs.existsSync(compiled) ? compiled : new URL('./pglite.worker.dev.mjs', import.meta.url);
}

/** Frontend message types that end a batch: sync, flush, a simple query, and anything but parse/bind/describe/execute/close. */
const BATCHED = new Set(['P', 'B', 'D', 'E', 'C'].map((c) => c.charCodeAt(0)));

/**
 * The embedded PostgreSQL (PGlite) in a worker thread, seen from the app's
 * thread as the object `@electric-sql/pglite/node-postgres` drives
 * (`execProtocolStream`, `waitReady`), so `pg.Pool` and Kysely run on it
 * unchanged.
 *
 * Why a thread: PGlite executes each statement synchronously in WebAssembly.
 * On the app's event loop every statement of every request would stop all
 * other work for its duration, such as relaying the chunks of streaming
 * answers (docs/decisions/0011). Here the app's thread only copies
 * protocol bytes and parses the replies.
 *
 * The extended-protocol messages of one statement (parse, bind, describe,
 * execute) are answered at once with nothing and sent with the following
 * sync as one batch; the replies of the whole batch come back in order with
 * the sync's, which is when `pg` reads them. One round trip per statement.
 */
export class PGliteThread {
  readonly waitReady: Promise<void>;
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: (bytes: Uint8Array) => void; reject: (error: Error) => void }>();
  private nextId = 1;
  private batch: Uint8Array[] = [];
  private closed = false;

  private constructor(dataDir: string | null) {
    this.worker = new Worker(workerEntry(), { workerData: { dataDir } });
    this.waitReady = new Promise<void>((resolve, reject) => {
      this.pending.set(0, { resolve: () => resolve(), reject });
    });
    this.worker.on('message', (reply: WorkerReply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if ('error' in reply) waiting.reject(new Error(`PGlite: ${reply.error}`));
      else waiting.resolve('bytes' in reply ? reply.bytes : new Uint8Array(0));
    });
    const failAll = (error: Error) => {
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    this.worker.on('error', failAll);
    this.worker.on('exit', (code) => failAll(new Error(`the database thread exited (${code})`)));
  }

  /** Starts the thread and opens the database (`null`: in memory). */
  static async start(dataDir: string | null): Promise<PGliteThread> {
    const thread = new PGliteThread(dataDir);
    try {
      await thread.waitReady;
    } catch (error) {
      await thread.worker.terminate();
      throw error;
    }
    return thread;
  }

  /** What the node-postgres adapter calls for each frontend message; resolves with the backend messages it produced. */
  async execProtocolStream(message: Uint8Array): Promise<BackendMessage[]> {
    if (this.closed) throw new Error('the database is closed');
    this.batch.push(message);
    if (BATCHED.has(message[0] ?? 0)) return [];
    const bytes = this.batch.length === 1 ? message : concat(this.batch);
    this.batch = [];
    const reply = await this.request(bytes);
    const messages: BackendMessage[] = [];
    new Parser().parse(Buffer.from(reply.buffer, reply.byteOffset, reply.byteLength), (m) => messages.push(m));
    return messages;
  }

  private request(bytes: Uint8Array | null): Promise<Uint8Array> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, bytes } satisfies WorkerRequest);
    });
  }

  /** Closes the database (flushing it to disk) and ends the thread. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    try {
      await this.request(null);
    } finally {
      await this.worker.terminate();
    }
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.byteLength;
  }
  return out;
}
