import { z } from 'zod';
import type { AdminOauthSettings, saveOauthBodySchema } from '@xueba/contract';
import type { AppContext } from '../../platform/context.js';
import type { SettingsService } from '../settings/settings.service.js';

export const OAUTH_SETTINGS_KEY = 'oauth';

export interface GoogleSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  source: 'env' | 'settings';
}

export interface WechatSettings {
  appId: string;
  appSecret: string;
  source: 'env' | 'settings';
}

/** What is stored under the `oauth` settings key: secrets sealed with ctx.secrets, never in plain text. */
const storedSchema = z.object({
  google: z.object({ issuer: z.string(), client_id: z.string(), client_secret_sealed: z.string().nullable() }).optional(),
  wechat: z.object({ app_id: z.string(), app_secret_sealed: z.string().nullable() }).optional(),
});
type Stored = z.infer<typeof storedSchema>;

interface Resolved {
  stored: Stored;
  google: GoogleSettings | null;
  wechat: WechatSettings | null;
}

/**
 * Third-party sign-in settings: complete environment variables win (the
 * operator's configuration), otherwise what an administrator saved. Cached per
 * process and dropped on the `settings` bus topic, so every process sees a
 * change at once.
 */
export class OauthSettingsService {
  private loading: Promise<Resolved> | undefined;

  constructor(
    private readonly ctx: AppContext,
    private readonly settings: SettingsService,
  ) {
    ctx.bus.subscribe((topic, id) => {
      if (topic === 'settings' && (id === OAUTH_SETTINGS_KEY || id === '*')) this.loading = undefined;
    });
  }

  async google(): Promise<GoogleSettings | null> {
    return (await this.resolved()).google;
  }

  async wechat(): Promise<WechatSettings | null> {
    return (await this.resolved()).wechat;
  }

  async status(): Promise<{ google: boolean; wechat: boolean }> {
    const resolved = await this.resolved();
    return { google: resolved.google !== null, wechat: resolved.wechat !== null };
  }

  async adminView(callbacks: AdminOauthSettings['callbacks']): Promise<AdminOauthSettings> {
    const { stored, google, wechat } = await this.resolved();
    const googleFromEnv = google?.source === 'env';
    const wechatFromEnv = wechat?.source === 'env';
    return {
      google: {
        source: google?.source ?? (stored.google ? 'settings' : 'none'),
        enabled: google !== null,
        issuer: googleFromEnv ? google.issuer : (stored.google?.issuer ?? ''),
        client_id: googleFromEnv ? google.clientId : (stored.google?.client_id ?? ''),
        secret_set: googleFromEnv || Boolean(stored.google?.client_secret_sealed),
      },
      wechat: {
        source: wechat?.source ?? (stored.wechat ? 'settings' : 'none'),
        enabled: wechat !== null,
        app_id: wechatFromEnv ? wechat.appId : (stored.wechat?.app_id ?? ''),
        secret_set: wechatFromEnv || Boolean(stored.wechat?.app_secret_sealed),
      },
      callbacks,
    };
  }

  /** Omitted sections stay as they are; an omitted (or null) secret keeps the stored one, '' removes it. */
  async save(body: z.output<typeof saveOauthBodySchema>): Promise<void> {
    const { stored } = await this.load();
    const next: Stored = { ...stored };
    if (body.google) {
      next.google = {
        issuer: body.google.issuer.replace(/\/+$/, ''),
        client_id: body.google.client_id,
        client_secret_sealed: this.nextSecret(body.google.client_secret, stored.google?.client_secret_sealed ?? null),
      };
    }
    if (body.wechat) {
      next.wechat = {
        app_id: body.wechat.app_id,
        app_secret_sealed: this.nextSecret(body.wechat.app_secret, stored.wechat?.app_secret_sealed ?? null),
      };
    }
    await this.settings.setRaw(OAUTH_SETTINGS_KEY, next);
    this.loading = undefined;
  }

  private nextSecret(input: string | null | undefined, current: string | null): string | null {
    if (input === undefined || input === null) return current;
    return input === '' ? null : this.ctx.secrets.seal(input);
  }

  private resolved(): Promise<Resolved> {
    if (!this.loading) {
      const loading = this.load();
      this.loading = loading;
      // A failed read must not stick: the next call tries again.
      loading.catch(() => {
        if (this.loading === loading) this.loading = undefined;
      });
    }
    return this.loading;
  }

  private async load(): Promise<Resolved> {
    const parsed = storedSchema.safeParse((await this.settings.getRaw(OAUTH_SETTINGS_KEY)) ?? {});
    const stored: Stored = parsed.success ? parsed.data : {};
    const env = this.ctx.env;
    let google: GoogleSettings | null = null;
    if (env.GOOGLE_ISSUER && env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) {
      google = { issuer: env.GOOGLE_ISSUER.replace(/\/+$/, ''), clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET, source: 'env' };
    } else if (stored.google?.issuer && stored.google.client_id && stored.google.client_secret_sealed) {
      const secret = this.open(stored.google.client_secret_sealed);
      if (secret) google = { issuer: stored.google.issuer, clientId: stored.google.client_id, clientSecret: secret, source: 'settings' };
    }
    let wechat: WechatSettings | null = null;
    if (env.WECHAT_APP_ID && env.WECHAT_APP_SECRET) {
      wechat = { appId: env.WECHAT_APP_ID, appSecret: env.WECHAT_APP_SECRET, source: 'env' };
    } else if (stored.wechat?.app_id && stored.wechat.app_secret_sealed) {
      const secret = this.open(stored.wechat.app_secret_sealed);
      if (secret) wechat = { appId: stored.wechat.app_id, appSecret: secret, source: 'settings' };
    }
    return { stored, google, wechat };
  }

  /** A secret sealed under another APP_SECRET cannot be opened: the provider counts as not configured. */
  private open(sealed: string): string | null {
    try {
      return this.ctx.secrets.open(sealed);
    } catch {
      return null;
    }
  }
}
