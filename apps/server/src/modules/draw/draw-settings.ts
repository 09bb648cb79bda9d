import { drawSettingsSchema, type DrawSettings } from '@xueba/contract';
import type { SettingsService } from '../settings/settings.service.js';
import { deepMerge } from '../settings/settings.service.js';
import type { InvalidationBus } from '../../platform/cache/bus.js';

const DRAW_SETTINGS_KEY = 'draw';

/** Defaults until an administrator saves the drawing settings. */
export const DEFAULT_DRAW_SETTINGS: DrawSettings = {
  per_user_queued: 10,
  per_user_running: 2,
  sensitive_words: [],
  square_review: true,
  styles: [
    {
      key: 'photo',
      names: { zh: '摄影', en: 'Photography', ja: '写真', ko: '사진' },
      keywords: ['photorealistic', 'natural light', '35mm', 'shallow depth of field', 'high detail'],
    },
    {
      key: 'illustration',
      names: { zh: '插画', en: 'Illustration', ja: 'イラスト', ko: '일러스트' },
      keywords: ['digital illustration', 'clean lines', 'vibrant colours', 'flat shading'],
    },
    {
      key: 'scientific',
      names: { zh: '科研配图', en: 'Scientific figure', ja: '研究図版', ko: '연구 그림' },
      keywords: ['scientific illustration', 'white background', 'clear labels', 'schematic', 'vector style'],
    },
    {
      key: 'anime',
      names: { zh: '动漫', en: 'Anime', ja: 'アニメ', ko: '애니메이션' },
      keywords: ['anime style', 'cel shading', 'detailed eyes', 'soft colours'],
    },
  ],
};

/**
 * The admin's drawing settings: one keyed settings document, merged over the
 * defaults and validated by the contract (a stored document that no longer
 * validates falls back to the defaults, as the site settings do). Cached by
 * the settings service's bus topic through `getRaw`'s callers re-reading.
 */
export class DrawSettingsStore {
  private last: DrawSettings = DEFAULT_DRAW_SETTINGS;

  constructor(private readonly settings: Pick<SettingsService, 'getRaw' | 'setRaw'>) {}

  async get(): Promise<DrawSettings> {
    const stored = await this.settings.getRaw(DRAW_SETTINGS_KEY);
    const parsed = drawSettingsSchema.safeParse(deepMerge(DEFAULT_DRAW_SETTINGS, stored ?? undefined));
    this.last = parsed.success ? parsed.data : DEFAULT_DRAW_SETTINGS;
    return this.last;
  }

  /** The settings as last read, for readers that cannot wait (the queue's per-user running limit, read at every claim). */
  latest(): DrawSettings {
    return this.last;
  }

  /** Reads the settings again in this process whenever any process saves them. */
  follow(bus: Pick<InvalidationBus, 'subscribe'>): void {
    bus.subscribe((topic, id) => {
      if (topic === 'settings' && (id === DRAW_SETTINGS_KEY || id === '*')) void this.get().catch(() => undefined);
    });
  }

  async save(value: DrawSettings): Promise<DrawSettings> {
    await this.settings.setRaw(DRAW_SETTINGS_KEY, value);
    return this.get();
  }
}
