import type { Commission } from '@xueba/contract';
import { pageOffset } from '../../platform/http/paging.js';
import type { AppContext } from '../../platform/context.js';
import { transaction, type Tx } from '../../platform/db/transaction.js';
import type { MaintenanceTask } from '../../platform/maintenance.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import { PromotionRepository, type CommissionRow } from './promotion.repository.js';
import type { PromotionSettingsStore } from './promotion.settings.js';
import type { CommissionStatus } from './promotion.tables.js';

const DAY_MS = 86_400_000;
/** Commissions settled per transaction by the sweep (keeps each transaction short). */
const SETTLE_BATCH = 200;

export function presentCommission(row: CommissionRow & { invitee_nickname: string }): Commission {
  return {
    id: row.id,
    order_no: row.order_no,
    invitee_nickname: row.invitee_nickname,
    order_amount: row.order_amount,
    commission_bp: row.commission_bp,
    amount: row.amount,
    status: row.status,
    create_time: row.created_at.toISOString(),
    settle_time: (row.settled_at ?? row.settle_at).toISOString(),
    cancel_reason: row.cancel_reason,
  };
}

/** How often every process settles due commissions on its own (reads and withdrawals settle too; this keeps balances current for promoters who do not look). */
export const SETTLE_SWEEP_MS = 10 * 60_000;

/** Settles every due commission (of one promoter, or all) in batches; returns how many settled. */
async function settleDueCommissions(ctx: AppContext, ledger: LedgerService, repo: PromotionRepository, promoterId: number | null): Promise<number> {
  let total = 0;
  for (;;) {
    const settled = await transaction(ctx.db, async (tx, afterCommit) => {
      const rows = await repo.settleDue(tx, ctx.now(), promoterId, SETTLE_BATCH);
      for (const row of rows) {
        await ledger.applyInTx(tx, { userId: row.promoter_id, asset: 'commission', delta: row.amount, reason: 'commission_settled', refType: 'commission', refId: String(row.id), idempotencyKey: `commission:${row.id}` });
      }
      const users = new Set(rows.map((r) => r.promoter_id));
      afterCommit(async () => {
        for (const id of users) await ctx.bus.publish('user', String(id));
      });
      return rows.length;
    });
    total += settled;
    if (settled < SETTLE_BATCH) return total;
  }
}

/** The periodic commission sweep, run by the maintenance scheduler (on the injectable clock). */
export function commissionSweepTask(ctx: AppContext, ledger: LedgerService): MaintenanceTask {
  const repo = new PromotionRepository();
  return { name: 'settle commissions', everyMs: SETTLE_SWEEP_MS, run: () => settleDueCommissions(ctx, ledger, repo, null) };
}

/**
 * The distribution programme. A fulfilled order of an invitee creates one
 * pending commission (floor(amount × bp / 10000) cents) in the fulfilment's
 * transaction; it settles by time: any read of the promoter's money, any
 * withdrawal and a periodic sweep settle what is due, so nothing depends on a
 * job having run. Settling credits the ledger asset `commission` with the key
 * `commission:<id>`; a refund cancels a pending commission.
 */
export class DistributionService {
  readonly repo = new PromotionRepository();

  constructor(
    private readonly ctx: AppContext,
    private readonly ledger: LedgerService,
    private readonly settings: PromotionSettingsStore,
  ) {}

  /** Inside the order's fulfilment transaction (under its row lock). */
  async onFulfilledInTx(tx: Tx, order: { id: number; order_no: string; user_id: number; amount: number }): Promise<void> {
    const { distribution } = await this.settings.getInTx(tx);
    if (!distribution.enabled || distribution.commission_bp === 0) return;
    const invitee = await this.repo.inviterOf(tx, order.user_id);
    const promoterId = invitee?.inviter_id ?? null;
    if (promoterId === null) return;
    // Integer arithmetic, rounded down: 1999 cents at 10.00 % is 199 cents, never 199.9.
    const amount = Math.floor((order.amount * distribution.commission_bp) / 10_000);
    if (amount <= 0) return;
    const now = this.ctx.now();
    await this.repo.insertCommission(tx, {
      orderId: order.id,
      orderNo: order.order_no,
      promoterId,
      inviteeId: order.user_id,
      orderAmount: order.amount,
      bp: distribution.commission_bp,
      amount,
      settleAt: new Date(now.getTime() + distribution.pending_days * DAY_MS),
      now,
    });
  }

  /** Settles every due commission (of one promoter, or all); returns how many settled. */
  settleDue(promoterId: number | null): Promise<number> {
    return settleDueCommissions(this.ctx, this.ledger, this.repo, promoterId);
  }

  async summary(userId: number) {
    await this.settleDue(userId);
    const [{ distribution }, totals, balances, withdrawn, invitees] = await Promise.all([
      this.settings.get(),
      this.repo.commissionTotals(this.ctx.db, userId),
      this.ledger.balances(userId),
      this.repo.paidTotal(this.ctx.db, userId),
      this.repo.invitees(this.ctx.db, userId, { limit: 1, offset: 0 }),
    ]);
    return {
      enabled: distribution.enabled,
      commission_bp: distribution.commission_bp,
      pending_days: distribution.pending_days,
      min_withdraw: distribution.min_withdraw,
      invitee_count: invitees.count,
      pending: totals.pending,
      settled: totals.settled,
      held: balances.commission_held ?? 0,
      withdrawn,
      available: balances.commission ?? 0,
    };
  }

  async invitees(userId: number, page: { page_no: number; page_size: number }) {
    const { rows, count } = await this.repo.invitees(this.ctx.db, userId, { limit: page.page_size, offset: pageOffset(page) });
    return {
      lists: rows.map((r) => ({ nickname: r.nickname, avatar: r.avatar, join_time: r.created_at.toISOString(), order_count: Number(r.order_count), commission: Number(r.commission) })),
      count,
      page_no: page.page_no,
      page_size: page.page_size,
    };
  }

  async commissions(f: { promoterId?: number; status?: CommissionStatus; page_no: number; page_size: number }) {
    await this.settleDue(f.promoterId ?? null);
    const { rows, count } = await this.repo.commissions(this.ctx.db, { promoterId: f.promoterId, status: f.status, limit: f.page_size, offset: pageOffset(f) });
    return { rows, count, page_no: f.page_no, page_size: f.page_size };
  }

  /**
   * Inside a refund's transaction (commerce `RefundService`, under the order's
   * row lock): the order's pending commission is cancelled. A commission that
   * has already settled stays (decision 0009: it may have been withdrawn).
   */
  async cancelOnRefundInTx(tx: Tx, orderId: number, reason: string): Promise<boolean> {
    return (await this.repo.cancelPendingOfOrder(tx, orderId, `refund: ${reason}`, this.ctx.now())) !== undefined;
  }
}
