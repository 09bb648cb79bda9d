import { sql } from 'kysely';
import type { Db, Tx } from '../../platform/db/transaction.js';

export type CodeChannel = 'email' | 'sms';

export interface CodeKey {
  channel: CodeChannel;
  target: string;
  scene: string;
}

/** All SQL of verification codes. */
export class VerificationRepository {
  /**
   * Serialises code requests for one target until the transaction ends, so two
   * concurrent requests cannot both pass the 60-second check. Advisory locks
   * are core PostgreSQL (no extension) and work on PGlite too.
   */
  async lockTarget(tx: Tx, channel: CodeChannel, target: string): Promise<void> {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`code:${channel}:${target}`}))`.execute(tx);
  }

  /** Time of the last code that was actually handed to a transport (undelivered codes have expires_at = created_at). */
  async lastDeliveredAt(tx: Tx, channel: CodeChannel, target: string): Promise<Date | undefined> {
    const row = await tx
      .selectFrom('verification_codes')
      .select('created_at')
      .where('channel', '=', channel)
      .where('target', '=', target)
      .whereRef('expires_at', '>', 'created_at')
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.created_at;
  }

  async countForTargetSince(tx: Tx, channel: CodeChannel, target: string, since: Date): Promise<number> {
    const row = await tx
      .selectFrom('verification_codes')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('channel', '=', channel)
      .where('target', '=', target)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async countForIpSince(tx: Tx, ip: string, since: Date): Promise<number> {
    const row = await tx
      .selectFrom('verification_codes')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('ip', '=', ip)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** A new code supersedes every open code of the same target and scene. */
  async supersede(tx: Tx, key: CodeKey, now: Date): Promise<void> {
    await tx
      .updateTable('verification_codes')
      .set({ consumed_at: now })
      .where('channel', '=', key.channel)
      .where('target', '=', key.target)
      .where('scene', '=', key.scene)
      .where('consumed_at', 'is', null)
      .execute();
  }

  async insert(tx: Tx, key: CodeKey, codeHash: string, ip: string, now: Date, expiresAt: Date): Promise<string> {
    const row = await tx
      .insertInto('verification_codes')
      .values({ channel: key.channel, target: key.target, scene: key.scene, code_hash: codeHash, ip, created_at: now, expires_at: expiresAt })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** A code that could not be delivered can never be used, and does not hold back a retry. */
  async markUndelivered(db: Db, id: string): Promise<void> {
    await db
      .updateTable('verification_codes')
      .set((eb) => ({ expires_at: eb.ref('created_at'), consumed_at: eb.ref('created_at') }))
      .where('id', '=', id)
      .execute();
  }

  /**
   * Spends one guess on the newest open code of the key, atomically: the
   * attempt is counted before the comparison, so parallel guesses cannot
   * exceed the limit. Returns the code's hash to compare, or undefined when
   * there is no open code (none sent, expired, used, superseded, or out of tries).
   */
  async takeAttempt(db: Db, key: CodeKey, now: Date, maxAttempts: number): Promise<{ id: string; codeHash: string } | undefined> {
    const row = await db
      .updateTable('verification_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', (eb) =>
        eb
          .selectFrom('verification_codes')
          .select('id')
          .where('channel', '=', key.channel)
          .where('target', '=', key.target)
          .where('scene', '=', key.scene)
          .orderBy('id', 'desc')
          .limit(1),
      )
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', now)
      .where('attempts', '<', maxAttempts)
      .returning(['id', 'code_hash'])
      .executeTakeFirst();
    return row ? { id: row.id, codeHash: row.code_hash } : undefined;
  }

  /** Marks the code used; only one caller can win, even concurrently. */
  async consume(db: Db, id: string, now: Date): Promise<boolean> {
    const row = await db
      .updateTable('verification_codes')
      .set({ consumed_at: now })
      .where('id', '=', id)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }
}
