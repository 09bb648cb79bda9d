import { promotionSettingsSchema, type PromotionSettings } from '@xueba/contract';
import type { Tx } from '../../platform/db/transaction.js';
import type { SettingsService } from '../settings/settings.service.js';
import { deepMerge } from '../settings/settings.service.js';

export const PROMOTION_SETTINGS_KEY = 'promotion';

/**
 * Defaults (recorded in docs/product-choices.md): the inviter earns 20
 * conversations and the invitee 10, once the invitee has had a first real
 * answer (so fake sign-ups earn nothing); promoters earn 10 % of their
 * invitees' paid orders, pending 7 days, withdrawable from ¥10.
 */
export const DEFAULT_PROMOTION_SETTINGS: PromotionSettings = {
  invite: {
    enabled: true,
    inviter_reward: { conversation_count: 20, word_count: 0, drawing_count: 0 },
    invitee_reward: { conversation_count: 10, word_count: 0, drawing_count: 0 },
    unlock: 'first_use',
  },
  distribution: { enabled: true, commission_bp: 1000, pending_days: 7, min_withdraw: 1000 },
};

function parse(stored: unknown): PromotionSettings {
  const parsed = promotionSettingsSchema.safeParse(deepMerge(DEFAULT_PROMOTION_SETTINGS, stored));
  return parsed.success ? parsed.data : DEFAULT_PROMOTION_SETTINGS;
}

/**
 * Read on every use (they are small and rarely read on a hot path), so every
 * process sees an administrator's change at once without a cache to invalidate.
 */
export class PromotionSettingsStore {
  constructor(private readonly settings: SettingsService) {}

  async get(): Promise<PromotionSettings> {
    return parse(await this.settings.getRaw(PROMOTION_SETTINGS_KEY));
  }

  /** Inside a transaction (PGlite has one connection: a read beside the transaction would wait for it forever). */
  async getInTx(tx: Tx): Promise<PromotionSettings> {
    const row = await tx.selectFrom('settings').select('value').where('key', '=', PROMOTION_SETTINGS_KEY).executeTakeFirst();
    return parse(row?.value);
  }

  async save(value: PromotionSettings): Promise<PromotionSettings> {
    await this.settings.setRaw(PROMOTION_SETTINGS_KEY, value);
    return this.get();
  }
}
