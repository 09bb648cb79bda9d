import {
  aiSettingsSchema,
  ENV_MODEL_PREFIX,
  formatMessage,
  OFFLINE_MODEL_KEY,
  type AdminChannel,
  type AdminModel,
  type AiSettings,
  type Billing,
  type Locale,
  type PublicModel,
} from '@xueba/contract';
import type { z } from 'zod';
import type { channelInputSchema, modelInputSchema } from '@xueba/contract';
import type { AppContext } from '../../platform/context.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { PG, pgErrorCode } from '../../platform/db/transaction.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { ChatModelClient } from '../../providers/ai/chat-model.js';
import { OpenAiChatClient } from '../../providers/ai/openai-client.js';
import { OpenAiEmbeddingClient, type EmbeddingClient } from '../../providers/ai/embeddings.js';
import { ModelsRepository, type ChannelRow, type ModelRow } from './models.repository.js';
import type { LocalizedJson } from './models.tables.js';

const AI_SETTINGS_KEY = 'ai';
/** One embedding request (64 passages) on the env channel. */
const EMBED_TIMEOUT_MS = 60_000;
const ENV_DEFAULTS = { firstTokenTimeoutMs: 30_000, totalTimeoutMs: 300_000, contextTokens: 8192, billing: { mode: 'per_answer', price: 1 } as Billing };

/** A model ready to answer: where it lives, what it costs, how much context it takes. */
export interface ResolvedModel {
  key: string;
  name: string;
  kind: 'db' | 'env' | 'offline';
  upstreamModel: string;
  billing: Billing;
  contextTokens: number;
  maxOutputTokens: number;
  /** null: the offline retrieval channel (built per request, it needs the locale). */
  client: ChatModelClient | null;
}

interface CatalogModel extends ResolvedModel {
  names: LocalizedJson;
  visible: boolean;
  enabled: boolean;
  sort: number;
  row: ModelRow | null;
}

interface Catalog {
  channels: ChannelRow[];
  models: CatalogModel[];
}

export function localized(names: Partial<LocalizedJson>, locale: Locale): string {
  return names[locale] || names.en || names.zh || '';
}

/**
 * Model channels and the model catalogue. Stored channels come first, then
 * the read-only env channel, then the always-available offline channel. The
 * catalogue is cached per process and dropped through the bus on any change,
 * so every process sees an admin's edit at once.
 */
export class ModelsService {
  private readonly repo = new ModelsRepository();
  private catalogCache: Promise<Catalog> | undefined;
  private settingsCache: Promise<AiSettings> | undefined;
  private readonly clients = new Map<string, ChatModelClient>();
  private readonly embedders = new Map<string, EmbeddingClient>();

  constructor(
    private readonly ctx: AppContext,
    private readonly settings: SettingsService,
  ) {
    ctx.bus.subscribe((topic, id) => {
      if (topic !== 'settings') return;
      if (id === AI_SETTINGS_KEY || id === '*') this.settingsCache = undefined;
      if (id === 'ai_models' || id === '*') this.catalogCache = undefined;
    });
  }

  aiSettings(): Promise<AiSettings> {
    const loading = (this.settingsCache ??= this.settings.getRaw(AI_SETTINGS_KEY).then(
      (raw) => {
        const parsed = aiSettingsSchema.safeParse(raw ?? {});
        return parsed.success ? parsed.data : aiSettingsSchema.parse({});
      },
      (error: unknown) => {
        // A failed read (database briefly down) is not remembered: the next call reads again.
        if (this.settingsCache === loading) this.settingsCache = undefined;
        throw error;
      },
    ));
    return loading;
  }

  async saveAiSettings(input: AiSettings): Promise<AiSettings> {
    // 'offline' is a valid default (resolve() honours it): an operator may prefer cited extracts to a model.
    if (input.embedding_model && input.embedding_channel_id !== null && !(await this.catalog()).channels.some((c) => c.id === input.embedding_channel_id)) {
      throw badRequest('validation_failed', { field: 'embedding_channel_id' });
    }
    if (input.default_model && input.default_model !== OFFLINE_MODEL_KEY) {
      const catalog = await this.catalog();
      if (!catalog.models.some((m) => m.key === input.default_model)) throw badRequest('model_unavailable');
    }
    await this.settings.setRaw(AI_SETTINGS_KEY, input);
    this.settingsCache = undefined;
    return this.aiSettings();
  }

  private catalog(): Promise<Catalog> {
    this.catalogCache ??= this.load().catch((error: unknown) => {
      this.catalogCache = undefined;
      throw error;
    });
    return this.catalogCache;
  }

  private async load(): Promise<Catalog> {
    const [channels, rows] = await Promise.all([this.repo.channels(this.ctx.db), this.repo.models(this.ctx.db)]);
    const byId = new Map(channels.map((c) => [c.id, c]));
    const models: CatalogModel[] = [];
    for (const row of rows) {
      const channel = byId.get(row.channel_id);
      if (!channel) continue;
      models.push({
        key: row.key,
        name: '',
        names: row.names,
        kind: 'db',
        upstreamModel: row.upstream_model,
        billing: { mode: row.billing_mode, price: row.price },
        contextTokens: row.context_tokens,
        maxOutputTokens: row.max_output_tokens,
        visible: row.visible,
        enabled: channel.enabled,
        sort: row.sort,
        row,
        client: this.clientFor(`db:${channel.id}:${channel.updated_at.getTime()}`, () => ({
          baseUrl: channel.base_url,
          apiKey: channel.api_key_sealed ? this.ctx.secrets.open(channel.api_key_sealed) : null,
          firstTokenTimeoutMs: channel.first_token_timeout_ms,
          totalTimeoutMs: channel.total_timeout_ms,
        })),
      });
    }
    const env = this.ctx.env;
    if (env.AI_BASE_URL) {
      const names = (env.AI_MODELS ?? '').split(',').map((n) => n.trim()).filter(Boolean);
      const client = this.clientFor('env', () => ({
        baseUrl: env.AI_BASE_URL ?? '',
        apiKey: env.AI_API_KEY ?? null,
        firstTokenTimeoutMs: ENV_DEFAULTS.firstTokenTimeoutMs,
        totalTimeoutMs: ENV_DEFAULTS.totalTimeoutMs,
      }));
      names.forEach((name, i) => {
        models.push({
          key: `${ENV_MODEL_PREFIX}${name}`,
          name,
          names: { zh: name, en: name, ja: name, ko: name },
          kind: 'env',
          upstreamModel: name,
          billing: ENV_DEFAULTS.billing,
          contextTokens: ENV_DEFAULTS.contextTokens,
          maxOutputTokens: 0,
          visible: true,
          enabled: true,
          sort: 100_000 + i,
          row: null,
          client,
        });
      });
    }
    return { channels, models };
  }

  private clientFor(cacheKey: string, config: () => ConstructorParameters<typeof OpenAiChatClient>[0]): ChatModelClient {
    let client = this.clients.get(cacheKey);
    if (!client) {
      client = new OpenAiChatClient(config());
      this.clients.set(cacheKey, client);
    }
    return client;
  }

  private offline(locale: Locale): ResolvedModel {
    return {
      key: OFFLINE_MODEL_KEY,
      name: formatMessage('offline_model_name', locale),
      kind: 'offline',
      upstreamModel: OFFLINE_MODEL_KEY,
      billing: { mode: 'per_answer', price: 0 },
      contextTokens: 8192,
      maxOutputTokens: 0,
      client: null,
    };
  }

  /** What users may pick: visible models of enabled channels, then the offline channel. */
  async publicList(locale: Locale): Promise<{ lists: PublicModel[]; default: string }> {
    const [catalog, fallback] = await Promise.all([this.catalog(), this.resolve(undefined, locale)]);
    const lists: PublicModel[] = catalog.models
      .filter((m) => m.visible && m.enabled)
      .map((m) => ({ key: m.key, name: localized(m.names, locale), channel: m.kind, billing: m.billing, is_default: m.key === fallback.key }));
    const offline = this.offline(locale);
    lists.push({ key: offline.key, name: offline.name, channel: 'offline', billing: offline.billing, is_default: fallback.key === OFFLINE_MODEL_KEY });
    return { lists, default: fallback.key };
  }

  /**
   * The model to answer with. An unknown, hidden or disabled key is refused
   * (the user picked something that no longer exists); no key means the
   * configured default, else the first usable model, else offline.
   */
  async resolve(key: string | undefined | null, locale: Locale, options: { includeHidden?: boolean } = {}): Promise<ResolvedModel> {
    if (key === OFFLINE_MODEL_KEY) return this.offline(locale);
    const catalog = await this.catalog();
    const usable = (m: CatalogModel) => options.includeHidden || (m.visible && m.enabled);
    if (key) {
      const found = catalog.models.find((m) => m.key === key);
      if (!found || !usable(found)) throw badRequest('model_unavailable');
      return { ...found, name: localized(found.names, locale) };
    }
    const settings = await this.aiSettings();
    const preferred = settings.default_model ? catalog.models.find((m) => m.key === settings.default_model && usable(m)) : undefined;
    if (settings.default_model === OFFLINE_MODEL_KEY) return this.offline(locale);
    const chosen = preferred ?? catalog.models.find(usable);
    return chosen ? { ...chosen, name: localized(chosen.names, locale) } : this.offline(locale);
  }

  /**
   * The embedding model for hybrid document retrieval, or null (keyword
   * only): the admin setting (a model on an enabled stored channel, or on the
   * env channel when no channel is chosen) wins, else AI_EMBEDDING_MODEL on
   * the env channel.
   */
  async embedding(): Promise<{ model: string; client: EmbeddingClient } | null> {
    const settings = await this.aiSettings();
    if (settings.embedding_model && settings.embedding_channel_id !== null) {
      const channel = (await this.catalog()).channels.find((c) => c.id === settings.embedding_channel_id);
      if (!channel?.enabled) return null;
      const key = `db:${channel.id}:${channel.updated_at.getTime()}`;
      let client = this.embedders.get(key);
      if (!client) {
        client = new OpenAiEmbeddingClient({
          baseUrl: channel.base_url,
          apiKey: channel.api_key_sealed ? this.ctx.secrets.open(channel.api_key_sealed) : null,
          timeoutMs: channel.total_timeout_ms,
        });
        this.embedders.set(key, client);
      }
      return { model: settings.embedding_model, client };
    }
    const env = this.ctx.env;
    // No stored channel chosen: the env channel, with the admin's model name if given.
    const model = settings.embedding_model || env.AI_EMBEDDING_MODEL;
    if (!env.AI_BASE_URL || !model) return null;
    let client = this.embedders.get('env');
    if (!client) {
      client = new OpenAiEmbeddingClient({ baseUrl: env.AI_BASE_URL, apiKey: env.AI_API_KEY ?? null, timeoutMs: EMBED_TIMEOUT_MS });
      this.embedders.set('env', client);
    }
    return { model, client };
  }

  /** A stored channel's client and a model name, for the admin test button. */
  async channelProbe(channelId: number, upstreamModel: string | undefined): Promise<ResolvedModel> {
    const catalog = await this.catalog();
    const channel = catalog.channels.find((c) => c.id === channelId);
    if (!channel) throw notFound();
    const first = catalog.models.find((m) => m.row?.channel_id === channelId);
    const model = upstreamModel ?? first?.upstreamModel;
    if (!model) throw badRequest('model_unavailable');
    return {
      key: first && !upstreamModel ? first.key : `probe:${channelId}`,
      name: model,
      kind: 'db',
      upstreamModel: model,
      billing: { mode: 'per_answer', price: 0 },
      contextTokens: first?.contextTokens ?? 8192,
      maxOutputTokens: 0,
      client: this.clientFor(`db:${channel.id}:${channel.updated_at.getTime()}`, () => ({
        baseUrl: channel.base_url,
        apiKey: channel.api_key_sealed ? this.ctx.secrets.open(channel.api_key_sealed) : null,
        firstTokenTimeoutMs: channel.first_token_timeout_ms,
        totalTimeoutMs: channel.total_timeout_ms,
      })),
    };
  }

  async adminList(locale: Locale): Promise<{ channels: AdminChannel[]; settings: AiSettings }> {
    const [catalog, settings] = await Promise.all([this.catalog(), this.aiSettings()]);
    const fallback = await this.resolve(undefined, locale);
    const present = (m: CatalogModel): AdminModel => ({
      id: m.row?.id ?? null,
      channel_id: m.row?.channel_id ?? null,
      key: m.key,
      upstream_model: m.upstreamModel,
      names: { zh: m.names.zh ?? '', en: m.names.en ?? '', ja: m.names.ja ?? '', ko: m.names.ko ?? '' },
      visible: m.visible,
      billing: m.billing,
      context_tokens: m.contextTokens,
      max_output_tokens: m.maxOutputTokens,
      sort: m.sort,
      is_default: m.key === fallback.key,
    });
    const channels: AdminChannel[] = catalog.channels.map((c) => ({
      ...presentChannel(c),
      models: catalog.models.filter((m) => m.row?.channel_id === c.id).map(present),
    }));
    const env = this.ctx.env;
    if (env.AI_BASE_URL) {
      channels.push({
        id: null,
        kind: 'env',
        name: 'AI_BASE_URL',
        base_url: env.AI_BASE_URL,
        has_key: Boolean(env.AI_API_KEY),
        first_token_timeout_ms: ENV_DEFAULTS.firstTokenTimeoutMs,
        total_timeout_ms: ENV_DEFAULTS.totalTimeoutMs,
        enabled: true,
        read_only: true,
        models: catalog.models.filter((m) => m.kind === 'env').map(present),
      });
    }
    const offline = this.offline(locale);
    channels.push({
      id: null,
      kind: 'offline',
      name: offline.name,
      base_url: '',
      has_key: false,
      first_token_timeout_ms: 0,
      total_timeout_ms: 0,
      enabled: true,
      read_only: true,
      models: [
        {
          id: null,
          channel_id: null,
          key: OFFLINE_MODEL_KEY,
          upstream_model: OFFLINE_MODEL_KEY,
          names: { zh: formatMessage('offline_model_name', 'zh'), en: formatMessage('offline_model_name', 'en'), ja: formatMessage('offline_model_name', 'ja'), ko: formatMessage('offline_model_name', 'ko') },
          visible: true,
          billing: offline.billing,
          context_tokens: offline.contextTokens,
          max_output_tokens: 0,
          sort: Number.MAX_SAFE_INTEGER,
          is_default: fallback.key === OFFLINE_MODEL_KEY,
        },
      ],
    });
    return { channels, settings };
  }

  async saveChannel(input: z.output<typeof channelInputSchema>): Promise<AdminChannel> {
    const now = this.ctx.now();
    const values = {
      name: input.name,
      base_url: input.base_url.replace(/\/+$/, ''),
      first_token_timeout_ms: input.first_token_timeout_ms,
      total_timeout_ms: Math.max(input.total_timeout_ms, input.first_token_timeout_ms),
      enabled: input.enabled,
      // Absent or '' keeps the stored key; null removes it.
      ...(input.api_key === null ? { api_key_sealed: null } : input.api_key ? { api_key_sealed: this.ctx.secrets.seal(input.api_key) } : {}),
    };
    const row = input.id ? await this.repo.updateChannel(this.ctx.db, input.id, values, now) : await this.repo.insertChannel(this.ctx.db, values, now);
    if (!row) throw notFound();
    await this.changed();
    return { ...presentChannel(row), models: (await this.adminList('zh')).channels.find((c) => c.id === row.id)?.models ?? [] };
  }

  async setChannelEnabled(id: number, enabled: boolean): Promise<void> {
    const row = await this.repo.updateChannel(this.ctx.db, id, { enabled }, this.ctx.now());
    if (!row) throw notFound();
    await this.changed();
  }

  async deleteChannel(id: number): Promise<void> {
    await this.repo.deleteChannel(this.ctx.db, id);
    await this.changed();
  }

  async saveModel(input: z.output<typeof modelInputSchema>): Promise<AdminModel> {
    const key = input.key ?? input.upstream_model;
    if (key === OFFLINE_MODEL_KEY || key.startsWith(ENV_MODEL_PREFIX) || !/^[A-Za-z0-9._:/-]{1,64}$/.test(key)) throw badRequest('validation_failed', { field: 'key' });
    if (!(await this.repo.channel(this.ctx.db, input.channel_id))) throw notFound();
    const values = {
      channel_id: input.channel_id,
      key,
      upstream_model: input.upstream_model,
      names: { zh: input.names.zh, en: input.names.en, ja: input.names.ja, ko: input.names.ko },
      visible: input.visible,
      billing_mode: input.billing.mode,
      price: input.billing.price,
      context_tokens: input.context_tokens,
      max_output_tokens: input.max_output_tokens,
      sort: input.sort,
    };
    let row: ModelRow | undefined;
    try {
      row = input.id ? await this.repo.updateModel(this.ctx.db, input.id, values, this.ctx.now()) : await this.repo.insertModel(this.ctx.db, values, this.ctx.now());
    } catch (error) {
      if (pgErrorCode(error) === PG.UNIQUE_VIOLATION) throw conflict('model_key_taken');
      throw error;
    }
    if (!row) throw notFound();
    await this.changed();
    const listed = (await this.adminList('zh')).channels.flatMap((c) => c.models).find((m) => m.id === row.id);
    if (!listed) throw notFound();
    return listed;
  }

  async deleteModel(id: number): Promise<void> {
    await this.repo.deleteModel(this.ctx.db, id);
    await this.changed();
  }

  private async changed(): Promise<void> {
    this.catalogCache = undefined;
    await this.ctx.bus.publish('settings', 'ai_models');
  }
}

function presentChannel(c: ChannelRow): Omit<AdminChannel, 'models'> {
  return {
    id: c.id,
    kind: 'db',
    name: c.name,
    base_url: c.base_url,
    has_key: c.api_key_sealed !== null,
    first_token_timeout_ms: c.first_token_timeout_ms,
    total_timeout_ms: c.total_timeout_ms,
    enabled: c.enabled,
    read_only: false,
  };
}
