import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import type { Database } from './schema.js';
import { DataDirLock } from './lock.js';
import { migrateToLatest } from './migrate.js';
import { PGliteThread } from './pglite-thread.js';
import type { Logger } from '../logger.js';

// bigint (int8) and numeric arrive as strings by default; counts(*) are int8.
// We keep them as strings in row types and convert at the repository edge.

export interface DatabaseHandle {
  db: Kysely<Database>;
  pool: pg.Pool;
  kind: 'pglite' | 'postgres';
  /** Where a LISTEN connection can be opened (PostgreSQL only). */
  connectionString?: string;
  /** The embedded database's thread, when it runs in one (decision 0015). */
  thread?: PGliteThread;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** PostgreSQL connection string; without it the embedded PGlite is used. */
  databaseUrl?: string;
  /** PGlite data directory; `memory` keeps everything in memory (tests). */
  dataDir: string | 'memory';
  poolSize?: number;
  /**
   * Run PGlite in its own thread (pglite-thread.ts, decision 0015) instead of
   * on the app's event loop. Default: on for a data directory (the served
   * app), off in memory (API tests start faster in-process; `npm test` runs
   * them again on the thread, and the browser tests serve the app on it).
   */
  thread?: boolean;
  /** Where the database thread reports its deaths and restarts. */
  log?: Logger;
  /**
   * In memory only: start from this image of a data directory (a tar from
   * `migratedImage`) instead of an empty cluster. Creating a cluster costs
   * seconds of WebAssembly; loading an image costs a fraction, so API tests
   * that open hundreds of databases start from one migrated image.
   */
  memoryImage?: Uint8Array;
}

/**
 * A connection that breaks (PostgreSQL restarted, its backend terminated, the
 * database thread died) fails the query it was running, and the pool opens a
 * new one for the next. pg also emits 'error' on the client, and on the pool
 * when the client was idle: with no listener, Node ends the process. On the
 * embedded database the unheard event would also poison the adapter's queue,
 * so every later query failed with the same error.
 */
function survivesBrokenConnections(pool: pg.Pool, log: Logger | undefined): void {
  pool.on('connect', (client) => client.on('error', (error) => log?.warn({ err: error }, 'database connection lost; the next query opens a new one')));
  // Already logged by the client's listener above.
  pool.on('error', () => undefined);
}

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    survivesBrokenConnections(pool, options.log);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    try {
      await migrateToLatest(db);
    } catch (error) {
      await db.destroy();
      throw error;
    }
    return {
      db,
      pool,
      kind: 'postgres',
      connectionString: options.databaseUrl,
      close: () => db.destroy(),
    };
  }

  const memory = options.dataDir === 'memory';
  const lock = memory ? undefined : DataDirLock.acquire(options.dataDir);
  const dir = memory ? null : path.join(options.dataDir, 'pgdata');
  let engine: PGlite | PGliteThread;
  try {
    const image = memory ? options.memoryImage : undefined;
    engine =
      (options.thread ?? !memory)
        ? await PGliteThread.start(dir, options.log, image)
        : dir
          ? new PGlite(dir)
          : new PGlite(image ? { loadDataDir: new Blob([image]) } : {});
  } catch (error) {
    lock?.release();
    throw error;
  }
  // One connection: PGlite is single-threaded, and a pool of one serialises transactions correctly.
  // The adapter drives either engine through `waitReady` and `execProtocolStream` (it checks for the latter).
  const pool = new pg.Pool(createPgConfig(engine as PGlite));
  survivesBrokenConnections(pool, options.log);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const close = async () => {
    await db.destroy();
    await engine.close();
    lock?.release();
  };
  try {
    await migrateToLatest(db);
  } catch (error) {
    await close();
    throw error;
  }
  return { db, pool, kind: 'pglite', thread: engine instanceof PGliteThread ? engine : undefined, close };
}

/** An empty embedded database with every migration applied, as a tar image for `memoryImage`. */
export async function migratedImage(): Promise<Uint8Array> {
  const engine = new PGlite();
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool(createPgConfig(engine)) }) });
  try {
    await migrateToLatest(db);
    const tar = await engine.dumpDataDir('none');
    return new Uint8Array(await tar.arrayBuffer());
  } finally {
    await db.destroy();
    await engine.close();
  }
}
