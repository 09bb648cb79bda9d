import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './database.js';
import { PGliteThread } from './pglite-thread.js';
import { pgErrorCode, transaction } from './transaction.js';
import { captureLogger } from '../../test/logger.js';
import { until } from '../../test/sse-client.js';

/** The embedded database in its own thread: what the served app runs on (the API tests use the in-process engine; PGLITE_THREAD=1 runs them here too). */
describe('PGlite in a worker thread', () => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await openDatabase({ dataDir: 'memory', thread: true });
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
  });

  it('runs the migrations, parameterised queries and typed results', async () => {
    await sql`CREATE TABLE thread_t (id serial PRIMARY KEY, name text UNIQUE NOT NULL, n int8, at timestamptz, doc jsonb)`.execute(handle.db);
    const at = new Date('2026-01-02T03:04:05.000Z');
    const { rows } = await sql<{ id: number; name: string; n: string; at: Date; doc: { a: number[] } }>`
      INSERT INTO thread_t (name, n, at, doc) VALUES (${'学霸'}, ${'9007199254740993'}, ${at}, ${JSON.stringify({ a: [1, 2] })}) RETURNING *`.execute(handle.db);
    expect(rows[0]).toMatchObject({ name: '学霸', n: '9007199254740993', doc: { a: [1, 2] } });
    expect(rows[0]!.at.toISOString()).toBe(at.toISOString());
    // The migrations ran through the thread too.
    const users = await sql<{ n: string }>`SELECT count(*) AS n FROM users`.execute(handle.db);
    expect(Number(users.rows[0]!.n)).toBeGreaterThanOrEqual(0);
  });

  it('reports errors with their PostgreSQL codes, rolls back, and keeps serving', async () => {
    await sql`CREATE TABLE thread_u (name text PRIMARY KEY)`.execute(handle.db);
    await sql`INSERT INTO thread_u VALUES ('a')`.execute(handle.db);
    const failed = await transaction(handle.db, async (tx) => {
      await sql`INSERT INTO thread_u VALUES ('b')`.execute(tx);
      await sql`INSERT INTO thread_u VALUES ('a')`.execute(tx);
    }).catch((error: unknown) => error);
    expect(pgErrorCode(failed)).toBe('23505');
    const syntax = await sql`SELEC 1`.execute(handle.db).catch((error: unknown) => error);
    expect(pgErrorCode(syntax)).toBe('42601');
    const { rows } = await sql<{ name: string }>`SELECT name FROM thread_u ORDER BY name`.execute(handle.db);
    expect(rows.map((r) => r.name)).toEqual(['a']);
  });

  it('serialises many concurrent transactions without losing a write', async () => {
    await sql`CREATE TABLE thread_c (k int PRIMARY KEY, v int NOT NULL)`.execute(handle.db);
    await sql`INSERT INTO thread_c VALUES (1, 0)`.execute(handle.db);
    await Promise.all(
      Array.from({ length: 200 }, () =>
        transaction(handle.db, async (tx) => {
          const { rows } = await sql<{ v: number }>`SELECT v FROM thread_c WHERE k = 1 FOR UPDATE`.execute(tx);
          await sql`UPDATE thread_c SET v = ${rows[0]!.v + 1} WHERE k = 1`.execute(tx);
        }),
      ),
    );
    const { rows } = await sql<{ v: number }>`SELECT v FROM thread_c WHERE k = 1`.execute(handle.db);
    expect(rows[0]!.v).toBe(200);
  });

  it('keeps a data directory across a close and a reopen', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xueba-thread-'));
    try {
      const first = await openDatabase({ dataDir: dir });
      await sql`CREATE TABLE kept (v text)`.execute(first.db);
      await sql`INSERT INTO kept VALUES (${'still here'})`.execute(first.db);
      await first.close();
      const second = await openDatabase({ dataDir: dir });
      const { rows } = await sql<{ v: string }>`SELECT v FROM kept`.execute(second.db);
      await second.close();
      expect(rows).toEqual([{ v: 'still here' }]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('a database that cannot open fails the start with the reason, and frees the data directory', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xueba-thread-'));
    try {
      // A file where the database's directory belongs.
      fs.writeFileSync(path.join(dir, 'pgdata'), 'not a directory');
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(/^PGlite: could not open .*pgdata: ErrnoError \(errno \d+\)$/);
      expect(fs.existsSync(path.join(dir, 'xueba.lock'))).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('answers statements sent while another is in flight in order, each with its own result', async () => {
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => sql<{ v: number }>`SELECT ${i}::int AS v`.execute(handle.db)));
    expect(results.map((r) => r.rows[0]!.v)).toEqual(Array.from({ length: 50 }, (_, i) => i));
  });

  it('refuses protocol messages once closed, and a second close is harmless', async () => {
    const thread = await PGliteThread.start(null);
    await thread.close();
    await expect(thread.execProtocolStream(new Uint8Array([83, 0, 0, 0, 4]))).rejects.toThrow('the database is closed');
    await expect(thread.close()).resolves.toBeUndefined();
  }, 60_000);
});

describe('PGlite thread that dies', () => {
  /** Ends the thread abruptly, as a crash or an out-of-memory kill would. */
  const kill = (thread: PGliteThread) => (thread as unknown as { worker: Worker }).worker.terminate();
  /** Statements posted to the thread and not yet answered. */
  const inFlight = (thread: PGliteThread) => (thread as unknown as { waiting: Map<number, unknown> }).waiting.size;

  it('is restarted on the same directory: the statement in flight fails with the reason, later ones run and see every committed row', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xueba-thread-'));
    const log = captureLogger();
    const handle = await openDatabase({ dataDir: dir, log });
    const db = handle.db;
    try {
      await sql`CREATE TABLE kept (v text)`.execute(db);
      await sql`INSERT INTO kept VALUES ('before')`.execute(db);
      for (const round of [1, 2]) {
        const slow = sql`SELECT count(*) FROM generate_series(1, 200000000)`.execute(db).catch((error: unknown) => error);
        await until(() => inFlight(handle.thread!) > 0);
        await kill(handle.thread!);
        const failed = await slow;
        expect(failed).toBeInstanceOf(Error);
        expect((failed as Error).message).toMatch(/^the database thread exited \(code \d+\); it is being restarted$/);
        await sql`INSERT INTO kept VALUES (${`after ${round}`})`.execute(db);
      }
      const { rows } = await sql<{ v: string }>`SELECT v FROM kept ORDER BY v`.execute(db);
      expect(rows.map((r) => r.v)).toEqual(['after 1', 'after 2', 'before']);
      expect(log.entries.filter((e) => e.msg === 'the database thread died; restarting it')).toHaveLength(2);
      expect(log.entries.filter((e) => e.msg === 'the database thread was restarted')).toHaveLength(2);
      // The process kept its data-directory lock throughout.
      expect(fs.readFileSync(path.join(dir, 'xueba.lock'), 'utf8')).toBe(String(process.pid));
    } finally {
      await handle.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('in memory is not restarted (it would come back empty): every later call fails with the reason', async () => {
    const thread = await PGliteThread.start(null);
    await kill(thread);
    await expect(thread.execProtocolStream(new Uint8Array([83, 0, 0, 0, 4]))).rejects.toThrow(/^the database thread exited \(code \d+\)$/);
    await thread.close();
  }, 60_000);
});
