import { z } from 'zod';
import { CODE_SCENES, SMS_PROVIDERS, SMS_TEMPLATE_PARAM_NAMES, type AdminSmsSettings, type saveSmsBodySchema, type SmsConfigView, type SmsTestResult } from '@xueba/contract';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { hitRateLimit } from '../../platform/rate-limit.js';
import { randomInt } from 'node:crypto';
import { MessageLog } from '../../providers/redact.js';
import { smsConfigFromEnv, smsProviderFrom, type SmsConfig } from '../../providers/sms/select.js';
import { LogSmsProvider, type SmsMessage, type SmsProvider, type SmsReceipt } from '../../providers/sms/sms.js';
import { OutboxService } from '../outbox/outbox.service.js';
import type { SettingsService } from '../settings/settings.service.js';

export const SMS_SETTINGS_KEY = 'sms';
/** Test messages an administrator may send an hour (each one costs money at a real provider). */
const TESTS_PER_HOUR = 20;

/** What is stored under the `sms` settings key: the secret sealed with ctx.secrets, never in plain text. */
const storedSchema = z.object({
  enabled: z.boolean(),
  provider: z.enum(SMS_PROVIDERS),
  access_key_id: z.string(),
  access_key_secret_sealed: z.string().nullable(),
  sign_name: z.string(),
  region: z.string(),
  sdk_app_id: z.string(),
  template_default: z.string(),
  templates: z.object(Object.fromEntries(CODE_SCENES.map((scene) => [scene, z.string()])) as Record<(typeof CODE_SCENES)[number], z.ZodString>),
  template_params: z.array(z.enum(SMS_TEMPLATE_PARAM_NAMES)),
});
type Stored = z.infer<typeof storedSchema>;

interface Resolved {
  stored: Stored | null;
  /** The provider that sends now and where its configuration came from. */
  provider: SmsProvider;
  source: 'settings' | 'env';
}

/** The environment's provider behind a settings-following one (an app built twice on one context wraps it once). */
const ENV_PROVIDER = new WeakMap<SmsProvider, SmsProvider>();

/** A real provider without its keys, sign name, a template for every scene or (Tencent) its SdkAppId cannot send. */
function incomplete(config: SmsConfig): boolean {
  if (config.provider === 'log') return false;
  const templates = CODE_SCENES.every((scene) => config.templates[scene] || config.templates.default);
  return !config.accessKeyId || !config.accessKeySecret || !config.signName || !templates || (config.provider === 'tencent' && !config.sdkAppId);
}

function view(config: SmsConfig, secretSet: boolean): SmsConfigView {
  return {
    provider: config.provider,
    access_key_id: config.accessKeyId,
    secret_set: secretSet,
    sign_name: config.signName,
    region: config.region,
    sdk_app_id: config.sdkAppId,
    template_default: config.templates.default ?? '',
    templates: Object.fromEntries(CODE_SCENES.map((scene) => [scene, config.templates[scene] ?? ''])) as SmsConfigView['templates'],
    template_params: config.paramNames.filter((name): name is (typeof SMS_TEMPLATE_PARAM_NAMES)[number] => (SMS_TEMPLATE_PARAM_NAMES as readonly string[]).includes(name)),
  };
}

/**
 * The SMS provider settings an administrator edits (decision 0023, admin
 * part): saved settings, while enabled and complete, win over the SMS_*
 * environment, which stays the fallback. Cached per process and dropped on
 * the `settings` bus topic, so every process sends through the new provider
 * without a restart. `provider` is what the app holds as ctx.sms.
 */
export class SmsSettingsService {
  readonly provider: SmsProvider;
  private loading: Promise<Resolved> | undefined;
  /** The last resolved provider, for the synchronous `name`/`delivers`. */
  private last: SmsProvider;
  private readonly messageLog: MessageLog;
  /** The environment's provider (built at start). */
  private readonly fallback: SmsProvider;

  constructor(
    private readonly ctx: AppContext,
    private readonly settings: Pick<SettingsService, 'getRaw' | 'setRaw'>,
    /** The environment's provider (built at start): the fallback. */
    fallback: SmsProvider,
  ) {
    this.fallback = ENV_PROVIDER.get(fallback) ?? fallback;
    this.last = this.fallback;
    // A `log` provider chosen in the admin writes where the environment's would: the same server log.
    this.messageLog = this.fallback instanceof LogSmsProvider ? this.fallback.log : new MessageLog((line) => ctx.log.info({}, line), ctx.env.NODE_ENV !== 'production');
    const last = () => this.last;
    this.provider = {
      get name() {
        return last().name;
      },
      get delivers() {
        return last().delivers;
      },
      send: async (message: SmsMessage): Promise<SmsReceipt | void> => (await this.current()).send(message),
      current: () => this.current(),
    };
    ENV_PROVIDER.set(this.provider, this.fallback);
    ctx.bus.subscribe((topic, id) => {
      if (topic === 'settings' && (id === SMS_SETTINGS_KEY || id === '*')) {
        this.loading = undefined;
        // Loaded again at once, so `delivers` (the admin outbox page) follows the change too.
        this.current().catch(() => undefined);
      }
    });
  }

  async current(): Promise<SmsProvider> {
    return (await this.resolved()).provider;
  }

  async adminView(): Promise<AdminSmsSettings> {
    const { stored, source, provider } = await this.resolved();
    const env = smsConfigFromEnv(this.ctx.env);
    return {
      source,
      settings: stored ? { ...view(this.configOf(stored, ''), Boolean(stored.access_key_secret_sealed)), enabled: stored.enabled } : null,
      env: view(env, Boolean(env.accessKeySecret)),
      delivers: provider.delivers,
    };
  }

  /** An omitted (or null) secret keeps the stored one, '' removes it. Enabled settings of a real provider must be complete. */
  async save(body: z.output<typeof saveSmsBodySchema>): Promise<AdminSmsSettings> {
    const { stored } = await this.load();
    const keep = body.access_key_secret === undefined || body.access_key_secret === null;
    const sealed = keep ? (stored?.access_key_secret_sealed ?? null) : body.access_key_secret === '' ? null : this.ctx.secrets.seal(body.access_key_secret!);
    const next: Stored = {
      enabled: body.enabled,
      provider: body.provider,
      access_key_id: body.access_key_id,
      access_key_secret_sealed: sealed,
      sign_name: body.sign_name,
      region: body.region,
      sdk_app_id: body.sdk_app_id,
      template_default: body.template_default,
      templates: body.templates,
      template_params: body.template_params,
    };
    if (next.enabled && next.provider !== 'log') {
      const secret = sealed ? this.open(sealed) : '';
      if (sealed && secret === null) throw new AppError('sms_secret_unreadable', 400);
      if (incomplete(this.configOf(next, secret ?? ''))) throw new AppError('sms_settings_incomplete', 400);
    }
    await this.settings.setRaw(SMS_SETTINGS_KEY, next);
    this.loading = undefined;
    return this.adminView();
  }

  /**
   * A test message to `mobile` through the provider that sends now, by the
   * login template, recorded in the outbox like any SMS (the code masked);
   * answers what the provider said.
   */
  async test(adminId: number, mobile: string): Promise<SmsTestResult> {
    await hitRateLimit(this.ctx.db, this.ctx.now(), `sms_test:${adminId}`, TESTS_PER_HOUR, 3600);
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const delivery = await new OutboxService(this.ctx).sendSms({
      to: mobile,
      text: `Xueba SMS test: code ${code}`,
      params: { code, minutes: '5' },
      scene: 'login',
      secret: code,
    });
    const answer = delivery.answer ?? { provider: 'log', code: delivery.status, message: '' };
    const provider = (SMS_PROVIDERS as readonly string[]).includes(answer.provider) ? (answer.provider as SmsTestResult['provider']) : 'log';
    return { ok: delivery.status !== 'failed', provider, code: answer.code, message: answer.message, failure: delivery.failure ?? null };
  }

  private configOf(stored: Stored, secret: string): SmsConfig {
    return {
      provider: stored.provider,
      accessKeyId: stored.access_key_id,
      accessKeySecret: secret,
      signName: stored.sign_name,
      region: stored.region,
      sdkAppId: stored.sdk_app_id,
      templates: { default: stored.template_default || undefined, ...Object.fromEntries(CODE_SCENES.map((scene) => [scene, stored.templates[scene] || undefined])) },
      paramNames: stored.template_params,
      // Where the SDKs connect is the deployment's (tests point it at a local server), not a setting.
      endpoint: this.ctx.env.SMS_ENDPOINT ? new URL(this.ctx.env.SMS_ENDPOINT) : undefined,
    };
  }

  private resolved(): Promise<Resolved> {
    if (!this.loading) {
      const loading = this.load().then((resolved) => {
        if (this.loading === loading) this.last = resolved.provider;
        return resolved;
      });
      this.loading = loading;
      // A failed read must not stick: the next call tries again.
      loading.catch(() => {
        if (this.loading === loading) this.loading = undefined;
      });
    }
    return this.loading;
  }

  private async load(): Promise<Resolved> {
    const parsed = storedSchema.safeParse(await this.settings.getRaw(SMS_SETTINGS_KEY));
    const stored = parsed.success ? parsed.data : null;
    if (stored?.enabled) {
      const secret = stored.access_key_secret_sealed ? this.open(stored.access_key_secret_sealed) : '';
      const config = this.configOf(stored, secret ?? '');
      // Settings that cannot send (a secret sealed under another APP_SECRET) leave the environment's provider in charge.
      if (secret !== null && !incomplete(config)) return { stored, provider: smsProviderFrom(config, this.messageLog), source: 'settings' };
      this.ctx.log.warn({ provider: stored.provider }, 'saved SMS settings are incomplete or unreadable: the environment\'s SMS provider sends');
    }
    return { stored, provider: this.fallback, source: 'env' };
  }

  private open(sealed: string): string | null {
    try {
      return this.ctx.secrets.open(sealed);
    } catch {
      return null;
    }
  }
}
