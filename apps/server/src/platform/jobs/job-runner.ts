import os from 'node:os';
import type { Db, Tx } from '../db/transaction.js';
import { randomToken } from '../crypto.js';
import type { JobContext, JobHandler, JobRow, JobRunnerOptions } from './job-types.js';
import './jobs.tables.js';
import { staleBefore } from './stale.js';
import { transaction } from '../db/transaction.js';
import { PermanentJobError, RetryJobError } from './job-errors.js';
import { claimNext, lockLaneClaims, waitingOrder, type LaneRules } from './fair-claim.js';
import { QueuePositions } from './queue-positions.js';
import { claimOldest, deleteWaiting, finishJob, insertJob, releaseSlot, requeueJob, requeueStale, touchHeartbeat } from './jobs.repository.js';

export { PermanentJobError, RetryJobError } from './job-errors.js';

export type { JobContext, JobHandler, JobRow, JobRunnerOptions } from './job-types.js';

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
  /** The last lane claim saw nothing more to claim. */
  private laneDry = false;
  private readonly board: QueuePositions;

  constructor(
    private readonly db: Db,
    private readonly dbKind: 'pglite' | 'postgres',
    private readonly now: () => Date,
    private readonly options: JobRunnerOptions,
  ) {
    this.board = new QueuePositions(
      () => waitingOrder(this.db, this.rules(), this.now()),
      () => Boolean(this.options.slotLimits),
      options.positionsCacheMs ?? 250,
    );
  }

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

  /** Jobs this process runs at once. */
  private get concurrency(): number {
    return this.options.concurrency ?? 1;
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
    const removed = (await deleteWaiting(db, { id: jobId })) > 0;
    if (removed) this.board.removed(jobId);
    return removed;
  }

  /** `dequeue` by the owner's ref: the number of waiting jobs removed. */
  async dequeueByRef(db: Db | Tx, ref: string): Promise<number> {
    const removed = await deleteWaiting(db, { ref });
    this.board.invalidate();
    return removed;
  }

  /** How many waiting jobs this runner would claim before `jobId` (0 when it is not waiting). */
  async position(jobId: string): Promise<number> {
    return (await this.positions([jobId])).get(jobId) ?? 0;
  }

  /**
   * `position` of several jobs (a page polling its list), in claim order. In
   * a lane with slot limits a job waits only behind jobs of its own slot;
   * running limits are not counted (a key at its limit keeps its place); a
   * job waiting for its retry time is behind every job waiting now. One read
   * of the order answers every call for `positionsCacheMs`.
   */
  async positions(jobIds: readonly string[]): Promise<Map<string, number>> {
    const ids = [...new Set(jobIds.filter((id) => /^\d{1,18}$/.test(id)))];
    const positions = ids.length > 0 ? await this.board.positions(ids) : new Map<string, number>();
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
    while (!this.stopped && this.running < this.concurrency) {
      const job = await this.claim();
      this.failures = 0;
      if (!job || !(await this.launch(job))) return;
      if (this.laneDry) return;
    }
  }

  /** Runs a claimed job; false when the runner stopped during the claim (the job went back at once for the next start or another process). */
  private async launch(job: JobRow): Promise<boolean> {
    if (this.stopped) {
      await this.requeue(job, 'job runner stopped', 0, -1);
      return false;
    }
    this.running += 1;
    const work = this.execute(job)
      .catch(() => false)
      .then((slotGiven) => {
        const full = this.running >= this.concurrency;
        this.running -= 1;
        this.inFlight.delete(work);
        // A job that gave its slot back frees nothing more by ending (its slot's next job was claimed then),
        // unless this process was at its concurrency.
        if (!slotGiven || full) void this.pump();
      });
    this.inFlight.add(work);
    return true;
  }

  /**
   * A running job gives its slot back (JobContext.releaseSlot). In a lane
   * with limits the statement that frees the slot also claims the next job,
   * which starts at once: one round trip between a provider's answer and the
   * next call to it. Never rejects: a slot that could not be given back is
   * held until its job ends, as it would be without the call.
   */
  private async releaseAndClaim(job: JobRow): Promise<boolean> {
    try {
      if (!this.limited || this.stopped || this.running >= this.concurrency) {
        await releaseSlot(this.db, job.id, this.workerId);
        this.wake();
        return true;
      }
      // The claim's place is held while it runs, so a fill meanwhile cannot take this process past its concurrency.
      this.running += 1;
      let next: JobRow | null;
      try {
        next = await this.claimInLane(job.id);
      } finally {
        this.running -= 1;
      }
      if (next) this.board.removed(next.id);
      if (next && (await this.launch(next)) && !this.laneDry) this.wake();
      return true;
    } catch (error) {
      this.options.log.warn({ err: error, job: job.id }, 'job slot not given back; it is held until the job ends');
      return false;
    }
  }

  /** Claims the next due job of a registered kind (the oldest, or in a lane's fair order within its limits), or null. */
  async claim(): Promise<JobRow | null> {
    const kinds = [...this.handlers.keys()];
    if (kinds.length === 0) return null;
    const job = this.limited ? await this.claimInLane() : await claimOldest(this.db, kinds, this.workerId, this.now());
    if (job) this.board.removed(job.id);
    return job;
  }

  /**
   * One statement claims the first job in claim order within the limits. On
   * PostgreSQL it runs under the lane lock, so limits hold over processes;
   * PGlite is one process whose statements run one at a time, so the
   * statement alone is enough (and the claim costs one round trip).
   */
  private async claimInLane(releasing?: string): Promise<JobRow | null> {
    const rules = this.rules();
    // Claim times order the keys' turns: two claims in one millisecond must still tell which came first.
    const now = new Date(Math.max(this.now().getTime(), this.lastClaimMs + 1));
    this.lastClaimMs = now.getTime();
    const release = releasing ? { id: releasing, workerId: this.workerId } : undefined;
    const claimed =
      this.dbKind === 'postgres'
        ? await transaction(this.db, async (tx) => {
            await lockLaneClaims(tx);
            return claimNext(tx, rules, this.workerId, now, release);
          })
        : await claimNext(this.db, rules, this.workerId, now, release);
    // Nothing else stays claimable: the next claim waits for a finish, an enqueue or a poll.
    this.laneDry = !claimed || claimed.others === 0;
    return claimed?.job ?? null;
  }

  /** Runs a claimed job to its end; true when it ended after giving its slot back (its end frees nothing for a claim). */
  private async execute(job: JobRow): Promise<boolean> {
    const handler = this.handlers.get(job.kind);
    let slotGiven = false;
    let requeued = false;
    const heartbeat = setInterval(() => {
      void touchHeartbeat(this.db, job.id, this.workerId, this.now()).catch(() => undefined);
    }, HEARTBEAT_MS);
    heartbeat.unref();
    try {
      if (!handler) throw new PermanentJobError(`no handler for ${job.kind}`);
      const context: JobContext = {
        job,
        lastAttempt: job.attempts >= job.max_attempts,
        signal: this.abort.signal,
        releaseSlot: async () => {
          if (!slotGiven) slotGiven = await this.releaseAndClaim(job);
        },
      };
      await handler(job.payload, context);
      await this.finish(job, 'done', null);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (this.abort.signal.aborted && !(error instanceof PermanentJobError)) {
        // Stopped under it: not the job's fault, so the attempt is given back and the next start runs it.
        requeued = true;
        await this.requeue(job, message, 0, -1);
        return false;
      }
      const permanent = error instanceof PermanentJobError || job.attempts >= job.max_attempts;
      if (permanent) {
        this.options.log.warn({ job: job.id, kind: job.kind, err: message }, 'job failed');
        await this.finish(job, 'failed', message);
      } else {
        requeued = true;
        await this.requeue(job, message, error instanceof RetryJobError ? error.delayMs : RETRY_BASE_MS * 2 ** (job.attempts - 1), 0);
      }
    } finally {
      clearInterval(heartbeat);
      // Waiting again, or its end changes its key's running count: the order is read afresh. A job that gave its
      // slot back no longer counted for its key, so its end leaves the order as it was.
      if (requeued || !slotGiven) this.board.invalidate();
    }
    return slotGiven && !requeued;
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
