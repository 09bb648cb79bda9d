import { GRANT_ASSETS, type RefundClawback } from '@xueba/contract';
import type { AppContext } from '../../platform/context.js';
import { transaction } from '../../platform/db/transaction.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { Services } from '../../services.js';
import type { MembershipService } from '../admin/membership.service.js';
import { CommerceRepository } from './commerce.repository.js';

export interface RefundResult {
  order_no: string;
  status: 'refunded';
  commission_cancelled: boolean;
  /** null: refunded before clawbacks existed (migration 0011), when nothing was taken back. */
  clawback: RefundClawback | null;
}

/**
 * An administrator's refund (money returned by hand at the provider): in one
 * transaction under the order's row lock, the order becomes `refunded`, what
 * its fulfilment granted is taken back and its pending commission cancelled.
 *
 * - Balances: each asset of the order's frozen grant, through the ledger with
 *   the key `refund:<order_no>:<asset>`, at most what the user still has (a
 *   balance never goes negative); the rest is recorded as shortfall.
 * - Membership: the time this order added and that has not passed yet
 *   (MembershipService.revokeInTx).
 *
 * The order's state is the guard against a second refund (a retry or a race
 * waits on the row lock, then finds it refunded and gets the stored outcome);
 * the ledger keys are a second one.
 */
export class RefundService {
  private readonly repo = new CommerceRepository();
  constructor(
    private readonly ctx: AppContext,
    private readonly deps: Pick<Services, 'ledger' | 'promotion' | 'userInfo'>,
    private readonly memberships: MembershipService,
  ) {}

  async refund(adminId: number, orderNo: string, reason: string): Promise<RefundResult> {
    return transaction(this.ctx.db, async (tx, afterCommit) => {
      const order = await this.repo.lockOrder(tx, orderNo);
      if (!order) throw notFound('order_not_found');
      if (order.status === 'refunded') return { order_no: order.order_no, status: 'refunded', commission_cancelled: false, clawback: order.refund_clawback };
      if (order.status !== 'fulfilled') throw new AppError('order_not_refundable', 409);

      const grant = order.snapshot;
      // Membership first: it takes the user's row lock, in the same order as a fulfilment does.
      const membership = grant.membership ? await this.memberships.revokeInTx(tx, { userId: order.user_id, kind: grant.membership.kind, source: 'order', ref: order.order_no }) : null;
      const assets: RefundClawback['assets'] = [];
      for (const asset of GRANT_ASSETS) {
        const granted = grant[asset];
        if (granted <= 0) continue;
        const { taken } = await this.deps.ledger.takeUpToInTx(tx, {
          userId: order.user_id,
          asset,
          amount: granted,
          reason: 'refund',
          refType: 'order',
          refId: order.order_no,
          idempotencyKey: `refund:${order.order_no}:${asset}`,
          actorId: adminId,
        });
        assets.push({ asset, granted, taken, shortfall: granted - taken });
      }
      const clawback: RefundClawback = { assets, membership };
      await this.repo.markRefunded(tx, order.id, { reason, clawback, now: this.ctx.now() });
      const cancelled = await this.deps.promotion.distribution.cancelOnRefundInTx(tx, order.id, reason);
      afterCommit(() => this.deps.userInfo.invalidate(order.user_id));
      return { order_no: order.order_no, status: 'refunded', commission_cancelled: cancelled, clawback };
    });
  }
}
