import { qrAiSettingsSchema, type QrAiSettings } from '@xueba/contract';
import type { SettingsService } from '../settings/settings.service.js';

const QR_AI_SETTINGS_KEY = 'qrcode_ai';

/** Defaults until an administrator saves the AI art code settings (the schema's own defaults). */
export const DEFAULT_QR_AI_SETTINGS: QrAiSettings = qrAiSettingsSchema.parse({});

/**
 * The admin's AI art code settings (ControlNet recipe, models, weight and its
 * step per attempt, attempts): one keyed settings document over the defaults,
 * validated by the contract; a stored document that no longer validates falls
 * back to the defaults.
 */
export class QrAiSettingsStore {
  constructor(private readonly settings: Pick<SettingsService, 'getRaw' | 'setRaw'>) {}

  async get(): Promise<QrAiSettings> {
    const stored = await this.settings.getRaw(QR_AI_SETTINGS_KEY);
    const parsed = qrAiSettingsSchema.safeParse({ ...DEFAULT_QR_AI_SETTINGS, ...(stored && typeof stored === 'object' ? stored : {}) });
    return parsed.success ? parsed.data : DEFAULT_QR_AI_SETTINGS;
  }

  async save(value: QrAiSettings): Promise<QrAiSettings> {
    await this.settings.setRaw(QR_AI_SETTINGS_KEY, value);
    return this.get();
  }
}
