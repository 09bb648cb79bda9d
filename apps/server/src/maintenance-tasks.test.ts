import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, ON_POSTGRES, type TestApp } from './test/helpers.js';
import { captureLogger } from './test/logger.js';
import { MaintenanceScheduler } from './platform/maintenance.js';
import { maintenanceTasks, RETENTION_MS } from './maintenance-tasks.js';

const HOUR_MS = 3_600_000;

describe('maintenance: old log rows are pruned on a schedule', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const count = async (table: 'rate_limits' | 'visits' | 'payment_notifications') =>
    Number((await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(t.owned.ctx.db)).rows[0]!.n);

  it('deletes rate-limit windows, visits and payment notifications past their retention, keeps the rest, and runs each task once an hour', async () => {
    const db = t.owned.ctx.db;
    const now = t.clock.now();
    const ago = (ms: number) => new Date(now.getTime() - ms);
    await db
      .insertInto('rate_limits')
      .values([
        { key: 'test:old', window_start: ago(RETENTION_MS.rateLimits + HOUR_MS), hits: 3 },
        { key: 'test:new', window_start: ago(HOUR_MS), hits: 3 },
      ])
      .execute();
    await db
      .insertInto('visits')
      .values([
        { terminal: 'pc', user_id: null, ip_hash: null, created_at: ago(RETENTION_MS.visits + HOUR_MS) },
        { terminal: 'pc', user_id: null, ip_hash: null, created_at: ago(RETENTION_MS.visits - HOUR_MS) },
      ])
      .execute();
    await db
      .insertInto('payment_notifications')
      .values(
        [RETENTION_MS.paymentNotifications + HOUR_MS, RETENTION_MS.paymentNotifications - HOUR_MS].map((age) => ({
          gateway: 'sandbox', order_no: null, trade_no: null, paid_amount: null, outcome: 'rejected', detail: '', created_at: ago(age),
        })),
      )
      .execute();
    const before = { rate_limits: await count('rate_limits'), visits: await count('visits'), payment_notifications: await count('payment_notifications') };

    // The scheduler the context started for this app.
    expect(await t.owned.maintenance.runDue()).toEqual({
      'prune rate_limits': 1,
      'prune visits': 1,
      'prune payment_notifications': 1,
      'settle commissions': 0,
      'mail pending notices': 0,
      'remind expiring memberships': 0,
      ...(ON_POSTGRES ? {} : { 'vacuum the embedded database': 0 }),
    });
    expect(await count('rate_limits')).toBe(before.rate_limits - 1);
    expect(await count('visits')).toBe(before.visits - 1);
    expect(await count('payment_notifications')).toBe(before.payment_notifications - 1);
    expect(await db.selectFrom('rate_limits').select('key').where('key', 'like', 'test:%').execute()).toEqual([{ key: 'test:new' }]);
    expect(t.logged.filter((e) => e.msg === 'maintenance done')).toHaveLength(3);

    // Not due again within the hour; due after it (by the injectable clock).
    expect(await t.owned.maintenance.runDue()).toEqual({});
    t.clock.advance(HOUR_MS);
    expect(Object.keys(await t.owned.maintenance.runDue()).sort()).toEqual([
      'mail pending notices', 'prune payment_notifications', 'prune rate_limits', 'prune visits', 'remind expiring memberships', 'settle commissions',
      ...(ON_POSTGRES ? [] : ['vacuum the embedded database']),
    ]);
  });

  it.skipIf(ON_POSTGRES)('gives the embedded database what autovacuum would: fresh planner statistics, every table vacuumed', async () => {
    const db = t.owned.ctx.db;
    await sql`INSERT INTO visits (terminal, created_at) SELECT 'pc', ${t.clock.now()} FROM generate_series(1, 3000)`.execute(db);
    await sql`DELETE FROM visits WHERE id % 2 = 0`.execute(db);
    const rows = Number((await sql<{ n: string }>`SELECT count(*) AS n FROM visits`.execute(db)).rows[0]!.n);
    const estimate = async () => Number((await sql<{ n: number }>`SELECT reltuples AS n FROM pg_class WHERE relname = 'visits'`.execute(db)).rows[0]!.n);
    expect(await estimate()).not.toBe(rows);
    t.clock.advance(HOUR_MS);
    await t.owned.maintenance.runDue();
    // The planner's row count is the table's (a small table is read whole), and the vacuum ran.
    expect(await estimate()).toBe(rows);
    const vacuumed = await sql<{ n: string }>`SELECT count(*) AS n FROM pg_stat_user_tables WHERE last_vacuum IS NULL AND relname IN ('visits', 'jobs', 'draw_jobs')`.execute(db);
    expect(vacuumed.rows[0]!.n).toBe('0');
  });

  it('two schedulers pruning the same table at once (as two processes do) each take their own rows, in batches, and leave none', async () => {
    const db = t.owned.ctx.db;
    const old = new Date(t.clock.now().getTime() - RETENTION_MS.visits - HOUR_MS);
    await sql`INSERT INTO visits (terminal, created_at) SELECT 'pc', ${old} FROM generate_series(1, 12000)`.execute(db);
    const schedulers = [0, 1].map(() => new MaintenanceScheduler(maintenanceTasks(t.owned.ctx), t.clock.now, captureLogger()));
    const done = await Promise.all(schedulers.map((s) => s.runDue()));
    expect(done.reduce((sum, d) => sum + d['prune visits']!, 0)).toBe(12000);
    expect(Number((await sql<{ n: string }>`SELECT count(*) AS n FROM visits WHERE created_at < ${new Date(t.clock.now().getTime() - RETENTION_MS.visits)}`.execute(db)).rows[0]!.n)).toBe(0);
  });

  it('runs on its own timer, logs a failing task and goes on with the others, and stops', async () => {
    const log = captureLogger();
    const runs: string[] = [];
    const scheduler = new MaintenanceScheduler(
      [
        { name: 'broken', everyMs: 0, run: async () => Promise.reject(new Error('relation does not exist')) },
        { name: 'fine', everyMs: 0, run: async () => (runs.push('fine'), 0) },
      ],
      t.clock.now,
      log,
    );
    // The timer is driven, not waited for: three ticks run both tasks three times.
    vi.useFakeTimers();
    try {
      scheduler.start(10);
      await vi.advanceTimersByTimeAsync(30);
      expect(runs.length).toBe(3);
      await scheduler.stop();
      await vi.advanceTimersByTimeAsync(100);
      expect(runs.length).toBe(3);
    } finally {
      vi.useRealTimers();
    }
    expect(log.entries.filter((e) => e.msg === 'maintenance failed; retried at the next tick').length).toBeGreaterThanOrEqual(3);
  });
});
