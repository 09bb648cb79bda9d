import { sql } from 'kysely';
import type { Db } from './transaction.js';
import type { Database } from './schema.js';

const BATCH = 5000;

/**
 * Deletes the rows of `table` whose `column` is before `before`, a batch at a
 * time: each batch is a short statement (no long lock on a large table), and
 * `FOR UPDATE SKIP LOCKED` lets several processes prune the same table at
 * once, each taking rows the others are not deleting. Returns the rows deleted.
 */
export async function deleteOlderThan<T extends keyof Database & string>(
  db: Db,
  table: T,
  key: readonly (keyof Database[T] & string)[],
  column: keyof Database[T] & string,
  before: Date,
  batch = BATCH,
): Promise<number> {
  const keys = sql.join(key.map((k) => sql.ref(k)));
  let total = 0;
  for (;;) {
    const result = await sql`
      DELETE FROM ${sql.table(table)} WHERE (${keys}) IN (
        SELECT ${keys} FROM ${sql.table(table)} WHERE ${sql.ref(column)} < ${before} LIMIT ${batch} FOR UPDATE SKIP LOCKED
      )`.execute(db);
    const n = Number(result.numAffectedRows ?? 0);
    total += n;
    if (n < batch) return total;
  }
}

/**
 * The embedded database's autovacuum: PGlite runs PostgreSQL in single-user
 * mode, where no autovacuum worker ever starts, so without this its tables
 * never get planner statistics (the queue's claim ran 5x slower on default
 * estimates) and never give back the space of updated rows. Vacuums every
 * table and refreshes their statistics; later runs skip the pages an earlier
 * one found all-visible. Not for PostgreSQL, whose own workers do this.
 */
export async function vacuumAnalyze(db: Db): Promise<void> {
  await sql`VACUUM (ANALYZE)`.execute(db);
}
