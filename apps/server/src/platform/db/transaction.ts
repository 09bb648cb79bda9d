import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.js';

export type Tx = Transaction<Database>;
export type Db = Kysely<Database>;

/** PostgreSQL error codes we translate into product errors. */
export const PG = { UNIQUE_VIOLATION: '23505', CHECK_VIOLATION: '23514', SERIALIZATION_FAILURE: '40001' } as const;

export function pgErrorCode(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const code = (error as { code: unknown }).code;
    return typeof code === 'string' ? code : undefined;
  }
  return undefined;
}

export function pgConstraint(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'constraint' in error) {
    const constraint = (error as { constraint: unknown }).constraint;
    return typeof constraint === 'string' ? constraint : undefined;
  }
  return undefined;
}

/**
 * Runs `fn` in one transaction. Work that must only happen once the data is
 * committed (cache invalidation, notifications) is queued with `afterCommit`
 * and runs after COMMIT succeeds, never after a rollback.
 */
export async function transaction<T>(db: Db, fn: (tx: Tx, afterCommit: (task: () => Promise<void> | void) => void) => Promise<T>): Promise<T> {
  const tasks: (() => Promise<void> | void)[] = [];
  const result = await db.transaction().execute((tx) => fn(tx, (task) => tasks.push(task)));
  for (const task of tasks) await task();
  return result;
}
