import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

/**
 * The embedded database's own thread (see pglite-thread.ts). It owns the
 * PGlite instance and answers raw PostgreSQL protocol bytes with raw protocol
 * bytes, one request at a time, in order.
 */
export interface WorkerRequest {
  id: number;
  /** Protocol messages, or null to close the database. */
  bytes: Uint8Array | null;
}

export type WorkerReply = { id: number; bytes: Uint8Array } | { id: number; error: string } | { id: number; closed: true };

const port = parentPort;
if (!port) throw new Error('pglite.worker must run in a worker thread');
const { dataDir } = workerData as { dataDir: string | null };

const db = dataDir ? new PGlite(dataDir) : new PGlite();
try {
  await db.waitReady;
  port.postMessage({ id: 0, bytes: new Uint8Array(0) } satisfies WorkerReply);
} catch (error) {
  port.postMessage({ id: 0, error: error instanceof Error ? error.message : String(error) } satisfies WorkerReply);
}

let queue = Promise.resolve();
port.on('message', (request: WorkerRequest) => {
  queue = queue.then(async () => {
    if (request.bytes === null) {
      await db.close();
      port.postMessage({ id: request.id, closed: true } satisfies WorkerReply);
      return;
    }
    try {
      const result = await db.execProtocolRaw(request.bytes);
      // A copy the thread can give away (the result may be a view into PGlite's memory).
      const bytes = result.slice();
      port.postMessage({ id: request.id, bytes } satisfies WorkerReply, [bytes.buffer]);
    } catch (error) {
      port.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) } satisfies WorkerReply);
    }
  });
});
