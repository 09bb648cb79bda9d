import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.js';
import { captureLogger } from '../../test/logger.js';
import { JobRunner } from './job-runner.js';
import { until } from '../../test/sse-client.js';

describe('job runner when the queue cannot be read', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ JOBS_POLL_MS: '0' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('logs, backs off (doubling, capped), survives, and runs jobs once the database answers again', async () => {
    const db = t.owned.ctx.db;
    const log = captureLogger();
    const runner = new JobRunner(db, t.owned.ctx.dbKind, t.owned.ctx.now, { pollMs: 20, log, backoffMs: 40, backoffMaxMs: 160 });
    const ran: unknown[] = [];
    runner.register('echo', async (payload) => void ran.push(payload.n));
    await runner.start();
    const failures = () => log.entries.filter((e) => e.msg === 'job queue unreadable; pausing');
    // The queue's table is gone for a while, as when the database restarts or a migration holds it.
    await sql`ALTER TABLE jobs RENAME TO jobs_away`.execute(db);
    try {
      // An enqueue's wake claims at once: the claim fails outside any caller that could catch it.
      runner.wake();
      await until(() => failures().length >= 5, 10_000);
    } finally {
      await sql`ALTER TABLE jobs_away RENAME TO jobs`.execute(db);
    }
    const delays = failures().map((e) => (e.obj as { retryInMs: number }).retryInMs);
    expect(delays.slice(0, 5)).toEqual([40, 80, 160, 160, 160]);
    expect(failures()[0]!.level).toBe('error');
    await runner.enqueue(db, 'echo', { n: 1 });
    await until(() => ran.length === 1);
    expect(ran).toEqual([1]);
    // Success ended the backoff: the next failure waits the first pause again.
    const before = failures().length;
    await sql`ALTER TABLE jobs RENAME TO jobs_away`.execute(db);
    try {
      await until(() => failures().length > before);
    } finally {
      await sql`ALTER TABLE jobs_away RENAME TO jobs`.execute(db);
    }
    expect((failures()[before]!.obj as { retryInMs: number }).retryInMs).toBe(40);
    await runner.stop();
  });
});
