import type { Reward } from '@xueba/contract';
import type { AppContext } from '../../platform/context.js';
import { transaction, type Tx } from '../../platform/db/transaction.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import { PromotionRepository, type InviteRewardRow } from './promotion.repository.js';
import type { PromotionSettingsStore } from './promotion.settings.js';
import type { InviteUnlock } from './promotion.tables.js';
import { addRewards, grantRewardInTx, NO_REWARD } from './reward.js';

const USED_MEMO_MAX = 100_000;

/** Queues work for after the caller's transaction commits (platform/db/transaction.ts). */
export type AfterCommit = (task: () => Promise<void> | void) => void;

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
  /**
   * Invitees whose first answer has been handled: their reward, if any, is
   * paid, or waits for a payment. A binding made later unlocks what already
   * happened itself (`onBoundInTx`), so these need no further look after
   * each answer. Per process; bounded.
   */
  private readonly used = new Set<number>();

  constructor(
    private readonly ctx: AppContext,
    private readonly ledger: LedgerService,
    private readonly settings: PromotionSettingsStore,
  ) {}

  /** Told after commit when an invitation counts (its reward unlocked, or at binding when there are no rewards): the inviter's "invite" task. */
  onInvited: (inviterId: number) => Promise<void> = async () => undefined;

  /** Inside the binding's transaction; the rest happens after its commit. */
  async onBoundInTx(tx: Tx, afterCommit: AfterCommit, inviteeId: number, inviterId: number): Promise<void> {
    const { invite } = await this.settings.getInTx(tx);
    if (!invite.enabled) {
      afterCommit(() => this.onInvited(inviterId));
      return;
    }
    const now = this.ctx.now();
    const created = await this.repo.insertInviteReward(tx, { inviteeId, inviterId, unlock: invite.unlock, inviter: invite.inviter_reward, invitee: invite.invitee_reward, now });
    if (!created) return;
    // Whatever already happened before the binding counts (a user who chatted, then bound).
    const unlocks: InviteUnlock[] = ['signup'];
    if (await this.repo.hasAnswered(tx, inviteeId)) unlocks.push('first_use');
    if (await this.repo.hasPaid(tx, inviteeId)) unlocks.push('first_use', 'first_payment');
    await this.unlockInTx(tx, afterCommit, inviteeId, unlocks);
  }

  /** A real use (a finished answer) of the invitee. The tasks service calls it and logs a failure instead of failing the answer. */
  async onUse(inviteeId: number): Promise<void> {
    if (this.used.has(inviteeId)) return;
    await transaction(this.ctx.db, (tx, afterCommit) => this.unlockInTx(tx, afterCommit, inviteeId, ['first_use']));
    if (this.used.size >= USED_MEMO_MAX) this.used.clear();
    this.used.add(inviteeId);
  }

  /** Inside the order's fulfilment transaction: a payment is also a real use. */
  async onPaidInTx(tx: Tx, afterCommit: AfterCommit, inviteeId: number): Promise<void> {
    await this.unlockInTx(tx, afterCommit, inviteeId, ['first_use', 'first_payment']);
  }

  private async unlockInTx(tx: Tx, afterCommit: AfterCommit, inviteeId: number, unlocks: InviteUnlock[]): Promise<void> {
    const row = await this.repo.takeInviteReward(tx, inviteeId, unlocks, this.ctx.now());
    if (!row) return;
    await this.pay(tx, row);
    afterCommit(async () => {
      for (const id of [row.inviter_id, row.invitee_id]) await this.ctx.bus.publish('user', String(id));
      await this.onInvited(row.inviter_id);
    });
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
