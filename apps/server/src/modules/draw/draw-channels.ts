import { DRAW_FAMILIES, type DrawFamily, type DrawOffer } from '@xueba/contract';
import type { AppContext } from '../../platform/context.js';
import type { DrawCatalogue, DrawProvider, DrawProviderFactory } from '../../providers/draw/draw-provider.js';
import type { SettingsService } from '../settings/settings.service.js';
import { defaultOffers, YJ_DEFAULT_ENGINES } from './draw-offers.js';
import { DrawRepository, type DrawChannelRow } from './draw.repository.js';

/** Keyed setting: the env channels an administrator switched off. */
export const DRAW_ENV_OFF_KEY = 'draw_env_off';
/** Bus id (topic `settings`) of any change to the stored channels. */
export const DRAW_CHANNELS_TOPIC = 'draw_channels';
/** Env channels run with these (the admin cannot edit them; they may switch them off). */
export const ENV_CHANNEL_DEFAULTS = { concurrency: 2, timeoutSeconds: 300 };
/** How long a channel's checkpoint or engine list is reused (the pickers ask on every page load). */
const CATALOGUE_TTL_MS = 5 * 60_000;
/** A channel that could not be read is asked again sooner. */
const CATALOGUE_FAILED_TTL_MS = 30_000;
const CATALOGUE_TIMEOUT_MS = 8_000;

/** A channel as the drawing module uses it: stored (`db:<id>`) or from the environment (`env:<family>`). */
export interface DrawChannel {
  /** Also the job's slot key in the queue. */
  key: string;
  source: 'db' | 'env';
  id: number | null;
  family: DrawFamily;
  name: string;
  baseUrl: string;
  apiKey: string | null;
  secret: string | null;
  enabled: boolean;
  concurrency: number;
  timeoutSeconds: number;
  /** The admin's list; empty: the family's defaults. */
  offers: DrawOffer[];
  lastError: string | null;
  /** Changes whenever the channel's address or credentials may have (provider clients are rebuilt). */
  version: string;
}

export const channelKeyOf = (source: 'db' | 'env', idOrFamily: number | string) => `${source}:${idOrFamily}`;

interface CatalogueEntry {
  at: number;
  ttl: number;
  value: Promise<DrawCatalogue>;
}

/**
 * The drawing channels: stored ones (keys sealed by the SecretBox, as the
 * model channels' are) and those of the DRAW_* environment variables, which
 * are on unless an administrator switched them off (a keyed setting). The
 * list is cached per process and dropped through the bus on any change; the
 * queue reads each channel's slot limit synchronously from the last list.
 */
export class DrawChannels {
  readonly repo = new DrawRepository();
  private cache: Promise<DrawChannel[]> | undefined;
  private limits: ReadonlyMap<string, number> = new Map();
  private readonly providers = new Map<string, { version: string; provider: DrawProvider }>();
  private readonly catalogues = new Map<string, CatalogueEntry>();

  constructor(
    private readonly ctx: AppContext,
    private readonly settings: Pick<SettingsService, 'getRaw' | 'setRaw'>,
    private readonly factory: DrawProviderFactory,
  ) {
    ctx.bus.subscribe((topic, id) => {
      if (topic !== 'settings' || (id !== DRAW_CHANNELS_TOPIC && id !== DRAW_ENV_OFF_KEY && id !== '*')) return;
      this.cache = undefined;
      // Reload at once, so the queue's limits follow without waiting for a reader.
      void this.list().catch(() => undefined);
    });
  }

  list(): Promise<DrawChannel[]> {
    const loading = (this.cache ??= this.load().then(
      (channels) => {
        if (this.cache === loading) this.limits = new Map(channels.filter((c) => c.enabled).map((c) => [c.key, c.concurrency]));
        return channels;
      },
      (error: unknown) => {
        if (this.cache === loading) this.cache = undefined;
        throw error;
      },
    ));
    return loading;
  }

  /** Slot limits of the enabled channels, as last loaded (the queue's claim reads this). */
  slotLimits(): ReadonlyMap<string, number> {
    return this.limits;
  }

  async byKey(key: string): Promise<DrawChannel | undefined> {
    return (await this.list()).find((c) => c.key === key);
  }

  /** Enabled channels of a family, in order (stored first, then env). */
  async enabledOf(family: DrawFamily): Promise<DrawChannel[]> {
    return (await this.list()).filter((c) => c.enabled && c.family === family);
  }

  /** The families with at least one enabled channel. */
  async enabledFamilies(): Promise<DrawFamily[]> {
    const channels = await this.list();
    return DRAW_FAMILIES.filter((f) => channels.some((c) => c.enabled && c.family === f));
  }

  async envOff(): Promise<DrawFamily[]> {
    const raw = await this.settings.getRaw(DRAW_ENV_OFF_KEY);
    const off = raw && typeof raw === 'object' && Array.isArray((raw as { off?: unknown }).off) ? (raw as { off: unknown[] }).off : [];
    return DRAW_FAMILIES.filter((f) => off.includes(f));
  }

  async setEnvEnabled(family: DrawFamily, enabled: boolean): Promise<void> {
    const off = new Set(await this.envOff());
    if (enabled) off.delete(family);
    else off.add(family);
    this.cache = undefined;
    await this.settings.setRaw(DRAW_ENV_OFF_KEY, { off: [...off] });
  }

  /** Stored channels changed: every process reloads. */
  async changed(): Promise<void> {
    this.cache = undefined;
    await this.ctx.bus.publish('settings', DRAW_CHANNELS_TOPIC);
  }

  private async load(): Promise<DrawChannel[]> {
    const [rows, off] = await Promise.all([this.repo.channels(this.ctx.db), this.envOff()]);
    const channels = rows.map((row) => this.fromRow(row));
    const env = this.ctx.env;
    const envChannel = (family: DrawFamily, name: string, baseUrl: string | undefined, apiKey: string | undefined, secret: string | null, offers: DrawOffer[]) => {
      if (!baseUrl) return;
      channels.push({
        key: channelKeyOf('env', family),
        source: 'env',
        id: null,
        family,
        name,
        baseUrl: baseUrl.replace(/\/+$/, ''),
        apiKey: apiKey || null,
        secret,
        enabled: !off.includes(family),
        concurrency: ENV_CHANNEL_DEFAULTS.concurrency,
        timeoutSeconds: ENV_CHANNEL_DEFAULTS.timeoutSeconds,
        offers,
        lastError: null,
        version: 'env',
      });
    };
    envChannel('openai', 'DRAW_OPENAI_BASE_URL', env.DRAW_OPENAI_BASE_URL, env.DRAW_OPENAI_API_KEY, null, []);
    envChannel('sd', 'DRAW_SD_URL', env.DRAW_SD_URL, env.DRAW_SD_AUTH, null, []);
    envChannel('yj', 'DRAW_YJ_URL', env.DRAW_YJ_URL, env.DRAW_YJ_KEY, env.DRAW_YJ_SECRET || null, []);
    return channels;
  }

  private envOpenAiModels(): string[] {
    return this.ctx.env.DRAW_OPENAI_MODELS.split(',').map((m) => m.trim()).filter(Boolean);
  }

  private fromRow(row: DrawChannelRow): DrawChannel {
    return {
      key: channelKeyOf('db', row.id),
      source: 'db',
      id: row.id,
      family: row.family,
      name: row.name,
      baseUrl: row.base_url,
      apiKey: row.api_key_sealed ? this.ctx.secrets.open(row.api_key_sealed) : null,
      secret: row.secret_sealed ? this.ctx.secrets.open(row.secret_sealed) : null,
      enabled: row.enabled,
      concurrency: row.concurrency,
      timeoutSeconds: row.timeout_seconds,
      offers: row.offers,
      lastError: row.last_error,
      version: String(row.updated_at.getTime()),
    };
  }

  /** The channel's provider client, rebuilt when the channel changed. */
  provider(channel: DrawChannel): DrawProvider {
    const cached = this.providers.get(channel.key);
    if (cached && cached.version === channel.version) return cached.provider;
    const provider = this.factory({
      family: channel.family,
      baseUrl: channel.baseUrl,
      apiKey: channel.apiKey,
      secret: channel.secret,
      // One request may be the whole drawing (A1111 answers txt2img when done): the channel's deadline bounds it.
      requestTimeoutMs: channel.timeoutSeconds * 1000,
      models: defaultModels(channel, this.envOpenAiModels()),
    });
    this.providers.set(channel.key, { version: channel.version, provider });
    return provider;
  }

  /** What the channel's provider lists, reused for a few minutes; an unreachable channel lists nothing for a while. */
  catalogue(channel: DrawChannel): Promise<DrawCatalogue> {
    const cacheKey = `${channel.key}:${channel.version}`;
    const cached = this.catalogues.get(cacheKey);
    if (cached && Date.now() - cached.at < cached.ttl) return cached.value;
    const entry: CatalogueEntry = { at: Date.now(), ttl: CATALOGUE_TTL_MS, value: Promise.resolve({ models: [], samplers: [] }) };
    entry.value = this.provider(channel)
      .catalogue(AbortSignal.timeout(CATALOGUE_TIMEOUT_MS))
      .catch((error: unknown) => {
        entry.ttl = CATALOGUE_FAILED_TTL_MS;
        this.ctx.log.warn({ err: error, channel: channel.key }, 'drawing channel catalogue unreadable');
        return { models: [], samplers: [] };
      });
    this.catalogues.set(cacheKey, entry);
    return entry.value;
  }

  /**
   * The channel's offers: the admin's list, else the family's defaults over
   * what the provider lists (sd: the WebUI's checkpoints; openai and yj: the
   * models the channel is configured with, see `defaultModels`). sd always
   * asks the catalogue for its samplers.
   */
  async offers(channel: DrawChannel): Promise<{ offers: DrawOffer[]; samplers: string[] }> {
    const own = channel.offers.length > 0 ? channel.offers : null;
    const needsCatalogue = channel.family === 'sd' || !own;
    const catalogue = needsCatalogue ? await this.catalogue(channel) : { models: [], samplers: [] };
    return { offers: own ?? defaultOffers(channel.family, catalogue.models), samplers: catalogue.samplers };
  }
}

/**
 * The models a channel's provider is configured with (those whose API has no
 * list of its own answer them as their catalogue): the admin's offers, else
 * the env list (openai), dall-e-3 (a stored openai channel), or the YJ engines
 * (`YJ_DEFAULT_ENGINES`). sd lists its checkpoints itself.
 */
function defaultModels(channel: DrawChannel, envOpenAiModels: string[]): string[] {
  if (channel.offers.length > 0) return [...new Set(channel.offers.map((o) => o.model))];
  if (channel.family === 'openai') return channel.source === 'env' ? envOpenAiModels : ['dall-e-3'];
  if (channel.family === 'yj') return [...YJ_DEFAULT_ENGINES];
  return [];
}
