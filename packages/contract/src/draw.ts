import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { idSchema, okSchema, pageQuerySchema, pageSchema, safeString } from './common.js';
import { DRAW_FAMILIES, DRAW_GENERATIONS, DRAW_MAX_PICTURES, DRAW_NEGATIVE_PROMPT_MAX, DRAW_PROMPT_MAX, DRAW_STATUSES } from './draw-constants.js';

export { DRAW_FAMILIES, DRAW_GENERATIONS, DRAW_MAX_PICTURES, DRAW_NEGATIVE_PROMPT_MAX, DRAW_POLL_MS, DRAW_PROMPT_MAX, DRAW_STATUSES } from './draw-constants.js';

/**
 * AI drawing (spec §1–§4: drawing, drawing records). Three model families sit
 * behind one provider interface on the server, each reached through channels
 * an administrator configures (or the DRAW_* environment variables):
 *
 * - `openai`: the OpenAI Images API (dall-e-3, gpt-image-1) on any compatible base URL;
 * - `sd`: Stable Diffusion through the AUTOMATIC1111 / Forge WebUI API;
 * - `yj`: the 意间AI open API (put_task → show_task_detail).
 *
 * A drawing is a durable job: accepted (drawing count taken through the
 * ledger), queued fairly between users, run on a channel slot, and finished as
 * success, failed or cancelled; failed and cancelled give the count back,
 * exactly once. The page polls `GET /draw/detail` while a job is queued or
 * running (DRAW_POLL_MS).
 *
 * `GET /draw/options` tells the page what is on offer: with no family enabled
 * the page shows "drawing function not enabled" (`drawing_disabled`) and where
 * an administrator turns it on.
 */

export const drawFamilySchema = z.enum(DRAW_FAMILIES);
export type DrawFamily = z.infer<typeof drawFamilySchema>;

export const drawGenerationSchema = z.enum(DRAW_GENERATIONS);
export type DrawGeneration = z.infer<typeof drawGenerationSchema>;

export const drawStatusSchema = z.enum(DRAW_STATUSES);
export type DrawStatus = z.infer<typeof drawStatusSchema>;

/** dall-e-3 and gpt-image-1 parameters as the Images API defines them. */
export const DALLE3_SIZES = ['1024x1024', '1792x1024', '1024x1792'] as const;
export const DALLE3_QUALITIES = ['standard', 'hd'] as const;
export const DALLE3_STYLES = ['vivid', 'natural'] as const;
export const GPT_IMAGE_SIZES = ['1024x1024', '1536x1024', '1024x1536'] as const;
export const GPT_IMAGE_QUALITIES = ['low', 'medium', 'high'] as const;
export const GPT_IMAGE_BACKGROUNDS = ['auto', 'transparent', 'opaque'] as const;
/** Stable Diffusion sizes offered when a channel lists none of its own. */
export const SD_DEFAULT_SIZES = ['512x512', '512x768', '768x512', '768x768', '1024x1024', '832x1216', '1216x832'] as const;

/** `WxH` (openai, sd) or a ratio `W:H` (yj). Whether a family offers it is the server's check. */
export const drawSizeSchema = safeString({ error: 'draw_size_invalid' })
  .trim()
  .regex(/^(?:\d{2,4}x\d{2,4}|\d{1,2}:\d{1,2})$/, 'draw_size_invalid');

export const drawPromptSchema = safeString({ error: 'draw_prompt_required' })
  .trim()
  .min(1, 'draw_prompt_required')
  .max(DRAW_PROMPT_MAX, 'draw_prompt_too_long');

/** A size as the picker shows it, with its price in drawing counts per picture. */
export const drawSizeOptionSchema = z.object({ size: drawSizeSchema, price: z.number().int() });

/** One model of a family as the model pickers show it (sd: a checkpoint; yj: an engine). */
export const drawModelOptionSchema = z.object({
  /** What `submit {model}` takes. */
  model: safeString(),
  name: safeString(),
  sizes: z.array(drawSizeOptionSchema),
  generations: z.array(drawGenerationSchema),
  /** openai only: the qualities, styles and backgrounds the model takes (empty elsewhere). */
  qualities: z.array(safeString()),
  styles: z.array(safeString()),
  backgrounds: z.array(safeString()),
  /** Pictures one job may ask for with this model (1 for dall-e-3). */
  max_pictures: z.number().int(),
});
export type DrawModelOption = z.infer<typeof drawModelOptionSchema>;

export const drawFamilyOptionSchema = z.object({
  family: drawFamilySchema,
  models: z.array(drawModelOptionSchema),
  /** sd: the WebUI's samplers (empty elsewhere). */
  samplers: z.array(safeString()),
});

/** A style of keyword-suggestion with its admin-edited keywords (used as written on the offline channel). */
export const drawStyleKeywordsSchema = z.object({ key: safeString(), name: safeString(), keywords: z.array(safeString()) });

export const drawOptionsSchema = z.object({
  /** The `draw.is_open` switch and at least one enabled family. */
  enabled: z.boolean(),
  /** Only the families with an enabled channel. */
  families: z.array(drawFamilyOptionSchema),
  styles: z.array(drawStyleKeywordsSchema),
  /** The signed-in user's drawing count (null for visitors). */
  balance: z.number().int().nullable(),
  /** true when no chat model can expand or translate prompts: suggestions come from the keyword lists only. */
  suggest_offline: z.boolean(),
});
export type DrawOptions = z.infer<typeof drawOptionsSchema>;

export const drawSubmitSchema = z.object({
  family: drawFamilySchema,
  /** Default: the family's first offered model. */
  model: safeString().trim().max(200).optional(),
  prompt: drawPromptSchema,
  negative_prompt: safeString().trim().max(DRAW_NEGATIVE_PROMPT_MAX, 'draw_negative_too_long').optional(),
  size: drawSizeSchema,
  style: safeString().trim().max(64).optional(),
  quality: safeString().trim().max(32).optional(),
  background: safeString().trim().max(32).optional(),
  generation: drawGenerationSchema.default('txt2img'),
  /** img2img: the `uri` that `POST /upload/image` answered for this user's upload (PNG, JPEG or WebP). */
  reference_image: safeString().trim().max(500).optional(),
  /** img2img on sd: how far from the reference (0–1). */
  denoising_strength: z.number().min(0).max(1).optional(),
  n: z.number().int().min(1).max(DRAW_MAX_PICTURES).default(1),
  /** sd only. */
  sampler: safeString().trim().max(64).optional(),
  steps: z.number().int().min(1).max(150).optional(),
  cfg_scale: z.number().min(1).max(30).optional(),
  /** sd: -1 or absent draws a random seed (recorded). */
  seed: z.number().int().min(-1).max(2 ** 32 - 1).optional(),
});
export type DrawSubmit = z.input<typeof drawSubmitSchema>;

export const drawImageSchema = z.object({
  id: z.number().int(),
  /** Site-relative (`/files/…`) or absolute with an object store. */
  url: safeString(),
  /** WebP thumbnail. */
  thumb_url: safeString(),
  width: z.number().int(),
  height: z.number().int(),
  selected: z.boolean(),
  /** The picture's square item when published (any square status), else null. */
  square_id: z.number().int().nullable(),
});
export type DrawImage = z.infer<typeof drawImageSchema>;

export const drawRecordSchema = z.object({
  id: z.number().int(),
  status: drawStatusSchema,
  /** Jobs before this one in the fair queue (0 when running or finished). */
  position: z.number().int(),
  /** 0–100. */
  progress: z.number().int(),
  /** The provider's live preview while running, when it gives one; else null. */
  preview_url: safeString().nullable(),
  images: z.array(drawImageSchema),
  /** Message key of the failure, else null. */
  fail_reason: safeString().nullable(),
  /** The failure in the request locale, else null. */
  fail_text: safeString().nullable(),
  /** Drawing counts taken at submit. */
  cost: z.number().int(),
  /** true once a failed or cancelled job gave its count back. */
  refunded: z.boolean(),
  family: drawFamilySchema,
  model: safeString(),
  generation: drawGenerationSchema,
  prompt: safeString(),
  negative_prompt: safeString(),
  size: safeString(),
  style: safeString().nullable(),
  quality: safeString().nullable(),
  n: z.number().int(),
  seed: z.number().int().nullable(),
  /** What the provider says it drew (dall-e-3's revised prompt), else null. */
  revised_prompt: safeString().nullable(),
  created_at: safeString(),
  started_at: safeString().nullable(),
  finished_at: safeString().nullable(),
});
export type DrawRecord = z.infer<typeof drawRecordSchema>;

export const drawRecordsQuerySchema = pageQuerySchema.extend({
  status: drawStatusSchema.optional(),
  family: drawFamilySchema.optional(),
  /** Only records with at least one selected picture. */
  selected: z.enum(['1', '0']).optional(),
});

export const DRAW_SUGGEST_MODES = ['keywords', 'translate', 'expand'] as const;

export const drawEndpoints = {
  drawOptions: endpoint({
    method: 'GET',
    path: '/draw/options',
    auth: 'optional',
    summary: 'Families, models, sizes and prices on offer, the keyword styles, and the user\'s drawing count',
    tags: ['draw'],
    response: drawOptionsSchema,
  }),
  drawSubmit: endpoint({
    method: 'POST',
    path: '/draw/submit',
    auth: 'user',
    summary: 'Accept a drawing job: checks the prompt and size, takes the drawing count, queues the job',
    tags: ['draw'],
    body: drawSubmitSchema,
    response: z.object({ id: z.number().int(), position: z.number().int(), cost: z.number().int() }),
  }),
  drawDetail: endpoint({
    method: 'GET',
    path: '/draw/detail',
    auth: 'user',
    summary: 'One drawing job: status, queue position, progress, pictures',
    tags: ['draw'],
    query: z.object({ id: idSchema }),
    response: drawRecordSchema,
  }),
  drawRecords: endpoint({
    method: 'GET',
    path: '/draw/records',
    auth: 'user',
    summary: "The user's drawing records, newest first",
    tags: ['draw'],
    query: drawRecordsQuerySchema,
    response: pageSchema(drawRecordSchema),
  }),
  drawCancel: endpoint({
    method: 'POST',
    path: '/draw/cancel',
    auth: 'user',
    summary: 'Cancel a queued or running job; its drawing count comes back',
    tags: ['draw'],
    body: z.object({ id: idSchema }),
    response: drawRecordSchema,
    idempotent: true,
  }),
  drawSelect: endpoint({
    method: 'POST',
    path: '/draw/select',
    auth: 'user',
    summary: 'Keep (select) or unselect one picture of a record',
    tags: ['draw'],
    body: z.object({ image_id: idSchema, selected: z.boolean() }),
    response: drawImageSchema,
    idempotent: true,
  }),
  drawDelete: endpoint({
    method: 'POST',
    path: '/draw/delete',
    auth: 'user',
    summary: 'Delete a finished record and its pictures (a queued or running job is cancelled first)',
    tags: ['draw'],
    body: z.object({ id: idSchema }),
    response: okSchema,
    idempotent: true,
  }),
  drawSuggest: endpoint({
    method: 'POST',
    path: '/draw/suggest',
    auth: 'user',
    summary: 'Keyword suggestions, or the prompt expanded or translated to English by the chat model (keyword lists offline)',
    tags: ['draw'],
    body: z.object({
      prompt: safeString().trim().max(DRAW_PROMPT_MAX, 'draw_prompt_too_long').default(''),
      style: safeString().trim().max(64).optional(),
      mode: z.enum(DRAW_SUGGEST_MODES).default('keywords'),
    }),
    response: z.object({
      keywords: z.array(safeString()),
      /** The expanded or translated prompt (the prompt as written when offline or mode is keywords). */
      prompt: safeString(),
      /** true when no chat model was used. */
      offline: z.boolean(),
    }),
  }),
};
