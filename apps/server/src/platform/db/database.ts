import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import type { Database } from './schema.js';
import { DataDirLock } from './lock.js';
import { migrateToLatest } from './migrate.js';
import { PGliteThread } from './pglite-thread.js';

// bigint (int8) and numeric arrive as strings by default; counts(*) are int8.
// We keep them as strings in row types and convert at the repository edge.

export interface DatabaseHandle {
  db: Kysely<Database>;
  pool: pg.Pool;
  kind: 'pglite' | 'postgres';
  /** Where a LISTEN connection can be opened (PostgreSQL only). */
  connectionString?: string;
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
}

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
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
    engine = (options.thread ?? !memory) ? await PGliteThread.start(dir) : dir ? new PGlite(dir) : new PGlite();
  } catch (error) {
    lock?.release();
    throw error;
  }
  // One connection: PGlite is single-threaded, and a pool of one serialises transactions correctly.
  // The adapter drives either engine through `waitReady` and `execProtocolStream` (it checks for the latter).
  const pool = new pg.Pool(createPgConfig(engine as PGlite));
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
  return { db, pool, kind: 'pglite', close };
}
