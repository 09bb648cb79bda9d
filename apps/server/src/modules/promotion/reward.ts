import type { Reward } from '@xueba/contract';
import type { Tx } from '../../platform/db/transaction.js';
import type { LedgerService } from '../ledger/ledger.service.js';

export const REWARD_ASSETS = ['conversation_count', 'word_count', 'drawing_count'] as const;

export const NO_REWARD: Reward = { conversation_count: 0, word_count: 0, drawing_count: 0 };

export function addRewards(a: Reward, b: Reward): Reward {
  return { conversation_count: a.conversation_count + b.conversation_count, word_count: a.word_count + b.word_count, drawing_count: a.drawing_count + b.drawing_count };
}

/**
 * Grants a reward inside the caller's transaction: one ledger row per asset,
 * keyed `<keyPrefix>:<asset>`, so a retried grant can never pay twice.
 */
export async function grantRewardInTx(ledger: LedgerService, tx: Tx, userId: number, reward: Reward, ref: { reason: string; refType: string; refId: string; keyPrefix: string }): Promise<void> {
  for (const asset of REWARD_ASSETS) {
    const delta = reward[asset];
    if (delta <= 0) continue;
    await ledger.applyInTx(tx, { userId, asset, delta, reason: ref.reason, refType: ref.refType, refId: ref.refId, idempotencyKey: `${ref.keyPrefix}:${asset}` });
  }
}

/** The calendar day in UTC+8 (China Standard Time, no daylight saving): the product is Chinese-first. */
export function dayOf(now: Date): string {
  return new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
}
