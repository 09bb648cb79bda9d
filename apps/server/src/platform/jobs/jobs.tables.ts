import type { ColumnType } from 'kysely';

/** Kysely types of the job table (migration 0007_docs), merged into `Database` like the feature tables. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

export interface JobsTable {
  /** bigserial: pg returns it as a string. */
  id: ColumnType<string, never, never>;
  kind: string;
  ref: string | null;
  payload: ColumnType<Record<string, unknown>, string | undefined, string>;
  status: ColumnType<JobStatus, JobStatus | undefined, JobStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  max_attempts: ColumnType<number, number | undefined, number>;
  run_at: Timestamp;
  locked_by: string | null;
  locked_at: NullableTimestamp;
  heartbeat_at: NullableTimestamp;
  last_error: string | null;
  /** Jobs with different fairness keys (users) share the queue fairly (migration 0017_draw); null: plain FIFO. */
  fair_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** The slot (a provider channel) whose concurrency limit the job counts against; null: none. */
  slot_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** A running job that gave its slot back before ending (JobContext.releaseSlot); reset by each claim. */
  slot_released: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}


declare module '../db/schema.js' {
  interface Database {
    jobs: JobsTable;
  }
}
