import type { Withdrawal } from '@xueba/contract';
import { pageOffset } from '../../platform/http/paging.js';
import type { AppContext } from '../../platform/context.js';
import { transaction, type Tx } from '../../platform/db/transaction.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import type { DistributionService } from './distribution.service.js';
import { PromotionRepository, type WithdrawalRow } from './promotion.repository.js';
import type { PromotionSettingsStore } from './promotion.settings.js';
import type { WithdrawStatus } from './promotion.tables.js';
import type { Notifier } from '../notice/notifier.js';

/** Users see only the end of their payout account. */
function mask(account: string): string {
  const chars = [...account];
  return chars.length <= 4 ? '*'.repeat(chars.length) : `${'*'.repeat(Math.min(chars.length - 4, 8))}${chars.slice(-4).join('')}`;
}

export function presentWithdrawal(row: WithdrawalRow, full: boolean): Withdrawal {
  return {
    id: row.id,
    amount: row.amount,
    method: row.method,
    name: row.name,
    account: full ? row.account : mask(row.account),
    status: row.status,
    reason: row.reason,
    create_time: row.created_at.toISOString(),
    review_time: row.reviewed_at ? row.reviewed_at.toISOString() : null,
    paid_time: row.paid_at ? row.paid_at.toISOString() : null,
  };
}

function yuan(cents: number): string {
  return (cents / 100).toFixed(2).replace(/\.00$/, '');
}

/**
 * Withdrawals of settled commission. A request holds its amount at once:
 * `commission` → `commission_held` through the ledger in the request's
 * transaction, so the balance's CHECK (amount >= 0) lets only one of two
 * requests for the whole balance through. Admin actions are guarded
 * transitions (`UPDATE ... WHERE status IN (...)`): pending → approved →
 * paid (the held amount leaves), pending|approved → rejected (the held amount
 * returns). Repeating an action that already happened answers the row as it is.
 */
export class WithdrawalsService {
  private readonly repo = new PromotionRepository();
  /** Tells the user their withdrawal was approved or rejected (set once the notice centre is built: services.ts). */
  notifier?: Notifier;

  constructor(
    private readonly ctx: AppContext,
    private readonly ledger: LedgerService,
    private readonly settings: PromotionSettingsStore,
    private readonly distribution: DistributionService,
  ) {}

  async apply(userId: number, input: { amount: number; method: 'alipay' | 'wechat' | 'bank'; name: string; account: string }): Promise<Withdrawal> {
    const { distribution } = await this.settings.get();
    if (input.amount < distribution.min_withdraw) throw badRequest('withdraw_below_minimum', { min: yuan(distribution.min_withdraw) });
    await this.distribution.settleDue(userId);
    try {
      const row = await transaction(this.ctx.db, async (tx, afterCommit) => {
        const now = this.ctx.now();
        const w = await this.repo.insertWithdrawal(tx, { userId, amount: input.amount, method: input.method, name: input.name, account: input.account, now });
        await this.move(tx, w, 'commission', 'commission_held', 'withdraw_hold', 'hold');
        afterCommit(() => this.ctx.bus.publish('user', String(userId)));
        return w;
      });
      return presentWithdrawal(row, false);
    } catch (error) {
      if (error instanceof AppError && error.key === 'insufficient_balance') throw badRequest('commission_insufficient');
      throw error;
    }
  }

  async list(userId: number, page: { page_no: number; page_size: number }) {
    const { rows, count } = await this.repo.withdrawals(this.ctx.db, { userId, limit: page.page_size, offset: pageOffset(page) });
    return { lists: rows.map((r) => presentWithdrawal(r, false)), count, page_no: page.page_no, page_size: page.page_size };
  }

  async adminList(f: { status?: WithdrawStatus; user_id?: number; page_no: number; page_size: number }) {
    const { rows, count } = await this.repo.withdrawals(this.ctx.db, { userId: f.user_id, status: f.status, limit: f.page_size, offset: pageOffset(f) });
    return { lists: rows.map((r) => ({ ...presentWithdrawal(r, true), user_id: r.user_id })), count, page_no: f.page_no, page_size: f.page_size };
  }

  approve(id: number, adminId: number) {
    return this.act(id, 'approved', ['pending'], { reviewed_by: adminId }, async (tx, w) => {
      await this.notifier?.notify({ userId: w.user_id, kind: 'withdrawal_approved', params: { amount: yuan(w.amount) }, link: '/promotion/withdrawal' }, tx);
    });
  }

  reject(id: number, adminId: number, reason: string) {
    return this.act(id, 'rejected', ['pending', 'approved'], { reviewed_by: adminId, reason }, async (tx, w) => {
      await this.move(tx, w, 'commission_held', 'commission', 'withdraw_rejected', 'return');
      await this.notifier?.notify({ userId: w.user_id, kind: 'withdrawal_rejected', params: { amount: yuan(w.amount), reason }, link: '/promotion/withdrawal' }, tx);
    });
  }

  paid(id: number, adminId: number) {
    return this.act(id, 'paid', ['approved'], { reviewed_by: adminId }, async (tx, w) => {
      await this.ledger.applyInTx(tx, { userId: w.user_id, asset: 'commission_held', delta: -w.amount, reason: 'withdraw_paid', refType: 'withdrawal', refId: String(w.id), idempotencyKey: `withdraw:${w.id}:paid`, actorId: adminId });
    });
  }

  private async act(
    id: number,
    to: WithdrawStatus,
    from: WithdrawStatus[],
    patch: { reviewed_by: number; reason?: string },
    effect?: (tx: Tx, w: WithdrawalRow) => Promise<void>,
  ): Promise<Withdrawal & { user_id: number }> {
    const row = await transaction(this.ctx.db, async (tx, afterCommit) => {
      const now = this.ctx.now();
      const changed = await this.repo.transition(tx, id, from, { status: to, ...patch, ...(to === 'paid' ? { paid_at: now } : { reviewed_at: now }) });
      if (!changed) {
        const current = await this.repo.findWithdrawal(tx, id);
        if (!current) throw notFound('withdraw_not_found');
        if (current.status === to) return current;
        throw conflict('withdraw_state_invalid');
      }
      await effect?.(tx, changed);
      afterCommit(() => this.ctx.bus.publish('user', String(changed.user_id)));
      return changed;
    });
    return { ...presentWithdrawal(row, true), user_id: row.user_id };
  }

  /** Moves a withdrawal's amount between two commission assets: two ledger rows, each keyed by the withdrawal and the step. */
  private async move(tx: Tx, w: WithdrawalRow, from: string, to: string, reason: string, step: string): Promise<void> {
    const ref = { reason, refType: 'withdrawal', refId: String(w.id) };
    await this.ledger.applyInTx(tx, { userId: w.user_id, asset: from, delta: -w.amount, ...ref, idempotencyKey: `withdraw:${w.id}:${step}:out` });
    await this.ledger.applyInTx(tx, { userId: w.user_id, asset: to, delta: w.amount, ...ref, idempotencyKey: `withdraw:${w.id}:${step}:in` });
  }
}
