import { sql } from 'kysely';
import type { Db, Tx } from '../../platform/db/transaction.js';
import type { LedgerRow } from '../../platform/db/schema.js';

export interface LedgerEntryInput {
  userId: number;
  asset: string;
  delta: number;
  reason: string;
  refType: string;
  refId?: string | null;
  idempotencyKey?: string | null;
  actorId?: number | null;
}

export class LedgerRepository {
  async findByKey(tx: Tx | Db, key: string): Promise<LedgerRow | undefined> {
    return tx.selectFrom('ledger').selectAll().where('idempotency_key', '=', key).executeTakeFirst();
  }

  /**
   * Adds delta to the balance; the CHECK (amount >= 0) refuses to go negative.
   * A deduction is a plain UPDATE: PostgreSQL checks the proposed row of an
   * INSERT ... ON CONFLICT against the CHECK before it sees the conflict, so a
   * negative upsert would fail even with enough balance. null: there is no
   * balance row to deduct from (an insufficient balance).
   */
  async addToBalance(tx: Tx, userId: number, asset: string, delta: number): Promise<number | null> {
    if (delta < 0) {
      const updated = await tx
        .updateTable('balances')
        .set({ amount: sql<string>`amount + ${delta}` })
        .where('user_id', '=', userId)
        .where('asset', '=', asset)
        .returning('amount')
        .executeTakeFirst();
      return updated ? Number(updated.amount) : null;
    }
    const row = await tx
      .insertInto('balances')
      .values({ user_id: userId, asset, amount: delta })
      .onConflict((oc) => oc.columns(['user_id', 'asset']).doUpdateSet({ amount: sql<string>`balances.amount + ${delta}` }))
      .returning('amount')
      .executeTakeFirstOrThrow();
    return Number(row.amount);
  }

  /** The balance, its row locked until the transaction ends (0 without a row). */
  async lockBalance(tx: Tx, userId: number, asset: string): Promise<number> {
    const row = await tx.selectFrom('balances').select('amount').where('user_id', '=', userId).where('asset', '=', asset).forUpdate().executeTakeFirst();
    return row ? Number(row.amount) : 0;
  }

  async insert(tx: Tx, entry: LedgerEntryInput, balanceAfter: number, now: Date): Promise<LedgerRow> {
    return tx
      .insertInto('ledger')
      .values({
        user_id: entry.userId,
        asset: entry.asset,
        delta: entry.delta,
        balance_after: balanceAfter,
        reason: entry.reason,
        ref_type: entry.refType,
        ref_id: entry.refId ?? null,
        idempotency_key: entry.idempotencyKey ?? null,
        actor_id: entry.actorId ?? null,
        created_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async balances(db: Db | Tx, userId: number): Promise<Record<string, number>> {
    const rows = await db.selectFrom('balances').select(['asset', 'amount']).where('user_id', '=', userId).execute();
    return Object.fromEntries(rows.map((r) => [r.asset, Number(r.amount)]));
  }

  async history(db: Db, userId: number, limit: number, offset: number): Promise<{ rows: LedgerRow[]; count: number }> {
    const [rows, total] = await Promise.all([
      db.selectFrom('ledger').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').limit(limit).offset(offset).execute(),
      db.selectFrom('ledger').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow(),
    ]);
    return { rows, count: Number(total.n) };
  }

  /** Every (user, asset) whose balance differs from the sum of its ledger rows. */
  async audit(db: Db): Promise<{ user_id: number; asset: string; balance: number; ledger_sum: number }[]> {
    const result = await sql<{ user_id: number; asset: string; balance: string; ledger_sum: string }>`
      SELECT coalesce(b.user_id, l.user_id) AS user_id, coalesce(b.asset, l.asset) AS asset,
             coalesce(b.amount, 0) AS balance, coalesce(l.total, 0) AS ledger_sum
      FROM balances b
      FULL OUTER JOIN (SELECT user_id, asset, sum(delta) AS total FROM ledger GROUP BY user_id, asset) l
        ON l.user_id = b.user_id AND l.asset = b.asset
      WHERE coalesce(b.amount, 0) <> coalesce(l.total, 0)`.execute(db);
    return result.rows.map((r) => ({ user_id: r.user_id, asset: r.asset, balance: Number(r.balance), ledger_sum: Number(r.ledger_sum) }));
  }
}
