import { sql } from 'kysely';
import type { Db } from '../../platform/db/transaction.js';

/** SQL of the password lockout: wrong passwords per account and client address, and across addresses. */
export class AuthRepository {
  async pairLockedUntil(db: Db, userId: number, ipKey: string, now: Date): Promise<Date | null> {
    const row = await db
      .selectFrom('login_failures')
      .select('locked_until')
      .where('user_id', '=', userId)
      .where('ip_key', '=', ipKey)
      .where('locked_until', '>', now)
      .executeTakeFirst();
    return row?.locked_until ?? null;
  }

  /**
   * Counts a wrong password for the pair in one statement; the `threshold`-th
   * in a row locks the pair until `lockedUntil` and restarts its count. Also
   * counts it for the account across addresses. Returns whether this one
   * locked the pair, and the account's count.
   */
  async recordFailure(db: Db, s: { userId: number; ipKey: string; threshold: number; lockedUntil: Date; now: Date }): Promise<{ locked: boolean; accountFailures: number }> {
    const pair = await db
      .insertInto('login_failures')
      .values({ user_id: s.userId, ip_key: s.ipKey, failures: 1, locked_until: null, updated_at: s.now })
      .onConflict((oc) =>
        oc.columns(['user_id', 'ip_key']).doUpdateSet({
          failures: sql<number>`CASE WHEN login_failures.failures + 1 >= ${s.threshold} THEN 0 ELSE login_failures.failures + 1 END`,
          locked_until: sql<Date | null>`CASE WHEN login_failures.failures + 1 >= ${s.threshold} THEN ${s.lockedUntil}::timestamptz ELSE login_failures.locked_until END`,
          updated_at: s.now,
        }),
      )
      .returning('failures')
      .executeTakeFirstOrThrow();
    const account = await db
      .updateTable('users')
      .set({ failed_logins: sql<number>`failed_logins + 1` })
      .where('id', '=', s.userId)
      .returning('failed_logins')
      .executeTakeFirst();
    // A wrong password leaves the pair's count at 1 or more, unless it was the one that locked.
    return { locked: pair.failures === 0, accountFailures: account?.failed_logins ?? 0 };
  }

  /** The owner proved who they are from this address: its count starts again, and the account's when it has one. */
  async clear(db: Db, userId: number, ipKey: string, account: boolean): Promise<void> {
    await db.deleteFrom('login_failures').where('user_id', '=', userId).where('ip_key', '=', ipKey).execute();
    if (account) await db.updateTable('users').set({ failed_logins: 0, locked_until: null }).where('id', '=', userId).execute();
  }

  /** Pairs idle for a day (and no longer locked) are forgotten: "in a row" does not span days. */
  async prune(db: Db, before: Date): Promise<void> {
    await db
      .deleteFrom('login_failures')
      .where('updated_at', '<', before)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', before)]))
      .execute();
  }
}
