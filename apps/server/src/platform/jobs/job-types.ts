import type { Selectable } from 'kysely';
import type { Logger } from '../logger.js';
import type { JobsTable } from './jobs.tables.js';
import './jobs.tables.js';

/** The job runner's types (job-runner.ts re-exports them). */

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
  /**
   * Gives the job's slot back while it goes on running (the provider
   * answered; what is left is storing the result), so the slot's next job
   * starts now. Its fair key no longer counts it as running either: what
   * the limits share out is the providers. Call it once.
   */
  releaseSlot(): Promise<void>;
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
  /** How long one read of the queue's order answers `positions` (default 250 ms). */
  positionsCacheMs?: number;
}
