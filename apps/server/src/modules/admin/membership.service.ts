import { membershipKindSchema, type RefundClawback } from '@xueba/contract';
import type { AppContext } from '../../platform/context.js';
import type { Tx } from '../../platform/db/transaction.js';
import { notFound } from '../../platform/errors.js';
import { planGrant, planRevoke, type MemberLevel } from './membership.js';
import { MembershipRepository } from './membership.repository.js';
import type { GrantSource } from './membership.tables.js';

export type MembershipClawback = NonNullable<RefundClawback['membership']>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Memberships: granted by orders, redeem codes and administrators, taken back
 * by refunds. Every grant is recorded with the stretch of time it added, so a
 * refund removes exactly that (decision in docs/product-choices.md, "Refunds").
 * Both run inside the caller's transaction under the user's row lock; the
 * caller invalidates the user's cached info after commit.
 */
export class MembershipService {
  private readonly repo = new MembershipRepository();

  constructor(private readonly ctx: AppContext) {}

  async grantInTx(tx: Tx, input: { user_id: number; kind: string; level: MemberLevel; months: number; source: GrantSource; ref: string }) {
    const now = this.ctx.now();
    if (!(await this.repo.lockUser(tx, input.user_id))) throw notFound('user_not_found');
    const current = await this.repo.lockMembership(tx, input.user_id, input.kind);
    const plan = planGrant(current ?? null, { level: input.level, months: input.months }, now);
    const row = await this.repo.upsertMembership(tx, { userId: input.user_id, kind: input.kind, level: plan.level, expiresAt: plan.expiresAt, period: plan.period, now });
    await this.repo.insertGrant(tx, {
      userId: input.user_id,
      kind: input.kind,
      period: plan.period,
      level: input.level,
      months: input.months,
      source: input.source,
      ref: input.ref,
      startsAt: plan.startsAt,
      endsAt: plan.endsAt,
      absorbed: plan.absorbed,
      now,
    });
    return row;
  }

  /**
   * Takes back the grant recorded for `source`/`ref` (a refunded order). A
   * grant made before grants were recorded (migration 0011) cannot be told
   * apart from the rest of the membership: it is left as it is and reported
   * `recorded: false`.
   */
  async revokeInTx(tx: Tx, input: { userId: number; kind: string; source: GrantSource; ref: string }): Promise<MembershipClawback | null> {
    const now = this.ctx.now();
    if (!(await this.repo.lockUser(tx, input.userId))) throw notFound('user_not_found');
    const current = await this.repo.lockMembership(tx, input.userId, input.kind);
    if (!current) return null;
    const kind = membershipKindSchema.parse(input.kind);
    const target = await this.repo.findGrant(tx, input.source, input.ref);
    if (!target || target.revoked_at !== null) {
      const same = iso(current.expires_at);
      return { kind, recorded: target !== undefined, level_before: current.level, level_after: current.level, expires_before: same, expires_after: same, removed_ms: 0, used_ms: 0 };
    }
    const grants = await this.repo.grantsOfPeriod(tx, input.userId, input.kind, target.period);
    const plan = planRevoke(current, target, grants, now);
    for (const update of plan.updates) await this.repo.updateGrant(tx, update, now);
    await this.repo.setMembership(tx, current.id, { level: plan.level, expiresAt: plan.expiresAt, now });
    return {
      kind,
      recorded: true,
      level_before: current.level,
      level_after: plan.level,
      expires_before: iso(current.expires_at),
      expires_after: iso(plan.expiresAt),
      removed_ms: plan.removedMs,
      used_ms: plan.usedMs,
    };
  }
}
