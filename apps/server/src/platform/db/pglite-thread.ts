import type { Worker } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import type { BackendMessage } from 'pg-protocol/dist/messages.js';
import { Parser } from 'pg-protocol/dist/parser.js';
import { startWorker } from '../worker-entry.js';
import { READY_ID, type ThreadReply, type ThreadRequest } from './pglite-thread.protocol.js';

/** Frontend messages answered only at the next sync: parse, bind, describe, execute, close. */
const DEFERRED = new Set(['P', 'B', 'D', 'E', 'C'].map((c) => c.charCodeAt(0)));

interface Waiting {
  resolve: (bytes: Uint8Array) => void;
  reject: (error: Error) => void;
}

/**
 * The embedded PostgreSQL (PGlite) in a worker thread, seen from the app's
 * thread as the object `@electric-sql/pglite/node-postgres` drives
 * (`waitReady`, `execProtocolStream`), so `pg.Pool`, Kysely and every
 * transaction run on it unchanged (decision 0015).
 *
 * Why a thread: PGlite runs each statement synchronously in WebAssembly. On
 * the app's event loop every statement of every request stops all other
 * work for as long as it runs, such as relaying the chunks of streaming
 * answers. Here the app's thread only copies protocol bytes and parses the
 * replies, as it would for a PostgreSQL server's socket.
 *
 * The extended-protocol messages of one statement (parse, bind, describe,
 * execute) are answered at once with nothing and sent with the sync that
 * follows as one batch, as a socket would carry them; the replies of the
 * whole batch come back with the sync's, which is when `pg` reads them. One
 * round trip per statement.
 */
export class PGliteThread implements Pick<PGlite, 'waitReady' | 'execProtocolStream'> {
  readonly waitReady: Promise<void>;
  private readonly worker: Worker;
  private readonly waiting = new Map<number, Waiting>();
  private nextId = READY_ID + 1;
  private batch: Uint8Array[] = [];
  /** Set once the thread is closed or gone: every later call fails with it. */
  private failure: Error | null = null;

  private constructor(dataDir: string | null) {
    this.worker = startWorker('pglite.worker', import.meta.url, { workerData: { dataDir } });
    this.waitReady = new Promise<void>((resolve, reject) => {
      this.waiting.set(READY_ID, { resolve: () => resolve(), reject });
    });
    this.worker.on('message', (reply: ThreadReply) => {
      const waiting = this.waiting.get(reply.id);
      if (!waiting) return;
      this.waiting.delete(reply.id);
      if ('error' in reply) waiting.reject(new Error(`PGlite: ${reply.error}`));
      else waiting.resolve('bytes' in reply ? reply.bytes : new Uint8Array(0));
    });
    this.worker.on('error', (error) => this.fail(new Error(`the database thread failed: ${error.message}`)));
    this.worker.on('exit', (code) => this.fail(new Error(`the database thread exited (code ${code})`)));
  }

  /** Starts the thread and opens the database in it (`null`: in memory). */
  static async start(dataDir: string | null): Promise<PGliteThread> {
    const thread = new PGliteThread(dataDir);
    try {
      await thread.waitReady;
    } catch (error) {
      thread.fail(new Error('the database is closed'));
      await thread.worker.terminate();
      throw error;
    }
    return thread;
  }

  /** What the node-postgres adapter calls for each frontend message; resolves with the backend messages it produced. */
  async execProtocolStream(message: Uint8Array): Promise<BackendMessage[]> {
    if (this.failure) throw this.failure;
    this.batch.push(message);
    if (DEFERRED.has(message[0] ?? 0)) return [];
    const bytes = this.batch.length === 1 ? message : Buffer.concat(this.batch);
    this.batch = [];
    const reply = await this.send({ id: this.nextId++, bytes });
    const messages: BackendMessage[] = [];
    new Parser().parse(Buffer.from(reply.buffer, reply.byteOffset, reply.byteLength), (m) => messages.push(m));
    return messages;
  }

  /** Closes the database (its files are complete on disk afterwards) and ends the thread. */
  async close(): Promise<void> {
    if (this.failure) return;
    try {
      await this.send({ id: this.nextId++, close: true });
    } finally {
      this.fail(new Error('the database is closed'));
      await this.worker.terminate();
    }
  }

  private send(request: ThreadRequest): Promise<Uint8Array> {
    return new Promise((resolve, reject) => {
      this.waiting.set(request.id, { resolve, reject });
      this.worker.postMessage(request);
    });
  }

  /** Ends every call in flight with `error`; the first failure is the one kept. */
  private fail(error: Error): void {
    this.failure ??= error;
    for (const waiting of this.waiting.values()) waiting.reject(error);
    this.waiting.clear();
  }
}
