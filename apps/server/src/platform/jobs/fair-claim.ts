import { sql, type RawBuilder } from 'kysely';
import type { Db, Tx } from '../db/transaction.js';
import type { JobRow } from './job-types.js';

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
 *
 * "Running" here means holding a slot: a job that gave its slot back (the
 * provider answered; it is storing its result) no longer counts for its fair
 * key's turn or running limit, since what these share out is the providers.
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

/** A running job giving its slot back in the statement that claims the next job (`claimNext`). */
export interface SlotRelease {
  id: string;
  workerId: string;
}

/** Running jobs (alias `t`) that hold their slot; the one released in this statement does not. */
function holdingSlot(t: RawBuilder<unknown>, release?: SlotRelease): RawBuilder<unknown> {
  const notReleasedNow = release ? sql`AND ${t}.id NOT IN (SELECT id FROM released)` : sql``;
  return sql`${t}.status = 'running' AND NOT ${t}.slot_released ${notReleasedNow}`;
}

/**
 * `ranked`: the lane's due waiting jobs with their
 * place in claim order, `(score, rank, served, first_run_at, first_id, run_at, id)`.
 * Among equal scores the smaller rank goes first: its key's previous turn
 * comes sooner (a first waiting job's was in the past, a later one's is still
 * to come); equal ranks take turns by when their keys were last served, then
 * by their oldest waiting job. So the order read now is the order in which
 * claims will take the jobs (while running jobs keep running).
 */
function rankedCte(rules: LaneRules, now: Date, release?: SlotRelease): RawBuilder<unknown> {
  const kinds = sql.join(rules.kinds);
  // A slot given back in this statement: its UPDATE is not seen by the other parts, so they leave the job out themselves.
  const released = release
    ? sql`released AS (
      UPDATE jobs SET slot_released = true
      WHERE id = ${release.id} AND locked_by = ${release.workerId} AND status = 'running'
      RETURNING id
    ),`
    : sql``;
  const waiting = sql`${released} waiting AS (
      SELECT id, fair_key, slot_key, run_at FROM jobs
      WHERE status = 'queued' AND kind IN (${kinds}) AND run_at <= ${now}
    )`;
  if (!rules.fair) {
    return sql`WITH ${waiting}, ranked AS (
      SELECT waiting.*, 0::bigint AS score, 0::bigint AS rank, '-infinity'::timestamptz AS served, run_at AS first_run_at, id AS first_id FROM waiting
    )`;
  }
  // MATERIALIZED (here and for the counts): each is computed once. On default estimates (a table never analyzed)
  // the planner took `keys` for one row and ran it again for every waiting job, several times slower.
  return sql`WITH ${waiting},
    keys AS MATERIALIZED (
      SELECT k.fair_key,
        (SELECT count(*) FROM jobs j WHERE ${holdingSlot(sql`j`, release)} AND j.fair_key = k.fair_key AND j.kind IN (${kinds})) AS running,
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

/**
 * Claims the first claimable job in claim order (limits as they stand now)
 * that no other transaction holds (SKIP LOCKED: a cancel in progress), in one
 * statement. `others`: how many of the next few jobs in order (at most 3)
 * stay claimable once this one runs (its slot and its key count one more),
 * so the caller knows whether looking again is worth a statement.
 * With `release`, the same statement first gives that running job's slot
 * back, so a slot passes to its next job in one round trip.
 */
export async function claimNext(db: Db | Tx, rules: LaneRules, workerId: string, now: Date, release?: SlotRelease): Promise<{ job: JobRow; others: number } | null> {
  const kinds = sql.join(rules.kinds);
  const limits = rules.slotLimits ? JSON.stringify(Object.fromEntries(rules.slotLimits)) : null;
  // `extra`: running jobs to add to the counts (the claimed one, when asking what stays claimable after it).
  const slotOk = (c: RawBuilder<unknown>, extra: RawBuilder<unknown>) =>
    limits ? sql`AND (${c}.slot_key IS NULL OR ${c}.slot_n + ${extra} < (${limits}::jsonb ->> ${c}.slot_key)::int)` : sql``;
  const keyOk = (c: RawBuilder<unknown>, extra: RawBuilder<unknown>) =>
    rules.fairRunningLimit !== undefined ? sql`AND ${c}.key_n + ${extra} < ${rules.fairRunningLimit}` : sql``;
  const none = sql`0`;
  const result = await sql<JobRow & { others: string | number }>`
    ${rankedCte(rules, now, release)},
    slots AS MATERIALIZED (SELECT slot_key, count(*) AS n FROM jobs h WHERE ${holdingSlot(sql`h`, release)} AND slot_key IS NOT NULL GROUP BY slot_key),
    key_running AS MATERIALIZED (SELECT fair_key, count(*) AS n FROM jobs h WHERE ${holdingSlot(sql`h`, release)} AND kind IN (${kinds}) AND fair_key IS NOT NULL GROUP BY fair_key),
    counted AS (
      SELECT r.*, COALESCE(slots.n, 0) AS slot_n, COALESCE(key_running.n, 0) AS key_n
      FROM ranked r
      LEFT JOIN slots ON slots.slot_key = r.slot_key
      LEFT JOIN key_running ON key_running.fair_key = r.fair_key
    ),
    candidates AS (
      SELECT c.id, c.slot_key, c.fair_key, c.slot_n, c.key_n,
        row_number() OVER (ORDER BY c.score, c.rank, c.served, c.first_run_at, c.first_id, c.run_at, c.id) AS ord
      FROM counted c
      WHERE true ${slotOk(sql`c`, none)} ${keyOk(sql`c`, none)}
      ORDER BY ord
      LIMIT 4
    ),
    picked AS (
      SELECT j.id FROM jobs j JOIN candidates c ON c.id = j.id
      WHERE j.status = 'queued'
      ORDER BY c.ord
      LIMIT 1
      FOR UPDATE OF j SKIP LOCKED
    )
    UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_by = ${workerId},
      locked_at = ${now}, heartbeat_at = ${now}, updated_at = ${now}, slot_released = false
    FROM picked WHERE jobs.id = picked.id
    RETURNING jobs.*, (
      SELECT count(*) FROM candidates c WHERE c.id <> jobs.id
        ${slotOk(sql`c`, sql`COALESCE(c.slot_key = jobs.slot_key, false)::int`)}
        ${keyOk(sql`c`, sql`COALESCE(c.fair_key = jobs.fair_key, false)::int`)}
    ) AS others`.execute(db);
  const row = result.rows[0];
  if (!row) return null;
  const { others, ...job } = row;
  return { job, others: Number(others) };
}

/**
 * The lane's waiting jobs in claim order (then those waiting for their retry
 * time, by that time), and the highest job id at the time: a job above it was
 * enqueued after this read. Limits are not applied: a key at its running
 * limit keeps its place and is passed over only while it is.
 */
export async function waitingOrder(db: Db | Tx, rules: LaneRules, now: Date): Promise<{ order: { id: string; slot_key: string | null }[]; maxId: bigint }> {
  if (rules.kinds.length === 0) return { order: [], maxId: 0n };
  const [due, later, top] = await Promise.all([
    sql<{ id: string; slot_key: string | null }>`
      ${rankedCte(rules, now)}
      SELECT r.id, r.slot_key FROM ranked r
      ORDER BY r.score, r.rank, r.served, r.first_run_at, r.first_id, r.run_at, r.id`.execute(db),
    sql<{ id: string; slot_key: string | null }>`
      SELECT id, slot_key FROM jobs WHERE status = 'queued' AND kind IN (${sql.join(rules.kinds)}) AND run_at > ${now}
      ORDER BY run_at, id`.execute(db),
    sql<{ max: string | null }>`SELECT max(id) AS max FROM jobs`.execute(db),
  ]);
  const order = [...due.rows, ...later.rows].map((r) => ({ id: String(r.id), slot_key: r.slot_key }));
  return { order, maxId: BigInt(top.rows[0]?.max ?? 0) };
}
