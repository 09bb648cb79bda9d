import os from 'node:os';
import { sql, type Selectable } from 'kysely';
import type { Db, Tx } from '../db/transaction.js';
import { randomToken } from '../crypto.js';
import type { JobsTable } from './jobs.tables.js';
import './jobs.tables.js';
import type { Logger } from '../logger.js';
import { staleBefore } from './stale.js';

export type JobRow = Selectable<JobsTable>;

/** Thrown by a handler for a failure that retrying cannot fix: the job fails at once. */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentJobError';
  }
}

export interface JobContext {
  job: JobRow;
  /** true on the last allowed attempt: the handler records its final failure itself. */
  lastAttempt: boolean;
}

export type JobHandler = (payload: Record<string, unknown>, context: JobContext) => Promise<void>;

export interface JobRunnerOptions {
  /** Poll interval; 0 disables background work (tests drive `runNext`/`drain`). */
  pollMs: number;
  /** Jobs run at once by this process. */
  concurrency?: number;
  /** A running job whose heartbeat is older than this belongs to a dead worker. */
  staleMs?: number;
  log: Logger;
  /** First pause after the queue could not be read; doubles on each failure in a row (default 1 s). */
  backoffMs?: number;
  /** Longest pause between attempts to read the queue (default 60 s). */
  backoffMaxMs?: number;
}

const HEARTBEAT_MS = 10_000;
const RETRY_BASE_MS = 5_000;

/**
 * Background jobs in the database: enqueue in the caller's transaction (the
 * job exists exactly when its subject does), claim with FOR UPDATE SKIP LOCKED
 * so any number of processes share the queue, retry with backoff, and fail
 * with the last error after `max_attempts`. On start, jobs left running by a
 * dead worker are queued again: on PGlite (one process) every running job, on
 * PostgreSQL those whose heartbeat went stale. Generic: documents use it, and
 * later drawing and mind-map work can register their own kinds.
 */
export class JobRunner {
  private readonly handlers = new Map<string, JobHandler>();
  private readonly workerId = `${os.hostname()}:${process.pid}:${randomToken(4)}`;
  private timer: NodeJS.Timeout | undefined;
  private running = 0;
  private stopped = false;
  private readonly inFlight = new Set<Promise<void>>();
  private wakeScheduled = false;
  /** Reads of the queue that failed in a row; 0 once one succeeds. */
  private failures = 0;
  private pausedUntil = 0;
  private retryTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly dbKind: 'pglite' | 'postgres',
    private readonly now: () => Date,
    private readonly options: JobRunnerOptions,
  ) {}

  register(kind: string, handler: JobHandler): void {
    this.handlers.set(kind, handler);
  }

  /**
   * `fairKey` (a user) and `slotKey` (a provider channel) are recorded for
   * queues that share work fairly and hold channels to their concurrency.
   */
  async enqueue(
    db: Db | Tx,
    kind: string,
    payload: Record<string, unknown>,
    options: { ref?: string; maxAttempts?: number; runAt?: Date; fairKey?: string; slotKey?: string } = {},
  ): Promise<string> {
    const now = this.now();
    const row = await db
      .insertInto('jobs')
      .values({
        kind,
        ref: options.ref ?? null,
        payload: JSON.stringify(payload),
        max_attempts: options.maxAttempts ?? 3,
        run_at: options.runAt ?? now,
        fair_key: options.fairKey ?? null,
        slot_key: options.slotKey ?? null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Starts working soon (after the enqueuing transaction committed), without waiting for the next poll. */
  wake(): void {
    if (this.options.pollMs <= 0 || this.stopped || this.wakeScheduled) return;
    this.wakeScheduled = true;
    setImmediate(() => {
      this.wakeScheduled = false;
      void this.pump();
    });
  }

  /** Re-queues jobs of dead workers, then polls (unless pollMs is 0). */
  async start(): Promise<void> {
    await this.requeueDead();
    if (this.options.pollMs <= 0) return;
    this.timer = setInterval(() => {
      this.ticks += 1;
      void this.pump(this.dbKind === 'postgres' && this.ticks % 30 === 0);
    }, this.options.pollMs);
    this.timer.unref();
    void this.pump();
  }

  private ticks = 0;

  /**
   * Claims and starts jobs; never rejects. A database that cannot be read
   * (down, restarting, a lock) is logged, and the queue is left alone for a
   * pause that doubles with each failure in a row up to a cap; the first
   * successful read ends the pause. Work is never lost meanwhile: the jobs
   * wait in their table.
   */
  private async pump(requeue = false): Promise<void> {
    if (this.stopped || Date.now() < this.pausedUntil) return;
    try {
      if (requeue) await this.requeueDead();
      await this.fill();
    } catch (error) {
      this.failures += 1;
      const delay = Math.min((this.options.backoffMs ?? 1000) * 2 ** (this.failures - 1), this.options.backoffMaxMs ?? 60_000);
      this.pausedUntil = Date.now() + delay;
      this.options.log.error({ err: error, failures: this.failures, retryInMs: delay }, 'job queue unreadable; pausing');
      clearTimeout(this.retryTimer);
      this.retryTimer = setTimeout(() => void this.pump(), delay);
      this.retryTimer.unref();
    }
  }

  /** Jobs whose worker died: queued again (their attempt is counted already). */
  async requeueDead(): Promise<number> {
    const now = this.now();
    const staleCutoff = staleBefore(this.dbKind, now, this.options.staleMs ?? 60_000);
    const result = await this.db
      .updateTable('jobs')
      .set({ status: 'queued', locked_by: null, locked_at: null, updated_at: now, run_at: now })
      .where('status', '=', 'running')
      .where((eb) => eb.or([eb('heartbeat_at', 'is', null), eb('heartbeat_at', '<', staleCutoff)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  private async fill(): Promise<void> {
    const limit = this.options.concurrency ?? 1;
    while (!this.stopped && this.running < limit) {
      const job = await this.claim();
      this.failures = 0;
      if (!job) return;
      this.running += 1;
      const work = this.execute(job).finally(() => {
        this.running -= 1;
        this.inFlight.delete(work);
        void this.pump();
      });
      this.inFlight.add(work);
    }
  }

  /** Claims the oldest due job of a registered kind, or null. */
  async claim(): Promise<JobRow | null> {
    const kinds = [...this.handlers.keys()];
    if (kinds.length === 0) return null;
    const now = this.now();
    const result = await sql<JobRow>`
      UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_by = ${this.workerId},
        locked_at = ${now}, heartbeat_at = ${now}, updated_at = ${now}
      WHERE id = (
        SELECT id FROM jobs
        WHERE status = 'queued' AND run_at <= ${now} AND kind IN (${sql.join(kinds)})
        ORDER BY run_at, id
        FOR UPDATE SKIP LOCKED
        LIMIT 1
      )
      RETURNING *`.execute(this.db);
    return result.rows[0] ?? null;
  }

  private async execute(job: JobRow): Promise<void> {
    const handler = this.handlers.get(job.kind);
    const heartbeat = setInterval(() => {
      void this.db.updateTable('jobs').set({ heartbeat_at: this.now() }).where('id', '=', job.id).where('locked_by', '=', this.workerId).execute().catch(() => undefined);
    }, HEARTBEAT_MS);
    heartbeat.unref();
    try {
      if (!handler) throw new PermanentJobError(`no handler for ${job.kind}`);
      await handler(job.payload, { job, lastAttempt: job.attempts >= job.max_attempts });
      await this.finish(job, 'done', null);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const permanent = error instanceof PermanentJobError || job.attempts >= job.max_attempts;
      if (permanent) {
        this.options.log.warn({ job: job.id, kind: job.kind, err: message }, 'job failed');
        await this.finish(job, 'failed', message);
      } else {
        const delay = RETRY_BASE_MS * 2 ** (job.attempts - 1);
        await this.db
          .updateTable('jobs')
          .set({ status: 'queued', locked_by: null, locked_at: null, last_error: message.slice(0, 2000), run_at: new Date(this.now().getTime() + delay), updated_at: this.now() })
          .where('id', '=', job.id)
          .execute()
          .catch((e: unknown) => this.options.log.error({ err: e }, 'job retry not recorded'));
      }
    } finally {
      clearInterval(heartbeat);
    }
  }

  private async finish(job: JobRow, status: 'done' | 'failed', error: string | null): Promise<void> {
    await this.db
      .updateTable('jobs')
      .set({ status, locked_by: null, last_error: error?.slice(0, 2000) ?? null, updated_at: this.now() })
      .where('id', '=', job.id)
      .execute()
      // The subject may have been deleted with its jobs meanwhile: nothing left to record.
      .catch((e: unknown) => this.options.log.error({ err: e }, 'job result not recorded'));
  }

  /** Claims and runs one job in the caller's flow (tests, CLI). Returns false when none was due. */
  async runNext(): Promise<boolean> {
    const job = await this.claim();
    if (!job) return false;
    await this.execute(job);
    return true;
  }

  /** Runs due jobs until none is left (tests). */
  async drain(max = 1000): Promise<number> {
    let n = 0;
    while (n < max && (await this.runNext())) n += 1;
    return n;
  }

  /**
   * Stops polling and waits a little for the jobs this process is running. A
   * job still running after `waitMs` stays 'running' in the table and is queued
   * again by the next start (or, on PostgreSQL, by another process once its
   * heartbeat is stale): a restart never loses it.
   */
  async stop(waitMs = 5000): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    clearTimeout(this.retryTimer);
    let timeout: NodeJS.Timeout | undefined;
    await Promise.race([Promise.allSettled([...this.inFlight]), new Promise((resolve) => (timeout = setTimeout(resolve, waitMs)))]);
    clearTimeout(timeout);
  }
}
