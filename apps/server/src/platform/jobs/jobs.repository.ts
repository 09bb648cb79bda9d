import { sql } from 'kysely';
import type { Db, Tx } from '../db/transaction.js';
import type { JobRow } from './job-runner.js';
import './jobs.tables.js';

/** The job runner's SQL outside the lanes' claim order (that is in fair-claim.ts). */

export interface NewJob {
  kind: string;
  payload: Record<string, unknown>;
  ref?: string;
  maxAttempts?: number;
  runAt?: Date;
  fairKey?: string;
  slotKey?: string;
}

export async function insertJob(db: Db | Tx, job: NewJob, now: Date): Promise<string> {
  const row = await db
    .insertInto('jobs')
    .values({
      kind: job.kind,
      ref: job.ref ?? null,
      payload: JSON.stringify(job.payload),
      max_attempts: job.maxAttempts ?? 3,
      run_at: job.runAt ?? now,
      fair_key: job.fairKey ?? null,
      slot_key: job.slotKey ?? null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Deletes waiting jobs by id or ref; running and finished ones stay. */
export async function deleteWaiting(db: Db | Tx, by: { id: string } | { ref: string }): Promise<number> {
  const query = db.deleteFrom('jobs').where('status', '=', 'queued');
  const result = await ('id' in by ? query.where('id', '=', by.id) : query.where('ref', '=', by.ref)).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Running jobs of `kinds` whose heartbeat is older than `staleCutoff` (or missing): queued again now. */
export async function requeueStale(db: Db, kinds: string[], staleCutoff: Date, now: Date): Promise<number> {
  const result = await db
    .updateTable('jobs')
    .set({ status: 'queued', locked_by: null, locked_at: null, updated_at: now, run_at: now })
    .where('status', '=', 'running')
    .where('kind', 'in', kinds)
    .where((eb) => eb.or([eb('heartbeat_at', 'is', null), eb('heartbeat_at', '<', staleCutoff)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The oldest due job of `kinds` that no other transaction holds, claimed. */
export async function claimOldest(db: Db, kinds: string[], workerId: string, now: Date): Promise<JobRow | null> {
  const result = await sql<JobRow>`
    UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_by = ${workerId},
      locked_at = ${now}, heartbeat_at = ${now}, updated_at = ${now}
    WHERE id = (
      SELECT id FROM jobs
      WHERE status = 'queued' AND run_at <= ${now} AND kind IN (${sql.join(kinds)})
      ORDER BY run_at, id
      FOR UPDATE SKIP LOCKED
      LIMIT 1
    )
    RETURNING *`.execute(db);
  return result.rows[0] ?? null;
}

export async function touchHeartbeat(db: Db, id: string, workerId: string, now: Date): Promise<void> {
  await db.updateTable('jobs').set({ heartbeat_at: now }).where('id', '=', id).where('locked_by', '=', workerId).execute();
}

/** A job this worker holds, waiting again from `runAt`; `attemptsChange` -1 gives back an attempt that was not the job's fault. */
export async function requeueJob(db: Db, id: string, workerId: string, change: { message: string; runAt: Date; attemptsChange: number; now: Date }): Promise<void> {
  await db
    .updateTable('jobs')
    .set((eb) => ({
      status: 'queued',
      locked_by: null,
      locked_at: null,
      last_error: change.message.slice(0, 2000),
      attempts: eb('attempts', '+', change.attemptsChange),
      run_at: change.runAt,
      updated_at: change.now,
    }))
    .where('id', '=', id)
    .where('locked_by', '=', workerId)
    .execute();
}

export async function finishJob(db: Db, id: string, status: 'done' | 'failed', error: string | null, now: Date): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ status, locked_by: null, last_error: error?.slice(0, 2000) ?? null, updated_at: now })
    .where('id', '=', id)
    .execute();
}
