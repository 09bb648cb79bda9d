import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { READY_ID, type ThreadReply, type ThreadRequest } from './pglite-thread.protocol.js';

/**
 * The embedded database's own thread (see pglite-thread.ts). It owns the
 * PGlite instance and answers PostgreSQL protocol bytes with protocol bytes,
 * one request at a time, in the order they came.
 */
const port = parentPort;
if (!port) throw new Error('pglite.worker must run in a worker thread');
const { dataDir, image } = workerData as { dataDir: string | null; image?: Uint8Array };
/** PGlite's file-system failures are Emscripten `ErrnoError` objects, not Errors: name and errno are all they carry. */
function message(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error !== null && 'name' in error) {
    const { name, errno } = error as { name: unknown; errno?: unknown };
    return errno === undefined ? String(name) : `${String(name)} (errno ${String(errno)})`;
  }
  return String(error);
}

const db = dataDir ? new PGlite(dataDir) : new PGlite(image ? { loadDataDir: new Blob([image]) } : {});
try {
  await db.waitReady;
  port.postMessage({ id: READY_ID, bytes: new Uint8Array(0) } satisfies ThreadReply);
} catch (error) {
  port.postMessage({ id: READY_ID, error: `could not open ${dataDir ?? 'the in-memory database'}: ${message(error)}` } satisfies ThreadReply);
}

let queue = Promise.resolve();
port.on('message', (request: ThreadRequest) => {
  queue = queue.then(async () => {
    try {
      if ('close' in request) {
        await db.close();
        port.postMessage({ id: request.id, closed: true } satisfies ThreadReply);
        return;
      }
      const result = await db.execProtocolRaw(request.bytes);
      // PGlite hands back a fresh copy of its reply buffer: give that buffer away rather than copy it again.
      const whole = result.buffer instanceof ArrayBuffer && result.byteOffset === 0 && result.byteLength === result.buffer.byteLength;
      const own = whole ? new Uint8Array(result.buffer) : result.slice();
      port.postMessage({ id: request.id, bytes: own } satisfies ThreadReply, [own.buffer]);
    } catch (error) {
      port.postMessage({ id: request.id, error: message(error) } satisfies ThreadReply);
    }
  });
});
