import { siteSettingsSchema, type SiteSettings } from '@xueba/contract';
import type { AppContext } from '../../platform/context.js';
import { SettingsRepository } from './settings.repository.js';
import { DEFAULT_SITE_SETTINGS } from './settings.defaults.js';

const SITE_KEY = 'site';

/**
 * Admin-editable site settings, one JSON document validated by the contract.
 * Read on every `/pc/config`, so it is cached and invalidated through the bus.
 * Stored documents are merged over the defaults, so a setting added in a later
 * release appears with its default instead of breaking old data.
 */
export class SettingsService {
  private readonly repo: SettingsRepository;
  private cached: SiteSettings | undefined;
  private loading: Promise<SiteSettings> | undefined;

  constructor(private readonly ctx: AppContext) {
    this.repo = new SettingsRepository(ctx.db);
    ctx.bus.subscribe((topic) => {
      if (topic === 'settings') {
        this.cached = undefined;
        this.loading = undefined;
      }
    });
  }

  async site(): Promise<SiteSettings> {
    if (this.cached) return this.cached;
    const loading = (this.loading ??= this.load().catch((error: unknown) => {
      // A failed read (database briefly down) is not remembered: the next call reads again.
      if (this.loading === loading) this.loading = undefined;
      throw error;
    }));
    return loading;
  }

  private async load(): Promise<SiteSettings> {
    const stored = await this.repo.get(SITE_KEY);
    const merged = deepMerge(DEFAULT_SITE_SETTINGS, stored);
    const parsed = siteSettingsSchema.safeParse(merged);
    const value = parsed.success ? parsed.data : DEFAULT_SITE_SETTINGS;
    this.cached = value;
    return value;
  }

  async saveSite(settings: SiteSettings): Promise<SiteSettings> {
    const previous = await this.site();
    const stamped = stampPolicies(previous.policies, settings.policies, this.ctx.now());
    await this.repo.set(SITE_KEY, { ...settings, policies: stamped }, this.ctx.now());
    await this.ctx.bus.publish('settings', SITE_KEY);
    return this.site();
  }

  /** Generic keyed settings for later modules (model channels, payment keys...). */
  async getRaw(key: string): Promise<unknown> {
    return this.repo.get(key);
  }

  async setRaw(key: string, value: unknown): Promise<void> {
    await this.repo.set(key, value, this.ctx.now());
    await this.ctx.bus.publish('settings', key);
  }
}

/**
 * A policy's date moves only when its title or text changes: the stored date is
 * kept otherwise, whatever the client sent, so saving an unrelated setting does
 * not make every policy look freshly revised.
 */
export function stampPolicies(before: SiteSettings['policies'], after: SiteSettings['policies'], now: Date): SiteSettings['policies'] {
  const out = { ...after };
  for (const type of Object.keys(after) as (keyof SiteSettings['policies'])[]) {
    const old = before[type];
    const next = after[type];
    const changed = JSON.stringify([old.title, old.content]) !== JSON.stringify([next.title, next.content]);
    out[type] = { ...next, updated_at: changed ? now.toISOString() : old.updated_at };
  }
  return out;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function deepMerge<T>(base: T, override: unknown): T {
  if (!isPlainObject(base) || !isPlainObject(override)) return (override === undefined ? base : override) as T;
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(override)) {
    out[key] = key in out ? deepMerge(out[key], value) : value;
  }
  return out as T;
}
