import { sql, type RawBuilder } from 'kysely';
import type { Db, Tx } from '../db/transaction.js';
import type { JobRow } from './job-runner.js';

/**
 * The SQL of a lane's claim order (docs/decisions/0031-drawing-jobs.md).
 *
 * A job's score is its fair key's running jobs plus its rank among the key's
 * waiting jobs, so a key's k-th waiting job comes after every other key's
 * (k-1)-th. Equal scores go to the key served least recently (never served
 * first), then by the key's oldest waiting job: round-robin. Without that
 * turn, a key whose job just finished would tie with a newcomer and win on
 * age again and again, and one user's many jobs would starve another's one.
 * The same order gives positions, so a page's numbers are the claim order.
 */

export interface LaneRules {
  kinds: string[];
  fair: boolean;
  /** Most running jobs of one fair key (all processes); undefined: no limit. */
  fairRunningLimit?: number;
  /** Running limit of each slot key; a slot key missing from it is not claimable. Undefined: slots are not limited. */
  slotLimits?: ReadonlyMap<string, number>;
}

/** Serializes the claims of every lane that holds limits, across processes (a transaction-scoped lock). */
export async function lockLaneClaims(tx: Tx): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(7410, 0)`.execute(tx);
}

/**
 * `ranked`: the lane's waiting jobs (due, or named in `include`) with their
 * place in claim order, `(score, rank, served, first_run_at, first_id, run_at, id)`.
 * Among equal scores the smaller rank goes first: its key's previous turn
 * comes sooner (a first waiting job's was in the past, a later one's is still
 * to come); equal ranks take turns by when their keys were last served, then
 * by their oldest waiting job. So the order read now is the order in which
 * claims will take the jobs (while running jobs keep running).
 */
function rankedCte(rules: LaneRules, now: Date, include: string[]): RawBuilder<unknown> {
  const kinds = sql.join(rules.kinds);
  const due = include.length > 0 ? sql`(run_at <= ${now} OR id IN (${sql.join(include)}))` : sql`run_at <= ${now}`;
  const waiting = sql`waiting AS (
      SELECT id, fair_key, slot_key, run_at FROM jobs
      WHERE status = 'queued' AND kind IN (${kinds}) AND ${due}
    )`;
  if (!rules.fair) {
    return sql`WITH ${waiting}, ranked AS (
      SELECT waiting.*, 0::bigint AS score, 0::bigint AS rank, '-infinity'::timestamptz AS served, run_at AS first_run_at, id AS first_id FROM waiting
    )`;
  }
  return sql`WITH ${waiting},
    keys AS (
      SELECT k.fair_key,
        (SELECT count(*) FROM jobs j WHERE j.status = 'running' AND j.fair_key = k.fair_key AND j.kind IN (${kinds})) AS running,
        COALESCE((SELECT j.locked_at FROM jobs j
          WHERE j.fair_key = k.fair_key AND j.locked_at IS NOT NULL AND j.kind IN (${kinds})
          ORDER BY j.locked_at DESC LIMIT 1), '-infinity'::timestamptz) AS served
      FROM (SELECT DISTINCT fair_key FROM waiting) k
    ),
    ranked AS (
      SELECT waiting.*,
        COALESCE(keys.running, 0) + row_number() OVER key_order AS score,
        row_number() OVER key_order AS rank,
        COALESCE(keys.served, '-infinity'::timestamptz) AS served,
        first_value(waiting.run_at) OVER key_order AS first_run_at,
        first_value(waiting.id) OVER key_order AS first_id
      FROM waiting LEFT JOIN keys ON keys.fair_key = waiting.fair_key
      WINDOW key_order AS (PARTITION BY waiting.fair_key ORDER BY waiting.run_at, waiting.id)
    )`;
}

/** The ids of the next claimable jobs in claim order (limits as they stand now). */
export async function claimCandidates(tx: Tx, rules: LaneRules, now: Date, limit: number): Promise<string[]> {
  const kinds = sql.join(rules.kinds);
  const slotFilter = rules.slotLimits
    ? sql`AND (r.slot_key IS NULL OR COALESCE(slots.n, 0) < (${JSON.stringify(Object.fromEntries(rules.slotLimits))}::jsonb ->> r.slot_key)::int)`
    : sql``;
  const fairFilter = rules.fairRunningLimit !== undefined ? sql`AND COALESCE(key_running.n, 0) < ${rules.fairRunningLimit}` : sql``;
  const result = await sql<{ id: string }>`
    ${rankedCte(rules, now, [])},
    slots AS (SELECT slot_key, count(*) AS n FROM jobs WHERE status = 'running' AND slot_key IS NOT NULL GROUP BY slot_key),
    key_running AS (SELECT fair_key, count(*) AS n FROM jobs WHERE status = 'running' AND kind IN (${kinds}) AND fair_key IS NOT NULL GROUP BY fair_key)
    SELECT r.id FROM ranked r
    LEFT JOIN slots ON slots.slot_key = r.slot_key
    LEFT JOIN key_running ON key_running.fair_key = r.fair_key
    WHERE true ${slotFilter} ${fairFilter}
    ORDER BY r.score, r.rank, r.served, r.first_run_at, r.first_id, r.run_at, r.id
    LIMIT ${limit}`.execute(tx);
  return result.rows.map((r) => String(r.id));
}

/** Claims one job if it is still queued and no other transaction holds it (SKIP LOCKED: a cancel in progress). */
export async function claimJob(tx: Tx, id: string, workerId: string, now: Date): Promise<JobRow | null> {
  const result = await sql<JobRow>`
    UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_by = ${workerId},
      locked_at = ${now}, heartbeat_at = ${now}, updated_at = ${now}
    WHERE id = (SELECT id FROM jobs WHERE id = ${id} AND status = 'queued' FOR UPDATE SKIP LOCKED)
    RETURNING *`.execute(tx);
  return result.rows[0] ?? null;
}

/**
 * How many waiting jobs come before each of `ids` in claim order; a job of a
 * slotted lane waits only behind jobs of its own slot. Jobs not waiting
 * (running, finished, cancelled, unknown) are at 0. Limits are not counted:
 * a key at its running limit keeps its place and is passed over only while it is.
 */
export async function queuePositions(db: Db | Tx, rules: LaneRules, now: Date, ids: string[]): Promise<Map<string, number>> {
  const positions = new Map<string, number>(ids.map((id) => [id, 0]));
  if (ids.length === 0 || rules.kinds.length === 0) return positions;
  const sameSlot = rules.slotLimits ? sql`AND r.slot_key IS NOT DISTINCT FROM t.slot_key` : sql``;
  const result = await sql<{ id: string; ahead: string | number }>`
    ${rankedCte(rules, now, ids)}
    SELECT t.id, (
      SELECT count(*) FROM ranked r
      WHERE r.run_at <= ${now} AND (r.score, r.rank, r.served, r.first_run_at, r.first_id, r.run_at, r.id) < (t.score, t.rank, t.served, t.first_run_at, t.first_id, t.run_at, t.id) ${sameSlot}
    ) AS ahead
    FROM ranked t WHERE t.id IN (${sql.join(ids)})`.execute(db);
  for (const row of result.rows) positions.set(String(row.id), Number(row.ahead));
  return positions;
}
