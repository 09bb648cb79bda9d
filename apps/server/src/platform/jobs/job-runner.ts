import os from 'node:os';
import type { Selectable } from 'kysely';
import type { Db, Tx } from '../db/transaction.js';
import { randomToken } from '../crypto.js';
import type { JobsTable } from './jobs.tables.js';
import './jobs.tables.js';
import type { Logger } from '../logger.js';
import { staleBefore } from './stale.js';
import { transaction } from '../db/transaction.js';
import { PermanentJobError, RetryJobError } from './job-errors.js';
import { claimCandidates, claimJob, lockLaneClaims, queuePositions, type LaneRules } from './fair-claim.js';
import { claimOldest, deleteWaiting, finishJob, insertJob, requeueJob, requeueStale, touchHeartbeat } from './jobs.repository.js';

export { PermanentJobError, RetryJobError } from './job-errors.js';

export type JobRow = Selectable<JobsTable>;

export interface JobContext {
  job: JobRow;
  /** true on the last allowed attempt: the handler records its final failure itself. */
  lastAttempt: boolean;
  /**
   * Aborts when the runner stops (shutdown): a handler passes it to its
   * outside calls and gives up; the job is queued again without the attempt
   * counting, and the next start runs it.
   */
  signal: AbortSignal;
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
  /**
   * Claim in round-robin order between fair keys (users) instead of oldest
   * first: a key's k-th waiting job goes after every other key's (k-1)-th.
   */
  fair?: boolean;
  /** Most running jobs of one fair key at once, over all processes (this lane's kinds); a function is read at every claim. */
  fairRunningLimit?: number | (() => number);
  /**
   * The running limit of each slot key (a provider channel), read at every
   * claim. Running jobs of a slot are counted over all kinds and processes; a
   * job whose slot is at its limit, or missing from the map, is not claimed.
   * Unset: slot keys are not limited.
   */
  slotLimits?: () => ReadonlyMap<string, number>;
}

const HEARTBEAT_MS = 10_000;
const RETRY_BASE_MS = 5_000;

/**
 * Background jobs in the database: enqueue in the caller's transaction (the
 * job exists exactly when its subject does), claim with FOR UPDATE SKIP LOCKED
 * so any number of processes share the queue, retry with backoff (or after
 * the handler's own delay), and fail with the last error after
 * `max_attempts`. On start, jobs of this runner's kinds left running by a
 * dead worker are queued again: on PGlite (one process) every such running
 * job, on PostgreSQL those whose heartbeat went stale.
 *
 * A runner serves the kinds registered on it with its own concurrency, so a
 * feature whose jobs wait on the network (drawing) runs a lane of its own
 * (`lane()`) beside the documents' one. A lane may be fair between fair keys
 * and hold slot keys to their limits; such claims are serialized over all
 * processes by a transaction-scoped advisory lock (decision 0031).
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
  private readonly abort = new AbortController();
  /** A fill is under way in this process; `refill` asks it to look once more when it ends. */
  private filling: Promise<void> | undefined;
  private refill = false;
  private lastClaimMs = 0;

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
   * A runner on the same database for other kinds, with its own concurrency
   * and claim rules. Each kind must be registered on one runner only.
   */
  lane(options: Partial<JobRunnerOptions>): JobRunner {
    const { log, pollMs, staleMs, backoffMs, backoffMaxMs } = this.options;
    return new JobRunner(this.db, this.dbKind, this.now, { log, pollMs, staleMs, backoffMs, backoffMaxMs, ...options });
  }

  /** Whether claims go through the lane lock (fairness or limits to hold). */
  private get limited(): boolean {
    return Boolean(this.options.fair || this.options.slotLimits || this.options.fairRunningLimit !== undefined);
  }

  private rules(): LaneRules {
    return {
      kinds: [...this.handlers.keys()],
      fair: Boolean(this.options.fair),
      fairRunningLimit: typeof this.options.fairRunningLimit === 'function' ? this.options.fairRunningLimit() : this.options.fairRunningLimit,
      slotLimits: this.options.slotLimits?.(),
    };
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
    return insertJob(db, { kind, payload, ...options }, this.now());
  }

  /**
   * Removes a job that is still waiting, in the owner's transaction (a
   * cancel): true when it was removed, false when it is running or gone. A
   * claim in progress holds the row, so this waits for it and then sees it
   * running; a claim never takes a row a cancel holds (SKIP LOCKED).
   */
  async dequeue(db: Db | Tx, jobId: string): Promise<boolean> {
    return (await deleteWaiting(db, { id: jobId })) > 0;
  }

  /** `dequeue` by the owner's ref: the number of waiting jobs removed. */
  async dequeueByRef(db: Db | Tx, ref: string): Promise<number> {
    return deleteWaiting(db, { ref });
  }

  /** How many waiting jobs this runner would claim before `jobId` (0 when it is not waiting). */
  async position(jobId: string): Promise<number> {
    return (await this.positions([jobId])).get(jobId) ?? 0;
  }

  /**
   * `position` of several jobs in one query (a page polling its list). In a
   * lane with slot limits a job waits only behind jobs of its own slot;
   * running limits are not counted (a key at its limit keeps its place).
   */
  async positions(jobIds: readonly string[]): Promise<Map<string, number>> {
    const ids = [...new Set(jobIds.filter((id) => /^\d{1,18}$/.test(id)))];
    const positions = await queuePositions(this.db, this.rules(), this.now(), ids);
    return new Map(jobIds.map((id) => [id, positions.get(id) ?? 0]));
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

  /**
   * Jobs of this runner's kinds whose worker died: queued again (their
   * attempt is counted already). Only its own kinds: on PGlite every running
   * job counts as dead at start, and another lane of this process may be
   * running its jobs already.
   */
  async requeueDead(): Promise<number> {
    const kinds = [...this.handlers.keys()];
    if (kinds.length === 0) return 0;
    const now = this.now();
    return requeueStale(this.db, kinds, staleBefore(this.dbKind, now, this.options.staleMs ?? 60_000), now);
  }

  /** One fill at a time per process: a wake during a fill makes it look once more instead of racing it. */
  private fill(): Promise<void> {
    if (this.filling) {
      this.refill = true;
      return Promise.resolve();
    }
    const run = (async () => {
      try {
        do {
          this.refill = false;
          await this.fillOnce();
        } while (this.refill && !this.stopped);
      } finally {
        this.filling = undefined;
      }
    })();
    this.filling = run;
    return run;
  }

  private async fillOnce(): Promise<void> {
    const limit = this.options.concurrency ?? 1;
    while (!this.stopped && this.running < limit) {
      const job = await this.claim();
      this.failures = 0;
      if (!job) return;
      if (this.stopped) {
        // Stopped during the claim: the job goes back at once for the next start or another process.
        await this.requeue(job, 'job runner stopped', 0, -1);
        return;
      }
      this.running += 1;
      const work = this.execute(job).finally(() => {
        this.running -= 1;
        this.inFlight.delete(work);
        void this.pump();
      });
      this.inFlight.add(work);
    }
  }

  /** Claims the next due job of a registered kind (the oldest, or in a lane's fair order within its limits), or null. */
  async claim(): Promise<JobRow | null> {
    const kinds = [...this.handlers.keys()];
    if (kinds.length === 0) return null;
    if (this.limited) return this.claimInLane();
    return claimOldest(this.db, kinds, this.workerId, this.now());
  }

  /**
   * Under the lane lock, so limits hold over processes: the first candidate
   * in claim order that no other transaction holds. A few candidates are
   * read because a cancel in progress may hold the first.
   */
  private async claimInLane(): Promise<JobRow | null> {
    const rules = this.rules();
    return transaction(this.db, async (tx) => {
      await lockLaneClaims(tx);
      // Claim times order the keys' turns: two claims in one millisecond must still tell which came first.
      const now = new Date(Math.max(this.now().getTime(), this.lastClaimMs + 1));
      this.lastClaimMs = now.getTime();
      for (const id of await claimCandidates(tx, rules, now, 4)) {
        const job = await claimJob(tx, id, this.workerId, now);
        if (job) return job;
      }
      return null;
    });
  }

  private async execute(job: JobRow): Promise<void> {
    const handler = this.handlers.get(job.kind);
    const heartbeat = setInterval(() => {
      void touchHeartbeat(this.db, job.id, this.workerId, this.now()).catch(() => undefined);
    }, HEARTBEAT_MS);
    heartbeat.unref();
    try {
      if (!handler) throw new PermanentJobError(`no handler for ${job.kind}`);
      await handler(job.payload, { job, lastAttempt: job.attempts >= job.max_attempts, signal: this.abort.signal });
      await this.finish(job, 'done', null);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (this.abort.signal.aborted && !(error instanceof PermanentJobError)) {
        // Stopped under it: not the job's fault, so the attempt is given back and the next start runs it.
        await this.requeue(job, message, 0, -1);
        return;
      }
      const permanent = error instanceof PermanentJobError || job.attempts >= job.max_attempts;
      if (permanent) {
        this.options.log.warn({ job: job.id, kind: job.kind, err: message }, 'job failed');
        await this.finish(job, 'failed', message);
      } else {
        await this.requeue(job, message, error instanceof RetryJobError ? error.delayMs : RETRY_BASE_MS * 2 ** (job.attempts - 1), 0);
      }
    } finally {
      clearInterval(heartbeat);
    }
  }

  private async requeue(job: JobRow, message: string, delayMs: number, attemptsChange: number): Promise<void> {
    const now = this.now();
    await requeueJob(this.db, job.id, this.workerId, { message, runAt: new Date(now.getTime() + delayMs), attemptsChange, now }).catch((e: unknown) =>
      this.options.log.error({ err: e }, 'job retry not recorded'),
    );
  }

  private async finish(job: JobRow, status: 'done' | 'failed', error: string | null): Promise<void> {
    await finishJob(this.db, job.id, status, error, this.now())
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
   * Stops polling, aborts the handlers' signal (a handler that gives up has
   * its job queued again at once) and waits a little for the jobs this
   * process is running. A
   * job still running after `waitMs` stays 'running' in the table and is queued
   * again by the next start (or, on PostgreSQL, by another process once its
   * heartbeat is stale): a restart never loses it.
   */
  async stop(waitMs = 5000): Promise<void> {
    this.stopped = true;
    this.abort.abort(new Error('job runner stopped'));
    if (this.timer) clearInterval(this.timer);
    clearTimeout(this.retryTimer);
    let timeout: NodeJS.Timeout | undefined;
    // A claim under way finishes first (and hands its job back), so nothing is claimed after stop returns.
    const settled = (async () => {
      await this.filling?.catch(() => undefined);
      await Promise.allSettled([...this.inFlight]);
    })();
    await Promise.race([settled, new Promise((resolve) => (timeout = setTimeout(resolve, waitMs)))]);
    clearTimeout(timeout);
  }
}
