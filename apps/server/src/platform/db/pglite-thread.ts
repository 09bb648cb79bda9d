import type { Worker } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import type { BackendMessage } from 'pg-protocol/dist/messages.js';
import { Parser } from 'pg-protocol/dist/parser.js';
import { startWorker } from '../worker-entry.js';
import { READY_ID, type ThreadReply, type ThreadRequest } from './pglite-thread.protocol.js';
import type { Logger } from '../logger.js';

/** Pause before restarting a thread that died again soon after a restart; doubles up to the cap. */
const RESTART_BASE_MS = 100;
const RESTART_MAX_MS = 10_000;

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
  private worker: Worker | null = null;
  private ready!: Promise<void>;
  /** The current thread has opened the database and nothing has gone wrong since. */
  private up = false;
  private readonly waiting = new Map<number, Waiting>();
  private nextId = READY_ID + 1;
  private batch: Uint8Array[] = [];
  /** Set once the thread is closed (or never started): every later call fails with it. */
  private failure: Error | null = null;
  private started = false;
  private closing = false;
  /** Deaths since the last statement that succeeded: spaces out restarts of a thread that keeps dying. */
  private deaths = 0;
  private restartTimer: NodeJS.Timeout | undefined;
  private cancelRestart: ((error: Error) => void) | undefined;

  private constructor(
    private readonly dataDir: string | null,
    private readonly log: Logger | undefined,
    /** In memory: the data directory image to start from (see OpenOptions.memoryImage). */
    private readonly image?: Uint8Array,
  ) {
    this.spawn();
  }

  /** Resolves once the current thread has opened the database (after a restart: the new thread). */
  get waitReady(): Promise<void> {
    return this.ready;
  }

  /** Starts the thread and opens the database in it (`null`: in memory). */
  static async start(dataDir: string | null, log?: Logger, image?: Uint8Array): Promise<PGliteThread> {
    const thread = new PGliteThread(dataDir, log, image);
    try {
      await thread.ready;
    } catch (error) {
      thread.failure = new Error('the database is closed');
      await thread.worker?.terminate();
      throw error;
    }
    thread.started = true;
    return thread;
  }

  /** A new thread that opens the database; `ready` follows it. */
  private spawn(): Promise<void> {
    const worker = startWorker('pglite.worker', import.meta.url, { workerData: { dataDir: this.dataDir, image: this.image } });
    this.worker = worker;
    this.ready = new Promise<void>((resolve, reject) => {
      this.waiting.set(READY_ID, { resolve: () => resolve(), reject });
    });
    this.ready.then(
      () => (this.up = this.worker === worker),
      // A restarted thread that cannot open the database is ended; its exit schedules the next try.
      () => void (this.started && this.worker === worker && worker.terminate()),
    );
    worker.on('message', (reply: ThreadReply) => {
      if (this.worker !== worker) return;
      const waiting = this.waiting.get(reply.id);
      if (!waiting) return;
      this.waiting.delete(reply.id);
      if ('error' in reply) waiting.reject(new Error(`PGlite: ${reply.error}`));
      else {
        if (reply.id !== READY_ID) this.deaths = 0;
        waiting.resolve('bytes' in reply ? reply.bytes : new Uint8Array(0));
      }
    });
    worker.on('error', (error) => this.died(worker, `failed: ${error.message}`));
    worker.on('exit', (code) => this.died(worker, `exited (code ${code})`));
    return this.ready;
  }

  /** What the node-postgres adapter calls for each frontend message; resolves with the backend messages it produced. */
  async execProtocolStream(message: Uint8Array): Promise<BackendMessage[]> {
    if (this.failure) throw this.failure;
    this.batch.push(message);
    if (DEFERRED.has(message[0] ?? 0)) return [];
    const bytes = this.batch.length === 1 ? message : Buffer.concat(this.batch);
    this.batch = [];
    // Only after the thread died: wait for its replacement (or its reason for not opening).
    if (!this.up) await this.ready;
    if (this.failure) throw this.failure;
    const reply = await this.send({ id: this.nextId++, bytes });
    const messages: BackendMessage[] = [];
    new Parser().parse(Buffer.from(reply.buffer, reply.byteOffset, reply.byteLength), (m) => messages.push(m));
    return messages;
  }

  /** Closes the database (its files are complete on disk afterwards) and ends the thread. */
  async close(): Promise<void> {
    if (this.failure || this.closing) return;
    this.closing = true;
    clearTimeout(this.restartTimer);
    this.cancelRestart?.(new Error('the database is closed'));
    try {
      if (this.up) await this.send({ id: this.nextId++, close: true });
    } finally {
      this.failure = new Error('the database is closed');
      this.rejectAll(this.failure);
      await this.worker?.terminate();
    }
  }

  private send(request: ThreadRequest): Promise<Uint8Array> {
    const worker = this.worker;
    // The thread died between its replacement opening and this call: the next call waits for another.
    if (!worker) return Promise.reject(new Error('the database thread is being restarted'));
    return new Promise((resolve, reject) => {
      this.waiting.set(request.id, { resolve, reject });
      worker.postMessage(request);
    });
  }

  /**
   * The thread is gone (a crash, running out of memory, a terminate). Its
   * statements in flight fail with the reason; a new thread opens the same
   * directory (the process still holds the data-directory lock, so no other
   * process has touched it) and later statements run there. Decision 0020.
   */
  private died(worker: Worker, reason: string): void {
    if (this.worker !== worker) return;
    this.worker = null;
    this.up = false;
    // Messages of a statement whose sync never went out belong to the dead connection.
    this.batch = [];
    // An in-memory database would come back empty: there every later call fails instead.
    const restarting = this.started && !this.closing && !this.failure && this.dataDir !== null;
    const error = new Error(`the database thread ${reason}${restarting ? '; it is being restarted' : ''}`);
    this.rejectAll(error);
    if (!restarting) {
      if (this.started && !this.closing) this.failure ??= error;
      return;
    }
    this.deaths += 1;
    const delay = this.deaths === 1 ? 0 : Math.min(RESTART_BASE_MS * 2 ** (this.deaths - 2), RESTART_MAX_MS);
    this.log?.error({ reason, deaths: this.deaths, restartInMs: delay }, 'the database thread died; restarting it');
    this.ready = new Promise<void>((resolve, reject) => {
      this.restartTimer = setTimeout(resolve, delay);
      this.cancelRestart = reject;
    }).then(() => this.spawn());
    this.ready.then(
      () => this.log?.info({ deaths: this.deaths }, 'the database thread was restarted'),
      (openError: unknown) => this.log?.error({ err: openError }, 'the restarted database thread could not open the database'),
    );
  }

  /** Ends every call in flight (the open included) with `error`. */
  private rejectAll(error: Error): void {
    for (const waiting of this.waiting.values()) waiting.reject(error);
    this.waiting.clear();
  }
}
