import type { Reward } from '@xueba/contract';
import type { AppContext } from '../../platform/context.js';
import { transaction, type Tx } from '../../platform/db/transaction.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import { PromotionRepository, type InviteRewardRow } from './promotion.repository.js';
import type { PromotionSettingsStore } from './promotion.settings.js';
import type { InviteUnlock } from './promotion.tables.js';
import { addRewards, grantRewardInTx, NO_REWARD } from './reward.js';

/**
 * Invitation rewards. A binding (share bind) creates one reward row per
 * invitee, freezing the rewards and the unlock condition configured at that
 * moment; the row is paid once, when it unlocks: at sign-up, after the
 * invitee's first answer, or after their first paid order. The payment takes
 * the row from pending to granted (`UPDATE ... WHERE status = 'pending'`) and
 * writes the ledger rows keyed `invite:<invitee>:<side>:<asset>` in the same
 * transaction.
 */
export class InvitationsService {
  private readonly repo = new PromotionRepository();

  constructor(
    private readonly ctx: AppContext,
    private readonly ledger: LedgerService,
    private readonly settings: PromotionSettingsStore,
  ) {}

  /** Inside the binding's transaction. Returns the users whose balances changed. */
  async onBoundInTx(tx: Tx, inviteeId: number, inviterId: number): Promise<number[]> {
    const { invite } = await this.settings.getInTx(tx);
    if (!invite.enabled) return [];
    const now = this.ctx.now();
    const created = await this.repo.insertInviteReward(tx, { inviteeId, inviterId, unlock: invite.unlock, inviter: invite.inviter_reward, invitee: invite.invitee_reward, now });
    if (!created) return [];
    // Whatever already happened before the binding counts (a user who chatted, then bound).
    const unlocks: InviteUnlock[] = ['signup'];
    if (await this.repo.hasAnswered(tx, inviteeId)) unlocks.push('first_use');
    if (await this.repo.hasPaid(tx, inviteeId)) unlocks.push('first_use', 'first_payment');
    return this.unlockInTx(tx, inviteeId, unlocks);
  }

  /** A real use (a finished answer) of the invitee. Never throws into the caller's flow (the tasks service guards it). */
  async onUse(inviteeId: number): Promise<void> {
    const users = await transaction(this.ctx.db, (tx) => this.unlockInTx(tx, inviteeId, ['first_use']));
    for (const id of users) await this.ctx.bus.publish('user', String(id));
  }

  /** Inside the order's fulfilment transaction: a payment is also a real use. */
  async onPaidInTx(tx: Tx, inviteeId: number): Promise<number[]> {
    return this.unlockInTx(tx, inviteeId, ['first_use', 'first_payment']);
  }

  private async unlockInTx(tx: Tx, inviteeId: number, unlocks: InviteUnlock[]): Promise<number[]> {
    const row = await this.repo.takeInviteReward(tx, inviteeId, unlocks, this.ctx.now());
    if (!row) return [];
    await this.pay(tx, row);
    return [row.inviter_id, row.invitee_id];
  }

  private async pay(tx: Tx, row: InviteRewardRow): Promise<void> {
    const refId = String(row.invitee_id);
    await grantRewardInTx(this.ledger, tx, row.inviter_id, row.inviter_reward, { reason: 'invite_inviter', refType: 'invite', refId, keyPrefix: `invite:${row.invitee_id}:inviter` });
    await grantRewardInTx(this.ledger, tx, row.invitee_id, row.invitee_reward, { reason: 'invite_invitee', refType: 'invite', refId, keyPrefix: `invite:${row.invitee_id}:invitee` });
  }

  /** What the invitation page shows: rewards on offer, earned so far, and invitees still waiting to unlock. */
  async overview(inviterId: number) {
    const [{ invite }, mine] = await Promise.all([this.settings.get(), this.repo.inviteRewardsOf(this.ctx.db, inviterId)]);
    const earned: Reward = mine.granted.reduce(addRewards, NO_REWARD);
    return {
      rewards: { enabled: invite.enabled, unlock: invite.unlock, inviter: invite.inviter_reward, invitee: invite.invitee_reward },
      earned,
      rewards_pending: mine.pending,
    };
  }
}
