import { sql, type Selectable } from 'kysely';
import type { Reward } from '@xueba/contract';
import type { Db, Tx } from '../../platform/db/transaction.js';
import type { CommissionsTable, CommissionStatus, InviteRewardsTable, InviteUnlock, WithdrawalsTable, WithdrawStatus } from './promotion.tables.js';

export type InviteRewardRow = Selectable<InviteRewardsTable>;
export type CommissionRow = Selectable<CommissionsTable>;
export type WithdrawalRow = Selectable<WithdrawalsTable>;
type Page = { limit: number; offset: number };

/** All SQL of invitation rewards, commissions and withdrawals. */
export class PromotionRepository {
  // ---- invitation rewards -------------------------------------------------

  async insertInviteReward(tx: Tx, row: { inviteeId: number; inviterId: number; unlock: InviteUnlock; inviter: Reward; invitee: Reward; now: Date }): Promise<boolean> {
    const result = await tx
      .insertInto('invite_rewards')
      .values({ invitee_id: row.inviteeId, inviter_id: row.inviterId, unlock: row.unlock, inviter_reward: JSON.stringify(row.inviter), invitee_reward: JSON.stringify(row.invitee), created_at: row.now })
      .onConflict((oc) => oc.column('invitee_id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** Marks the invitee's reward granted if it is pending and one of `unlocks` opens it; the row returned is the caller's to pay, once. */
  takeInviteReward(tx: Tx, inviteeId: number, unlocks: InviteUnlock[], now: Date): Promise<InviteRewardRow | undefined> {
    return tx
      .updateTable('invite_rewards')
      .set({ status: 'granted', granted_at: now })
      .where('invitee_id', '=', inviteeId)
      .where('status', '=', 'pending')
      .where('unlock', 'in', unlocks)
      .returningAll()
      .executeTakeFirst();
  }

  async hasAnswered(tx: Tx, userId: number): Promise<boolean> {
    const result = await sql<{ ok: boolean }>`
      SELECT EXISTS (SELECT 1 FROM chat_messages WHERE user_id = ${userId} AND role = 'assistant' AND status = 'done')
          OR EXISTS (SELECT 1 FROM creations WHERE user_id = ${userId} AND status = 'done') AS ok`.execute(tx);
    return result.rows[0]?.ok === true;
  }

  async hasPaid(tx: Tx, userId: number): Promise<boolean> {
    const row = await tx.selectFrom('orders').select('id').where('user_id', '=', userId).where('status', 'in', ['fulfilled', 'refunded']).executeTakeFirst();
    return row !== undefined;
  }

  async inviteRewardsOf(db: Db, inviterId: number): Promise<{ granted: Reward[]; pending: number }> {
    const rows = await db.selectFrom('invite_rewards').select(['inviter_reward', 'status']).where('inviter_id', '=', inviterId).execute();
    return { granted: rows.filter((r) => r.status === 'granted').map((r) => r.inviter_reward), pending: rows.filter((r) => r.status === 'pending').length };
  }

  inviterOf(tx: Tx, userId: number): Promise<{ inviter_id: number | null } | undefined> {
    return tx.selectFrom('users').select('inviter_id').where('id', '=', userId).executeTakeFirst();
  }

  // ---- commissions ---------------------------------------------------------

  /** One commission per order (UNIQUE order_id): a replayed fulfilment inserts nothing. */
  async insertCommission(tx: Tx, c: { orderId: number; orderNo: string; promoterId: number; inviteeId: number; orderAmount: number; bp: number; amount: number; settleAt: Date; now: Date }): Promise<boolean> {
    const result = await tx
      .insertInto('commissions')
      .values({ order_id: c.orderId, order_no: c.orderNo, promoter_id: c.promoterId, invitee_id: c.inviteeId, order_amount: c.orderAmount, commission_bp: c.bp, amount: c.amount, settle_at: c.settleAt, created_at: c.now })
      .onConflict((oc) => oc.column('order_id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** Claims due pending commissions for settlement (row locks held until the caller's transaction ends). */
  settleDue(tx: Tx, now: Date, promoterId: number | null, limit: number): Promise<CommissionRow[]> {
    return tx
      .updateTable('commissions')
      .set({ status: 'settled', settled_at: now })
      .where('id', 'in', (eb) => {
        let q = eb.selectFrom('commissions').select('id').where('status', '=', 'pending').where('settle_at', '<=', now);
        if (promoterId !== null) q = q.where('promoter_id', '=', promoterId);
        return q.orderBy('id').limit(limit);
      })
      .where('status', '=', 'pending')
      .returningAll()
      .execute();
  }

  cancelPendingOfOrder(tx: Tx, orderId: number, reason: string, now: Date): Promise<CommissionRow | undefined> {
    return tx
      .updateTable('commissions')
      .set({ status: 'cancelled', cancelled_at: now, cancel_reason: reason })
      .where('order_id', '=', orderId)
      .where('status', '=', 'pending')
      .returningAll()
      .executeTakeFirst();
  }

  async commissionTotals(db: Db, promoterId: number): Promise<Record<CommissionStatus, number>> {
    const rows = await db.selectFrom('commissions').select(['status', (eb) => eb.fn.sum<string>('amount').as('total')]).where('promoter_id', '=', promoterId).groupBy('status').execute();
    const out: Record<CommissionStatus, number> = { pending: 0, settled: 0, cancelled: 0 };
    for (const r of rows) out[r.status] = Number(r.total ?? 0);
    return out;
  }

  async commissions(db: Db, f: { promoterId?: number; status?: CommissionStatus } & Page): Promise<{ rows: (CommissionRow & { invitee_nickname: string })[]; count: number }> {
    let q = db.selectFrom('commissions').innerJoin('users', 'users.id', 'commissions.invitee_id');
    if (f.promoterId !== undefined) q = q.where('commissions.promoter_id', '=', f.promoterId);
    if (f.status) q = q.where('commissions.status', '=', f.status);
    const [rows, total] = await Promise.all([
      q.selectAll('commissions').select('users.nickname as invitee_nickname').orderBy('commissions.id', 'desc').limit(f.limit).offset(f.offset).execute(),
      q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, count: Number(total.n) };
  }

  async invitees(db: Db, inviterId: number, page: Page): Promise<{ rows: { nickname: string; avatar: string; created_at: Date; order_count: string; commission: string }[]; count: number }> {
    const [rows, total] = await Promise.all([
      db
        .selectFrom('users as u')
        .select(['u.nickname', 'u.avatar', 'u.created_at'])
        .select((eb) => [
          eb.selectFrom('orders').select((o) => o.fn.countAll<string>().as('n')).whereRef('orders.user_id', '=', 'u.id').where('orders.status', '=', 'fulfilled').as('order_count'),
          eb
            .selectFrom('commissions')
            .select((c) => c.fn.coalesce(c.fn.sum<string>('amount'), sql<string>`0`).as('s'))
            .whereRef('commissions.invitee_id', '=', 'u.id')
            .where('commissions.promoter_id', '=', inviterId)
            .where('commissions.status', '!=', 'cancelled')
            .as('commission'),
        ])
        .where('u.inviter_id', '=', inviterId)
        .orderBy('u.id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      db.selectFrom('users').select((eb) => eb.fn.countAll<string>().as('n')).where('inviter_id', '=', inviterId).executeTakeFirstOrThrow(),
    ]);
    return { rows: rows.map((r) => ({ ...r, order_count: r.order_count ?? '0', commission: r.commission ?? '0' })), count: Number(total.n) };
  }

  posterOwner(db: Db, shareId: string): Promise<{ nickname: string } | undefined> {
    return db.selectFrom('users').select('nickname').where('share_id', '=', shareId).executeTakeFirst();
  }

  // ---- withdrawals ---------------------------------------------------------

  insertWithdrawal(tx: Tx, w: { userId: number; amount: number; method: 'alipay' | 'wechat' | 'bank'; name: string; account: string; now: Date }): Promise<WithdrawalRow> {
    return tx
      .insertInto('withdrawals')
      .values({ user_id: w.userId, amount: w.amount, method: w.method, name: w.name, account: w.account, created_at: w.now })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  findWithdrawal(db: Db | Tx, id: number): Promise<WithdrawalRow | undefined> {
    return db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** One guarded transition: changes the row only from one of `from`, so a repeated or concurrent admin action applies once. */
  transition(
    tx: Tx,
    id: number,
    from: WithdrawStatus[],
    patch: { status: WithdrawStatus; reason?: string; reviewed_by?: number; reviewed_at?: Date; paid_at?: Date },
  ): Promise<WithdrawalRow | undefined> {
    return tx.updateTable('withdrawals').set(patch).where('id', '=', id).where('status', 'in', from).returningAll().executeTakeFirst();
  }

  async withdrawals(db: Db, f: { userId?: number; status?: WithdrawStatus } & Page): Promise<{ rows: WithdrawalRow[]; count: number }> {
    let q = db.selectFrom('withdrawals');
    if (f.userId !== undefined) q = q.where('user_id', '=', f.userId);
    if (f.status) q = q.where('status', '=', f.status);
    const [rows, total] = await Promise.all([
      q.selectAll().orderBy('id', 'desc').limit(f.limit).offset(f.offset).execute(),
      q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, count: Number(total.n) };
  }

  async paidTotal(db: Db, userId: number): Promise<number> {
    const row = await db.selectFrom('withdrawals').select((eb) => eb.fn.sum<string>('amount').as('s')).where('user_id', '=', userId).where('status', '=', 'paid').executeTakeFirst();
    return Number(row?.s ?? 0);
  }
}
