import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { idSchema, safeString } from './common.js';

/**
 * AI model channels. A channel is one OpenAI-compatible endpoint
 * (base URL + API key + timeouts); each channel offers models with display
 * names per locale and a billing rule. Two channels are built in and
 * read-only: `env` (AI_BASE_URL / AI_API_KEY / AI_MODELS) and `offline`
 * (answers from retrieval, never pretends to be a model, costs nothing).
 */

/** Text per interface locale. zh is required; an empty other locale falls back to en, then zh. */
export const localizedTextSchema = (max: number) =>
  z.object({
    zh: safeString().trim().min(1, 'validation_failed').max(max, 'validation_failed'),
    en: safeString().trim().max(max, 'validation_failed').default(''),
    ja: safeString().trim().max(max, 'validation_failed').default(''),
    ko: safeString().trim().max(max, 'validation_failed').default(''),
  });
export type LocalizedText = z.infer<ReturnType<typeof localizedTextSchema>>;

/** per_answer: `price` conversation_count per answer; per_1k_words: `price` word_count per 1,000 answer words (CJK characters count one each). */
export const BILLING_MODES = ['per_answer', 'per_1k_words'] as const;
export const billingModeSchema = z.enum(BILLING_MODES);
export type BillingMode = z.infer<typeof billingModeSchema>;
export const billingSchema = z.object({ mode: billingModeSchema, price: z.number().int().min(0).max(1_000_000) });
export type Billing = z.infer<typeof billingSchema>;

/** Public model key: what `/chat/send {model}` takes and the web stores as `chat_model`. `offline` and `env:*` are reserved. */
export const modelKeySchema = safeString().trim().min(1, 'validation_failed').max(64, 'validation_failed').regex(/^[A-Za-z0-9._:/-]+$/, 'validation_failed');
export const OFFLINE_MODEL_KEY = 'offline';
export const ENV_MODEL_PREFIX = 'env:';

/** A model as the chat picker shows it (`GET /chat/models`), in the request locale. */
export const publicModelSchema = z.object({
  key: safeString(),
  name: safeString(),
  /** 'offline' for the built-in retrieval channel. */
  channel: z.enum(['db', 'env', 'offline']),
  billing: billingSchema,
  is_default: z.boolean(),
});
export type PublicModel = z.infer<typeof publicModelSchema>;

export const adminModelSchema = z.object({
  id: z.number().int().nullable(),
  channel_id: z.number().int().nullable(),
  key: safeString(),
  /** Model name sent upstream (`model` of the chat completion request). */
  upstream_model: safeString(),
  names: z.object({ zh: safeString(), en: safeString(), ja: safeString(), ko: safeString() }),
  visible: z.boolean(),
  billing: billingSchema,
  /** The model's context window; earlier turns are dropped (oldest first) to fit. */
  context_tokens: z.number().int(),
  /** 0: not sent upstream. Also reserved out of the context window. */
  max_output_tokens: z.number().int(),
  sort: z.number().int(),
  is_default: z.boolean(),
});
export type AdminModel = z.infer<typeof adminModelSchema>;

export const adminChannelSchema = z.object({
  /** null for the built-in env and offline channels (read-only). */
  id: z.number().int().nullable(),
  kind: z.enum(['db', 'env', 'offline']),
  name: safeString(),
  base_url: safeString(),
  /** Whether an API key is stored; the key itself is never returned. */
  has_key: z.boolean(),
  first_token_timeout_ms: z.number().int(),
  total_timeout_ms: z.number().int(),
  enabled: z.boolean(),
  read_only: z.boolean(),
  models: z.array(adminModelSchema),
});
export type AdminChannel = z.infer<typeof adminChannelSchema>;

/** Chat limits and the default model, editable in Admin → Models. */
export const aiSettingsSchema = z.object({
  /** Model key used when the user picks none; '' = first visible model, else the offline channel. */
  default_model: safeString().max(64).default(''),
  /** System prompt sent first in every chat (kept when the context is trimmed). */
  system_prompt: safeString().max(4000).default(''),
  /** Questions (and template runs) per signed-in user per minute. */
  rate_per_minute: z.number().int().min(1).max(100_000).default(20),
  /** Answers one user may have streaming at once (tabs). */
  max_streams: z.number().int().min(1).max(10_000).default(3),
  /** Longest question in characters. */
  max_question_chars: z.number().int().min(100).max(100_000).default(8000),
  /** Embedding model for hybrid document retrieval; '' = AI_EMBEDDING_MODEL on the env channel if set, else keyword-only. */
  embedding_model: safeString().trim().max(128).default(''),
  /** Stored channel serving `embedding_model`; null = the env channel (AI_BASE_URL). */
  embedding_channel_id: z.number().int().positive().nullable().default(null),
});
export type AiSettings = z.infer<typeof aiSettingsSchema>;

const timeoutMs = (fallback: number) => z.number().int().min(1000, 'validation_failed').max(3_600_000, 'validation_failed').default(fallback);

export const channelInputSchema = z.object({
  /** Absent: create a channel. */
  id: idSchema.optional(),
  name: safeString().trim().min(1, 'validation_failed').max(100, 'validation_failed'),
  base_url: safeString()
    .trim()
    .max(500, 'validation_failed')
    .pipe(z.url({ protocol: /^https?$/, error: 'validation_failed' })),
  /** Absent or '' on update: keep the stored key. `null`: remove the key. */
  api_key: safeString().trim().max(500, 'validation_failed').nullable().optional(),
  first_token_timeout_ms: timeoutMs(30_000),
  total_timeout_ms: timeoutMs(300_000),
  enabled: z.boolean().default(true),
});

export const modelInputSchema = z.object({
  id: idSchema.optional(),
  channel_id: idSchema,
  /** Defaults to upstream_model. */
  key: modelKeySchema.optional(),
  upstream_model: safeString().trim().min(1, 'validation_failed').max(200, 'validation_failed'),
  names: localizedTextSchema(100),
  visible: z.boolean().default(true),
  billing: billingSchema,
  context_tokens: z.number().int().min(512, 'validation_failed').max(10_000_000, 'validation_failed').default(8192),
  max_output_tokens: z.number().int().min(0, 'validation_failed').max(1_000_000, 'validation_failed').default(0),
  sort: z.number().int().min(0).max(10_000).default(0),
});

export const modelsEndpoints = {
  chatModels: endpoint({
    method: 'GET',
    path: '/chat/models',
    auth: 'none',
    summary: 'Models the chat picker offers (request locale); the offline channel is always last',
    tags: ['chat'],
    response: z.object({ lists: z.array(publicModelSchema), default: safeString() }),
  }),
  adminAiChannels: endpoint({
    method: 'GET',
    path: '/admin/ai/channels',
    auth: 'admin',
    summary: 'Every channel with its models (stored ones, then env and offline, read-only) and the AI settings',
    tags: ['admin', 'ai'],
    response: z.object({ channels: z.array(adminChannelSchema), settings: aiSettingsSchema }),
  }),
  adminAiChannelSave: endpoint({
    method: 'POST',
    path: '/admin/ai/channel/save',
    auth: 'admin',
    summary: 'Create or update a channel; the API key is sealed and never returned',
    tags: ['admin', 'ai'],
    body: channelInputSchema,
    response: adminChannelSchema,
  }),
  adminAiChannelSetEnabled: endpoint({
    method: 'POST',
    path: '/admin/ai/channel/setEnabled',
    auth: 'admin',
    summary: 'Enable or disable a channel (its models disappear from the picker)',
    tags: ['admin', 'ai'],
    body: z.object({ id: idSchema, enabled: z.boolean() }),
    response: z.null(),
    idempotent: true,
  }),
  adminAiChannelDelete: endpoint({
    method: 'POST',
    path: '/admin/ai/channel/delete',
    auth: 'admin',
    summary: 'Delete a channel and its models (past messages keep their text)',
    tags: ['admin', 'ai'],
    body: z.object({ id: idSchema }),
    response: z.null(),
    idempotent: true,
  }),
  adminAiModelSave: endpoint({
    method: 'POST',
    path: '/admin/ai/model/save',
    auth: 'admin',
    summary: 'Create or update a model of a stored channel',
    tags: ['admin', 'ai'],
    body: modelInputSchema,
    response: adminModelSchema,
  }),
  adminAiModelDelete: endpoint({
    method: 'POST',
    path: '/admin/ai/model/delete',
    auth: 'admin',
    summary: 'Delete a model',
    tags: ['admin', 'ai'],
    body: z.object({ id: idSchema }),
    response: z.null(),
    idempotent: true,
  }),
  adminAiSettings: endpoint({
    method: 'GET',
    path: '/admin/ai/settings',
    auth: 'admin',
    summary: 'Default model, system prompt and chat limits',
    tags: ['admin', 'ai'],
    response: aiSettingsSchema,
  }),
  adminAiSettingsSave: endpoint({
    method: 'POST',
    path: '/admin/ai/settings',
    auth: 'admin',
    summary: 'Replace the AI settings (default model must exist)',
    tags: ['admin', 'ai'],
    body: aiSettingsSchema,
    response: aiSettingsSchema,
    idempotent: true,
  }),
  /**
   * STREAM: answers `text/event-stream` with `chatStreamEventSchema` events
   * (start, delta, end | error) for a short fixed prompt, so an admin sees the
   * channel work. Give a model key (any channel, even disabled ones) or a
   * stored channel id (its first model, or `upstream_model`).
   */
  adminAiTest: endpoint({
    method: 'POST',
    path: '/admin/ai/test',
    auth: 'admin',
    summary: 'STREAM (text/event-stream): a short test reply from a model or channel',
    tags: ['admin', 'ai'],
    body: z
      .object({ model: modelKeySchema.optional(), channel_id: idSchema.optional(), upstream_model: safeString().trim().min(1).max(200).optional() })
      .refine((v) => v.model !== undefined || v.channel_id !== undefined, 'validation_failed'),
    response: z.null(),
  }),
};
