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
