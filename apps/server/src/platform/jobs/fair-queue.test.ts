import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, createTwoApps, ON_POSTGRES, type TestApp } from '../../test/helpers.js';
import { until } from '../../test/sse-client.js';
import { transaction } from '../db/transaction.js';
import { JobRunner, PermanentJobError, RetryJobError, type JobRunnerOptions } from './job-runner.js';

/** Lanes of the job runner: fair claims, slot and per-key limits, positions, retry delays, cancel, stop, restart. */
describe('fair job lanes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ JOBS_POLL_MS: '0' });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.owned.ctx.db.deleteFrom('jobs').execute();
  });

  const lane = (options: Partial<JobRunnerOptions> = {}): JobRunner => t.app.services.jobs.lane({ pollMs: 0, fair: true, ...options });

  /** Enqueues `count` jobs of one user; the payload names them `user-n`. */
  async function submit(runner: JobRunner, user: string, count: number, slotKey?: string): Promise<string[]> {
    const ids: string[] = [];
    for (let n = 1; n <= count; n += 1) ids.push(await runner.enqueue(t.owned.ctx.db, 'draw', { name: `${user}-${n}` }, { fairKey: user, slotKey }));
    return ids;
  }

  async function finish(id: string): Promise<void> {
    await t.owned.ctx.db.updateTable('jobs').set({ status: 'done', locked_by: null }).where('id', '=', id).execute();
  }

  it("claims round-robin between users: one user's 20 waiting jobs do not starve another's one", async () => {
    const runner = lane();
    const order: string[] = [];
    runner.register('draw', async (payload) => void order.push(String(payload.name)));
    await submit(runner, 'a', 20);
    await submit(runner, 'b', 1);
    await submit(runner, 'c', 2);
    expect(await runner.drain()).toBe(23);
    expect(order.slice(0, 6)).toEqual(['a-1', 'b-1', 'c-1', 'a-2', 'c-2', 'a-3']);
    expect(order.slice(6)).toEqual(Array.from({ length: 17 }, (_, i) => `a-${i + 4}`));
  });

  it('gives a user who arrives while another is being served the next turn, not the turn after all of theirs', async () => {
    const runner = lane();
    const order: string[] = [];
    runner.register('draw', async (payload) => void order.push(String(payload.name)));
    await submit(runner, 'a', 5);
    expect(await runner.runNext()).toBe(true);
    expect(await runner.runNext()).toBe(true);
    await submit(runner, 'b', 2);
    await runner.drain();
    expect(order).toEqual(['a-1', 'a-2', 'b-1', 'a-3', 'b-2', 'a-4', 'a-5']);
  });

  it('orders positions exactly as the jobs are then claimed, and a claimed job is at 0', async () => {
    const runner = lane();
    const order: string[] = [];
    runner.register('draw', async (_payload, { job }) => void order.push(job.id));
    const ids = [...(await submit(runner, 'a', 6)), ...(await submit(runner, 'b', 3)), ...(await submit(runner, 'c', 1)), ...(await submit(runner, 'a', 2)), ...(await submit(runner, 'd', 4))];
    const positions = await runner.positions(ids);
    expect([...positions.values()].sort((x, y) => x - y)).toEqual(ids.map((_, i) => i));
    expect(await runner.position(ids[0]!)).toBe(0);
    const predicted = [...ids].sort((x, y) => positions.get(x)! - positions.get(y)!);
    // One at a time, each finishing before the next claim, as a lane with one slot runs them.
    const first = await runner.claim();
    expect(first?.id).toBe(predicted[0]);
    expect(await runner.position(first!.id)).toBe(0);
    // The others move up by one once it runs, in the same order.
    const after = await runner.positions(predicted.slice(1));
    expect(predicted.slice(1).map((id) => after.get(id))).toEqual(predicted.slice(1).map((_, i) => i));
    await finish(first!.id);
    await runner.drain();
    expect(order).toEqual(predicted.slice(1));
    expect([...(await runner.positions(ids)).values()].every((p) => p === 0)).toBe(true);
    // Unknown and malformed ids are simply not waiting.
    expect(await runner.positions(['999999', 'x'])).toEqual(new Map([['999999', 0], ['x', 0]]));
  });

  it('answers polls from one read of the order, reads again for a newer job, and puts a job waiting to retry behind those waiting now', async () => {
    const runner = lane({ positionsCacheMs: 60_000 });
    runner.register('draw', async () => undefined);
    const [a1, a2] = await submit(runner, 'a', 2);
    const [b1] = await submit(runner, 'b', 1);
    expect(await runner.positions([a1!, a2!, b1!])).toEqual(new Map([[a1!, 0], [b1!, 1], [a2!, 2]]));
    // Another process claims a1: this process's polls keep the read they have until it expires.
    await t.owned.ctx.db.updateTable('jobs').set({ status: 'running', locked_at: t.clock.now() }).where('id', '=', a1!).execute();
    expect(await runner.position(b1!)).toBe(1);
    // A job enqueued after the read is not in it: that poll reads again (and sees a1 running).
    const [c1] = await submit(runner, 'c', 1);
    expect(await runner.positions([b1!, c1!, a2!])).toEqual(new Map([[b1!, 0], [c1!, 1], [a2!, 2]]));
    // b1 waits 30 s for a retry: behind every job waiting now.
    await t.owned.ctx.db.updateTable('jobs').set({ run_at: new Date(t.clock.now().getTime() + 30_000) }).where('id', '=', b1!).execute();
    // A cancel in this process takes its job out of the read: the jobs behind it move up.
    expect(await runner.dequeue(t.owned.ctx.db, c1!)).toBe(true);
    expect(await runner.positions([b1!, c1!, a2!])).toEqual(new Map([[b1!, 0], [c1!, 0], [a2!, 1]]));
    // A newer job reads again: b1 is behind the jobs waiting now (d1 before a2, whose user has a1 running).
    const [d1] = await submit(runner, 'd', 1);
    expect(await runner.positions([b1!, a2!, d1!])).toEqual(new Map([[d1!, 0], [a2!, 1], [b1!, 2]]));
  });

  it('holds each slot to its limit, never claims a slot missing from the limits, and reads the limits at each claim', async () => {
    const limits = new Map([['sd', 2]]);
    const runner = lane({ slotLimits: () => limits });
    runner.register('draw', async () => undefined);
    const sd = await submit(runner, 'a', 4, 'sd');
    const [unknown] = await submit(runner, 'b', 1, 'gone');
    const [free] = await submit(runner, 'c', 1);
    const claimed = [(await runner.claim())!.id, (await runner.claim())!.id, (await runner.claim())!.id];
    expect(claimed.sort()).toEqual([sd[0], sd[1], free].sort());
    expect(await runner.claim()).toBeNull();
    // A waiting job's position counts only the jobs of its slot.
    expect(await runner.positions([sd[2]!, sd[3]!, unknown!])).toEqual(new Map([[sd[2]!, 0], [sd[3]!, 1], [unknown!, 0]]));
    await finish(sd[0]!);
    expect((await runner.claim())?.id).toBe(sd[2]);
    expect(await runner.claim()).toBeNull();
    limits.set('sd', 3);
    expect((await runner.claim())?.id).toBe(sd[3]);
    limits.set('gone', 1);
    expect((await runner.claim())?.id).toBe(unknown);
  });

  it("holds a user to the per-user running limit while others' jobs are claimed", async () => {
    let limit = 1;
    const runner = lane({ fairRunningLimit: () => limit });
    runner.register('draw', async () => undefined);
    const a = await submit(runner, 'a', 3);
    const b = await submit(runner, 'b', 1);
    expect((await runner.claim())?.id).toBe(a[0]);
    expect((await runner.claim())?.id).toBe(b[0]);
    expect(await runner.claim()).toBeNull();
    await finish(a[0]!);
    expect((await runner.claim())?.id).toBe(a[1]);
    expect(await runner.claim()).toBeNull();
    // The limit is read at every claim (an administrator's setting).
    limit = 2;
    expect((await runner.claim())?.id).toBe(a[2]);
  });

  it('starts the next job as soon as one finishes, without waiting for a poll', async () => {
    const runner = lane({ pollMs: 60_000, concurrency: 8, slotLimits: () => new Map([['sd', 1]]) });
    let active = 0;
    let most = 0;
    const done: string[] = [];
    runner.register('draw', async (payload) => {
      active += 1;
      most = Math.max(most, active);
      await new Promise((resolve) => setTimeout(resolve, 20));
      active -= 1;
      done.push(String(payload.name));
    });
    await runner.start();
    await submit(runner, 'a', 3, 'sd');
    await submit(runner, 'b', 3, 'sd');
    const started = Date.now();
    runner.wake();
    await until(() => done.length === 6, 3000);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(most).toBe(1);
    expect(done).toEqual(['a-1', 'b-1', 'a-2', 'b-2', 'a-3', 'b-3']);
    await runner.stop();
  });

  it('passes a slot to its next job in the statement that gives it back; a job that gave its slot back no longer counts for its user', async () => {
    // One slot, one running job per user: only a job holding the slot counts against either limit.
    const runner = lane({ pollMs: 60_000, concurrency: 4, fairRunningLimit: 1, slotLimits: () => new Map([['sd', 1]]) });
    const started: string[] = [];
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    let finishStoring: () => void = () => undefined;
    const storing = new Promise<void>((resolve) => (finishStoring = resolve));
    runner.register('draw', async (payload, { releaseSlot }) => {
      started.push(String(payload.name));
      if (payload.name === 'a-3') return;
      if (payload.name === 'a-1') await answered;
      await releaseSlot();
      await storing;
    });
    await submit(runner, 'a', 3, 'sd');
    await runner.start();
    runner.wake();
    await until(() => started.length === 1);
    // a-1 holds the slot and its user's one turn.
    expect(await runner.claim()).toBeNull();
    answer();
    // a-2 runs on the slot a-1 gave back, and a-3 on a-2's, while a-1 and a-2 are still storing.
    await until(() => started.length === 3);
    expect(started).toEqual(['a-1', 'a-2', 'a-3']);
    const rows = await t.owned.ctx.db.selectFrom('jobs').select(['status', 'slot_released']).orderBy('id').execute();
    expect(rows.slice(0, 2)).toEqual([
      { status: 'running', slot_released: true },
      { status: 'running', slot_released: true },
    ]);
    finishStoring();
    await until(async () => (await t.owned.ctx.db.selectFrom('jobs').select('status').where('status', '!=', 'done').execute()).length === 0);
    await runner.stop();
  });

  it("retries after the handler's own delay (Retry-After), and fails at once on a permanent error", async () => {
    const runner = lane();
    let calls = 0;
    runner.register('draw', async (payload) => {
      calls += 1;
      if (payload.permanent) throw new PermanentJobError('refused');
      if (calls === 1) throw new RetryJobError('busy', 30_000);
    });
    const id = await runner.enqueue(t.owned.ctx.db, 'draw', {}, { fairKey: 'a' });
    expect(await runner.runNext()).toBe(true);
    const waiting = await t.owned.ctx.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1, last_error: 'busy' });
    expect(waiting.run_at.getTime() - t.clock.now().getTime()).toBeGreaterThan(29_000);
    expect(waiting.run_at.getTime() - t.clock.now().getTime()).toBeLessThanOrEqual(30_000);
    expect(await runner.runNext()).toBe(false);
    t.clock.advance(30_001);
    expect(await runner.runNext()).toBe(true);
    expect(await t.owned.ctx.db.selectFrom('jobs').select(['status', 'attempts']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ status: 'done', attempts: 2 });
    const refused = await runner.enqueue(t.owned.ctx.db, 'draw', { permanent: true }, { fairKey: 'a', maxAttempts: 5 });
    expect(await runner.runNext()).toBe(true);
    expect(await t.owned.ctx.db.selectFrom('jobs').select(['status', 'attempts']).where('id', '=', refused).executeTakeFirstOrThrow()).toEqual({ status: 'failed', attempts: 1 });
  });

  it("removes a waiting job in its owner's transaction (by id or ref), never a running one, and the runner does not run it", async () => {
    const runner = lane();
    const ran: string[] = [];
    runner.register('draw', async (payload) => void ran.push(String(payload.name)));
    const [first, second] = await submit(runner, 'a', 2);
    await runner.enqueue(t.owned.ctx.db, 'draw', { name: 'by-ref' }, { fairKey: 'b', ref: 'draw:9' });
    // A rolled-back cancel leaves the job waiting.
    await expect(
      transaction(t.owned.ctx.db, async (tx) => {
        expect(await runner.dequeue(tx, first!)).toBe(true);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await runner.position(second!)).toBeGreaterThan(0);
    expect(await transaction(t.owned.ctx.db, (tx) => runner.dequeue(tx, first!))).toBe(true);
    expect(await transaction(t.owned.ctx.db, (tx) => runner.dequeueByRef(tx, 'draw:9'))).toBe(1);
    const running = await runner.claim();
    expect(running?.id).toBe(second);
    expect(await runner.dequeue(t.owned.ctx.db, second!)).toBe(false);
    await finish(second!);
    expect(await runner.drain()).toBe(0);
    expect(ran).toEqual([]);
  });

  it('aborts the handlers’ signal when it stops and queues their jobs again without counting the attempt', async () => {
    const runner = lane({ pollMs: 60_000, concurrency: 4 });
    const started: string[] = [];
    let reason: unknown;
    runner.register('draw', async (payload, { signal }) => {
      started.push(String(payload.name));
      await new Promise<void>((_resolve, reject) =>
        signal.addEventListener('abort', () => {
          reason = signal.reason;
          reject(new Error('provider call aborted'));
        }),
      );
    });
    await runner.start();
    const ids = await submit(runner, 'a', 2);
    runner.wake();
    await until(() => started.length === 2);
    await runner.stop();
    expect(reason).toBeInstanceOf(Error);
    const rows = await t.owned.ctx.db.selectFrom('jobs').select(['status', 'attempts', 'locked_by']).where('id', 'in', ids).orderBy('id').execute();
    expect(rows).toEqual([
      { status: 'queued', attempts: 0, locked_by: null },
      { status: 'queued', attempts: 0, locked_by: null },
    ]);
  });

  it('re-queues only its own kinds of a dead worker on restart; another lane keeps running its jobs', async () => {
    const draw = lane();
    draw.register('draw', async () => undefined);
    const docs = lane({ fair: false });
    docs.register('doc', async () => undefined);
    await submit(draw, 'a', 1);
    await docs.enqueue(t.owned.ctx.db, 'doc', {});
    const dead = await draw.claim();
    const alive = await docs.claim();
    // The lane's worker died long ago (on PGlite any running job at start is dead).
    t.clock.advance(5 * 60_000);
    expect(await draw.requeueDead()).toBe(1);
    const rows = await t.owned.ctx.db.selectFrom('jobs').select(['id', 'status']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: dead!.id, status: 'queued' },
      { id: alive!.id, status: 'running' },
    ]);
    expect(await draw.drain()).toBe(1);
  });
});

describe.skipIf(!ON_POSTGRES)('fair lanes in two processes on one PostgreSQL', () => {
  let two: Awaited<ReturnType<typeof createTwoApps>>;
  beforeAll(async () => {
    two = await createTwoApps({ JOBS_POLL_MS: '0' });
  });
  afterAll(async () => {
    await two.close();
  });

  it('holds a slot to its limit over both processes, each free to run many', async () => {
    const limits = () => new Map([['sd', 3]]);
    let active = 0;
    let most = 0;
    let done = 0;
    const handler = async (): Promise<void> => {
      active += 1;
      most = Math.max(most, active);
      await new Promise((resolve) => setTimeout(resolve, 30));
      active -= 1;
      done += 1;
    };
    const lanes = [two.a, two.b].map((app) => {
      const runner = app.app.services.jobs.lane({ pollMs: 5, concurrency: 16, fair: true, slotLimits: limits });
      runner.register('draw', handler);
      return runner;
    });
    for (let n = 0; n < 24; n += 1) await lanes[n % 2]!.enqueue(two.a.owned.ctx.db, 'draw', {}, { fairKey: `u${n % 5}`, slotKey: 'sd' });
    await Promise.all(lanes.map((runner) => runner.start()));
    await until(() => done === 24, 15_000);
    await Promise.all(lanes.map((runner) => runner.stop()));
    expect(most).toBe(3);
    const claimedBy = await two.a.owned.ctx.db.selectFrom('jobs').select('status').where('status', '!=', 'done').execute();
    expect(claimedBy).toEqual([]);
  });
});
