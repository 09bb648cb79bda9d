import { GRANT_ASSETS } from '@xueba/contract';
import type { Tx } from '../../platform/db/transaction.js';
import type { MembershipService } from '../admin/membership.service.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import type { PackagesTable, GrantSpec } from './commerce.tables.js';
import type { Selectable } from 'kysely';

export type PackageRow = Selectable<PackagesTable>;

/** What a package grants, frozen into an order or a code batch: its counts plus gifts, and its membership. */
export function grantOfPackage(pkg: PackageRow): GrantSpec {
  return {
    package_id: pkg.id,
    package_name: pkg.name,
    membership: pkg.type === 'member' && pkg.level && pkg.kind && pkg.months !== null ? { level: pkg.level, kind: pkg.kind, months: pkg.months } : null,
    conversation_count: pkg.conversation_count + pkg.gift_conversation_count,
    word_count: pkg.word_count + pkg.gift_word_count,
    drawing_count: pkg.drawing_count + pkg.gift_drawing_count,
  };
}

/**
 * Applies a grant inside the caller's transaction: each balance through the
 * ledger with `<keyPrefix>:<asset>` as idempotency key (so a replay can never
 * grant twice even if the caller's own guard failed), and the membership
 * through the membership service, recorded under `membership` (an order's
 * refund finds it by the order number). The caller owns the transaction and
 * invalidates the user after commit.
 */
export class Granter {
  constructor(
    private readonly ledger: LedgerService,
    private readonly memberships: MembershipService,
  ) {}

  async applyInTx(
    tx: Tx,
    userId: number,
    grant: GrantSpec,
    ref: { reason: string; refType: string; refId: string; keyPrefix: string; membership: { source: 'order' | 'redeem'; ref: string } },
  ): Promise<void> {
    if (grant.membership) {
      await this.memberships.grantInTx(tx, { user_id: userId, kind: grant.membership.kind, level: grant.membership.level, months: grant.membership.months, ...ref.membership });
    }
    for (const asset of GRANT_ASSETS) {
      const delta = grant[asset];
      if (delta <= 0) continue;
      await this.ledger.applyInTx(tx, {
        userId,
        asset,
        delta,
        reason: ref.reason,
        refType: ref.refType,
        refId: ref.refId,
        idempotencyKey: `${ref.keyPrefix}:${asset}`,
      });
    }
  }
}
