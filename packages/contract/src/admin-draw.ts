import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { idSchema, okSchema, safeString } from './common.js';
import { drawFamilySchema, drawSizeSchema } from './draw.js';

/**
 * Admin → Drawing: channels per family (base URL, key and secret sealed as
 * the model channels' keys are), what each offers at which price, concurrency,
 * the sensitive-word list, square moderation and the keyword lists of the
 * offline keyword-suggestion. Channels from the DRAW_* environment variables
 * are listed read-only (`source: 'env'`); the admin can still switch them off.
 */

/** One model × size a channel offers, priced in drawing counts per picture. */
export const drawOfferSchema = z.object({
  model: safeString().trim().min(1, 'validation_failed').max(200, 'validation_failed'),
  size: drawSizeSchema,
  price: z.number().int().min(0, 'validation_failed').max(1000, 'validation_failed'),
});
export type DrawOffer = z.infer<typeof drawOfferSchema>;

export const adminDrawChannelSchema = z.object({
  id: z.number().int().nullable(),
  source: z.enum(['db', 'env']),
  family: drawFamilySchema,
  name: safeString(),
  base_url: safeString(),
  /** A key is stored (never shown). */
  has_key: z.boolean(),
  /** yj: a secret is stored (never shown). */
  has_secret: z.boolean(),
  enabled: z.boolean(),
  /** Jobs this channel runs at once (its slots). */
  concurrency: z.number().int(),
  /** A job still unfinished at the provider after this long fails (and is refunded). */
  timeout_seconds: z.number().int(),
  /** Empty: the family's defaults at 1 count a picture. */
  offers: z.array(drawOfferSchema),
  /** The last health check: null never checked. */
  last_error: safeString().nullable(),
});
export type AdminDrawChannel = z.infer<typeof adminDrawChannelSchema>;

export const drawChannelSaveSchema = z.object({
  /** Absent: a new channel. */
  id: idSchema.optional(),
  family: drawFamilySchema,
  name: safeString().trim().min(1, 'validation_failed').max(100, 'validation_failed'),
  base_url: safeString().trim().min(1, 'validation_failed').max(500, 'validation_failed').pipe(z.url({ protocol: /^https?$/, error: 'validation_failed' })),
  /** Absent or null: keep the stored key; '' clears it. A1111: `user:password` for --api-auth. */
  api_key: safeString().trim().max(500, 'validation_failed').nullable().optional(),
  /** yj only; same rule as api_key. */
  secret: safeString().trim().max(500, 'validation_failed').nullable().optional(),
  enabled: z.boolean(),
  concurrency: z.number().int().min(1, 'validation_failed').max(64, 'validation_failed'),
  timeout_seconds: z.number().int().min(10, 'validation_failed').max(3600, 'validation_failed'),
  offers: z.array(drawOfferSchema).max(200, 'validation_failed'),
});

export const drawSettingsSchema = z.object({
  /** Jobs one user may have queued or running at once. */
  per_user_queued: z.number().int().min(1, 'validation_failed').max(100, 'validation_failed'),
  /** Jobs one user may have running at once (fairness: others' jobs run meanwhile). */
  per_user_running: z.number().int().min(1, 'validation_failed').max(16, 'validation_failed'),
  /** Checked (case-insensitively, as substrings) before a job is accepted. */
  sensitive_words: z.array(safeString().trim().min(1, 'validation_failed').max(50, 'validation_failed')).max(5000, 'validation_failed'),
  /** true: square items wait for approval; false: published at once. */
  square_review: z.boolean(),
  /** The keyword-suggestion styles and their keywords. */
  styles: z
    .array(
      z.object({
        key: safeString().trim().min(1, 'validation_failed').max(64, 'validation_failed').regex(/^[a-z0-9_-]+$/, 'validation_failed'),
        names: z.object({ zh: safeString().trim().min(1).max(50), en: safeString().trim().max(50).default(''), ja: safeString().trim().max(50).default(''), ko: safeString().trim().max(50).default('') }),
        keywords: z.array(safeString().trim().min(1).max(100)).max(200, 'validation_failed'),
      }),
    )
    .max(50, 'validation_failed'),
});
export type DrawSettings = z.infer<typeof drawSettingsSchema>;

export const adminDrawEndpoints = {
  adminDrawChannels: endpoint({
    method: 'GET',
    path: '/admin/draw/channels',
    auth: 'admin',
    summary: 'Drawing channels (stored and from the environment) and the drawing settings',
    tags: ['admin', 'draw'],
    response: z.object({ channels: z.array(adminDrawChannelSchema), settings: drawSettingsSchema }),
  }),
  adminDrawChannelSave: endpoint({
    method: 'POST',
    path: '/admin/draw/channel/save',
    auth: 'admin',
    summary: 'Create or update a drawing channel (keys sealed)',
    tags: ['admin', 'draw'],
    body: drawChannelSaveSchema,
    response: adminDrawChannelSchema,
  }),
  adminDrawChannelDelete: endpoint({
    method: 'POST',
    path: '/admin/draw/channel/delete',
    auth: 'admin',
    summary: 'Delete a stored drawing channel; its running jobs fail and are refunded',
    tags: ['admin', 'draw'],
    body: z.object({ id: idSchema }),
    response: okSchema,
    idempotent: true,
  }),
  adminDrawChannelToggle: endpoint({
    method: 'POST',
    path: '/admin/draw/channel/toggle',
    auth: 'admin',
    summary: 'Switch a channel (stored or env) on or off; switching off fails its queued and running jobs with a refund',
    tags: ['admin', 'draw'],
    body: z.object({ id: idSchema.optional(), env_family: drawFamilySchema.optional(), enabled: z.boolean() }),
    response: adminDrawChannelSchema,
    idempotent: true,
  }),
  adminDrawChannelTest: endpoint({
    method: 'POST',
    path: '/admin/draw/channel/test',
    auth: 'admin',
    summary: 'Reach a channel (list its models) and say what it answered',
    tags: ['admin', 'draw'],
    body: z.object({ id: idSchema.optional(), env_family: drawFamilySchema.optional() }),
    response: z.object({ ok: z.boolean(), models: z.array(safeString()), error: safeString().nullable() }),
  }),
  adminDrawSettingsSave: endpoint({
    method: 'POST',
    path: '/admin/draw/settings',
    auth: 'admin',
    summary: 'Save the drawing settings',
    tags: ['admin', 'draw'],
    body: drawSettingsSchema,
    response: drawSettingsSchema,
  }),
};
