import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { idSchema, okSchema, pageQuerySchema, pageSchema, safeString } from './common.js';
import { drawPromptSchema, drawSizeOptionSchema, drawSizeSchema, drawStatusSchema } from './draw.js';
import { DRAW_NEGATIVE_PROMPT_MAX } from './draw-constants.js';
import {
  QR_AI_RECIPES,
  QR_CONTENT_TYPES,
  QR_CONTROL_MODES,
  QR_EC_LEVELS,
  QR_EYE_STYLES,
  QR_GENERATION_MODES,
  QR_GRADIENTS,
  QR_LOGO_SCALE_MAX,
  QR_LOGO_SCALE_MIN,
  QR_MARGIN_MAX,
  QR_PIXEL_STYLES,
  QR_SIZE_MAX,
  QR_SIZE_MIN,
  QR_TEMPLATE_KINDS,
  QR_TEXT_MAX,
} from './qrcode-constants.js';

export * from './qrcode-constants.js';

/**
 * QR codes (spec §2 `/app/qrcode`). Two generation modes:
 *
 * - `styled`: made at once on the server from the content and a pixel style
 *   (no model; works on the embedded default), as PNG and SVG;
 * - `ai`: an AI art code: the code is the ControlNet input of a Stable
 *   Diffusion drawing on the drawing queue, charged in drawing counts.
 *
 * Every code is decoded on the server by two independent decoders (zxing-wasm
 * and jsQR) at its own size and at 256 and 128 px before it is shown; a code
 * that does not read back its content is never shown (styled: refused with
 * the reason; AI: drawn again with a stronger ControlNet weight, then failed
 * and refunded).
 */

export const qrContentTypeSchema = z.enum(QR_CONTENT_TYPES);
export type QrContentType = z.infer<typeof qrContentTypeSchema>;
export const qrPixelStyleSchema = z.enum(QR_PIXEL_STYLES);
export type QrPixelStyle = z.infer<typeof qrPixelStyleSchema>;
export const qrEyeStyleSchema = z.enum(QR_EYE_STYLES);
export type QrEyeStyle = z.infer<typeof qrEyeStyleSchema>;
export const qrEcLevelSchema = z.enum(QR_EC_LEVELS);
export type QrEcLevel = z.infer<typeof qrEcLevelSchema>;
export const qrModeSchema = z.enum(QR_GENERATION_MODES);
export type QrMode = z.infer<typeof qrModeSchema>;

/** `#rrggbb`. */
export const qrColorSchema = safeString({ error: 'qrcode_color_invalid' }).trim().regex(/^#[0-9a-fA-F]{6}$/, 'qrcode_color_invalid');

const text = (max: number) => safeString().trim().max(max, 'qrcode_field_too_long');
const phone = safeString({ error: 'qrcode_phone_invalid' })
  .trim()
  .regex(/^\+?[0-9][0-9 ()-]{2,30}$/, 'qrcode_phone_invalid');
const email = safeString({ error: 'qrcode_email_invalid' }).trim().max(254, 'qrcode_email_invalid').email('qrcode_email_invalid');

/** Each content type's fields (the `data` of a request). */
export const qrDataSchemas = {
  url: z.object({
    url: safeString({ error: 'qrcode_url_invalid' })
      .trim()
      .min(1, 'qrcode_content_required')
      .max(QR_TEXT_MAX, 'qrcode_field_too_long')
      .regex(/^https?:\/\/[^\s/$.?#][^\s]*$/i, 'qrcode_url_invalid'),
  }),
  text: z.object({ text: safeString({ error: 'qrcode_content_required' }).min(1, 'qrcode_content_required').max(QR_TEXT_MAX, 'qrcode_field_too_long').refine((s) => s.trim().length > 0, 'qrcode_content_required') }),
  wifi: z
    .object({
      ssid: safeString({ error: 'qrcode_wifi_ssid_required' }).min(1, 'qrcode_wifi_ssid_required').max(32, 'qrcode_wifi_ssid_too_long'),
      encryption: z.enum(['WPA', 'WEP', 'nopass']).default('WPA'),
      password: safeString().max(63, 'qrcode_wifi_password_invalid').default(''),
      hidden: z.boolean().default(false),
    })
    // WPA: 8–63 characters; WEP: 5 or 13 characters, or 10 or 26 hex digits; open networks have none.
    .refine(
      (w) =>
        w.encryption === 'nopass'
          ? w.password === ''
          : w.encryption === 'WPA'
            ? w.password.length >= 8 && w.password.length <= 63
            : [5, 13].includes(w.password.length) || /^(?:[0-9a-fA-F]{10}|[0-9a-fA-F]{26})$/.test(w.password),
      { message: 'qrcode_wifi_password_invalid', path: ['password'] },
    ),
  vcard: z.object({
    name: safeString({ error: 'qrcode_vcard_name_required' }).trim().min(1, 'qrcode_vcard_name_required').max(100, 'qrcode_field_too_long'),
    org: text(100).optional(),
    title: text(100).optional(),
    phone: phone.optional(),
    email: email.optional(),
    url: safeString().trim().max(500, 'qrcode_field_too_long').regex(/^https?:\/\/\S+$/i, 'qrcode_url_invalid').optional(),
    address: text(300).optional(),
    note: text(500).optional(),
  }),
  email: z.object({ to: email, subject: text(200).optional(), body: text(1000).optional() }),
  phone: z.object({ phone }),
  sms: z.object({ phone, body: text(500).optional() }),
} as const satisfies Record<QrContentType, z.ZodType>;

const contentVariants = {
  url: z.object({ type: z.literal('url'), data: qrDataSchemas.url }),
  text: z.object({ type: z.literal('text'), data: qrDataSchemas.text }),
  wifi: z.object({ type: z.literal('wifi'), data: qrDataSchemas.wifi }),
  vcard: z.object({ type: z.literal('vcard'), data: qrDataSchemas.vcard }),
  email: z.object({ type: z.literal('email'), data: qrDataSchemas.email }),
  phone: z.object({ type: z.literal('phone'), data: qrDataSchemas.phone }),
  sms: z.object({ type: z.literal('sms'), data: qrDataSchemas.sms }),
};

/** A request that holds content (`{type, data}` with the type's fields) and the given fields beside it. */
function withContent<T extends z.ZodRawShape>(extra: T) {
  const v = contentVariants;
  return z.discriminatedUnion('type', [v.url.extend(extra), v.text.extend(extra), v.wifi.extend(extra), v.vcard.extend(extra), v.email.extend(extra), v.phone.extend(extra), v.sms.extend(extra)]);
}

/** The content part of a request: `{type, data}` with the type's fields. */
export const qrContentSchema = withContent({});
export type QrContent = z.infer<typeof qrContentSchema>;

/** An upload's `uri` as `POST /upload/image` answered it (this user's PNG, JPEG or WebP). */
export const qrUploadRefSchema = safeString().trim().max(500);
const uploadRef = qrUploadRefSchema;

/** The look of a styled code (also what a style template holds). */
export const qrLookSchema = z.object({
  style: qrPixelStyleSchema.default('square'),
  eye: qrEyeStyleSchema.default('square'),
  fg: qrColorSchema.default('#000000'),
  /** Second colour of a gradient (ignored with gradient "none"). */
  fg2: qrColorSchema.optional(),
  gradient: z.enum(QR_GRADIENTS).default('none'),
  bg: qrColorSchema.default('#ffffff'),
  /** Quiet zone, in modules. */
  margin: z.number().int().min(0).max(QR_MARGIN_MAX).optional(),
});
export type QrLook = z.infer<typeof qrLookSchema>;

export const qrStyledSchema = withContent({
  ...qrLookSchema.shape,
  ec_level: qrEcLevelSchema.default('M'),
  /** 1–40; absent: the smallest version that holds the content. */
  version: z.number().int().min(1).max(40).optional(),
  size: z.number().int().min(QR_SIZE_MIN).max(QR_SIZE_MAX).default(512),
  /** The centre logo (an upload). */
  logo: uploadRef.optional(),
  logo_scale: z.number().min(QR_LOGO_SCALE_MIN).max(QR_LOGO_SCALE_MAX).optional(),
  /** A picture behind the code (an upload); image_fill also samples its modules' colours from it. */
  background_image: uploadRef.optional(),
  /** The style template it was made from, kept with the record. */
  template_id: idSchema.optional(),
});
export type QrStyledInput = z.input<typeof qrStyledSchema>;

/** What the two decoders read back (true: the decoded text equals the content at every verified size). */
export const qrVerifiedSchema = z.object({
  zxing: z.boolean(),
  jsqr: z.boolean(),
  /** The sizes (px) both decoders read it at: its own, 256 and 128. */
  sizes: z.array(z.number().int()),
});
export type QrVerified = z.infer<typeof qrVerifiedSchema>;

export const qrStyledResultSchema = z.object({
  id: z.number().int(),
  png_url: safeString(),
  svg_url: safeString(),
  verified: qrVerifiedSchema,
  /** The encoded text (what a scanner reads). */
  content: safeString(),
  version: z.number().int(),
  ec_level: qrEcLevelSchema,
  size: z.number().int(),
});
export type QrStyledResult = z.infer<typeof qrStyledResultSchema>;

export const qrControlNetSchema = z.object({
  recipe: z.enum(QR_AI_RECIPES).optional(),
  /** First attempt's weight; each further attempt adds the admin's step. */
  weight: z.number().min(0.3).max(2).optional(),
  guidance_start: z.number().min(0).max(1).optional(),
  guidance_end: z.number().min(0).max(1).optional(),
  control_mode: z.enum(QR_CONTROL_MODES).optional(),
});

export const qrAiSchema = withContent({
  /** AI codes need room for the picture: H by default. */
  ec_level: qrEcLevelSchema.default('H'),
  /** custom-keyword. */
  prompt: drawPromptSchema,
  negative_prompt: safeString().trim().max(DRAW_NEGATIVE_PROMPT_MAX, 'draw_negative_too_long').optional(),
  /** custom-model-picker: a checkpoint of the SD channel (default: its first). */
  model: safeString().trim().max(200).optional(),
  /** custom-picture-size: one of the SD sizes on offer. */
  size: drawSizeSchema,
  /** generation-type. */
  generation: z.enum(['txt2img', 'img2img']).default('txt2img'),
  reference_image: uploadRef.optional(),
  denoising_strength: z.number().min(0).max(1).optional(),
  /** The prompt template it was made from (second template picker). */
  template_id: idSchema.optional(),
  controlnet: qrControlNetSchema.optional(),
});
export type QrAiInput = z.input<typeof qrAiSchema>;

/** An AI code's drawing as the in-progress, success and fail views read it. */
export const qrDrawStateSchema = z.object({
  draw_id: z.number().int(),
  status: drawStatusSchema,
  position: z.number().int(),
  /** 0–100 over all attempts. */
  progress: z.number().int(),
  /** 1-based attempt now running (or the last one), and how many there may be. */
  attempt: z.number().int(),
  attempts: z.number().int(),
  preview_url: safeString().nullable(),
  fail_reason: safeString().nullable(),
  fail_text: safeString().nullable(),
  cost: z.number().int(),
  refunded: z.boolean(),
  prompt: safeString(),
  model: safeString(),
});
export type QrDrawState = z.infer<typeof qrDrawStateSchema>;

export const qrRecordSchema = z.object({
  id: z.number().int(),
  mode: qrModeSchema,
  type: qrContentTypeSchema,
  /** The type's fields as entered (fills the form again). */
  data: z.record(safeString(), z.unknown()),
  content: safeString(),
  /** styled: the look; ai: null. */
  look: qrLookSchema.nullable(),
  ec_level: qrEcLevelSchema,
  version: z.number().int().nullable(),
  size: z.number().int(),
  status: drawStatusSchema,
  png_url: safeString().nullable(),
  svg_url: safeString().nullable(),
  thumb_url: safeString().nullable(),
  verified: qrVerifiedSchema.nullable(),
  /** ai only. */
  draw: qrDrawStateSchema.nullable(),
  created_at: safeString(),
});
export type QrRecord = z.infer<typeof qrRecordSchema>;

/** The mismatch view: the expected module grid and the modules that read the wrong colour in the picture. */
export const qrMismatchSchema = z.object({
  /** Modules per side. */
  count: z.number().int(),
  /** Quiet zone in modules around the grid, in the picture. */
  margin: z.number().int(),
  /** `count * count` characters, row by row: 1 dark, 0 light. */
  modules: safeString(),
  /** Indices (y * count + x) of modules that read the wrong colour. */
  wrong: z.array(z.number().int()),
  /** wrong / all modules, 0–1. */
  ratio: z.number(),
});
export type QrMismatch = z.infer<typeof qrMismatchSchema>;

export const qrStyleTemplateConfigSchema = qrLookSchema.extend({ ec_level: qrEcLevelSchema.optional() });
export const qrPromptTemplateConfigSchema = z.object({
  prompt: drawPromptSchema,
  negative_prompt: safeString().trim().max(DRAW_NEGATIVE_PROMPT_MAX, 'draw_negative_too_long').default(''),
  controlnet: qrControlNetSchema.optional(),
});

export const qrTemplateSchema = z.object({
  id: z.number().int(),
  kind: z.enum(QR_TEMPLATE_KINDS),
  name: safeString(),
  thumb_url: safeString().nullable(),
  /** style: a look (qrStyleTemplateConfigSchema); prompt: qrPromptTemplateConfigSchema. */
  config: z.record(safeString(), z.unknown()),
});
export type QrTemplate = z.infer<typeof qrTemplateSchema>;

export const qrOptionsSchema = z.object({
  styles: z.array(z.object({ key: qrPixelStyleSchema, name: safeString() })),
  eyes: z.array(z.object({ key: qrEyeStyleSchema, name: safeString() })),
  templates: z.object({ style: z.array(qrTemplateSchema), prompt: z.array(qrTemplateSchema) }),
  /** Free styled codes today (`qrcode_limit`); unlimited for members. */
  free: z.object({ limit: z.number().int(), used: z.number().int(), unlimited: z.boolean() }),
  ai: z.object({
    /** false: no Stable Diffusion channel (the page says so and how an admin connects one). */
    enabled: z.boolean(),
    models: z.array(safeString()),
    sizes: z.array(drawSizeOptionSchema),
    max_attempts: z.number().int(),
  }),
  /** The user's drawing count (AI codes cost drawing counts); null for visitors. */
  balance: z.number().int().nullable(),
});
export type QrOptions = z.infer<typeof qrOptionsSchema>;

export const qrDecodeResultSchema = z.object({
  text: safeString(),
  /** Which decoder read it, and on which prepared version of the picture. */
  decoder: z.enum(['zxing', 'jsqr']),
  variant: safeString(),
  /** The content taken apart into a type's form (a Wi-Fi code fills the Wi-Fi form); text otherwise. */
  parsed: qrContentSchema,
});
export type QrDecodeResult = z.infer<typeof qrDecodeResultSchema>;

export const qrRecordsQuerySchema = pageQuerySchema.extend({ mode: qrModeSchema.optional() });

export const qrcodeEndpoints = {
  qrcodeStyles: endpoint({
    method: 'GET',
    path: '/qrcode/styles',
    auth: 'optional',
    summary: 'Every pixel style offered, with its name in the request language',
    tags: ['qrcode'],
    response: z.object({ lists: z.array(z.object({ key: qrPixelStyleSchema, name: safeString() })) }),
  }),
  qrcodeOptions: endpoint({
    method: 'GET',
    path: '/qrcode/options',
    auth: 'optional',
    summary: 'Styles, eyes, templates, the free allowance today and what the AI mode offers',
    tags: ['qrcode'],
    response: qrOptionsSchema,
  }),
  qrcodeStyled: endpoint({
    method: 'POST',
    path: '/qrcode/styled',
    auth: 'optional',
    summary: 'Make a styled code at once (PNG and SVG), verified by two decoders at three sizes, or refuse with the reason',
    tags: ['qrcode'],
    body: qrStyledSchema,
    response: qrStyledResultSchema,
  }),
  qrcodeAi: endpoint({
    method: 'POST',
    path: '/qrcode/ai',
    auth: 'user',
    summary: 'Queue an AI art code on the Stable Diffusion channel (charged in drawing counts, refunded on failure)',
    tags: ['qrcode'],
    body: qrAiSchema,
    response: z.object({ id: z.number().int(), draw_id: z.number().int(), position: z.number().int(), cost: z.number().int() }),
  }),
  qrcodeRecords: endpoint({
    method: 'GET',
    path: '/qrcode/records',
    auth: 'user',
    summary: "The user's codes, newest first",
    tags: ['qrcode'],
    query: qrRecordsQuerySchema,
    response: pageSchema(qrRecordSchema),
  }),
  qrcodeDetail: endpoint({
    method: 'GET',
    path: '/qrcode/detail',
    auth: 'user',
    summary: 'One code (an AI code: its drawing state)',
    tags: ['qrcode'],
    query: z.object({ id: idSchema }),
    response: qrRecordSchema,
  }),
  qrcodeMismatch: endpoint({
    method: 'GET',
    path: '/qrcode/mismatch',
    auth: 'user',
    summary: 'The module grid of a code and the modules that read the wrong colour in its picture',
    tags: ['qrcode'],
    query: z.object({ id: idSchema }),
    response: qrMismatchSchema,
  }),
  qrcodeCancel: endpoint({
    method: 'POST',
    path: '/qrcode/cancel',
    auth: 'user',
    summary: 'Cancel a queued or running AI code; its drawing count comes back',
    tags: ['qrcode'],
    body: z.object({ id: idSchema }),
    response: qrRecordSchema,
    idempotent: true,
  }),
  qrcodeDelete: endpoint({
    method: 'POST',
    path: '/qrcode/delete',
    auth: 'user',
    summary: 'Delete a code and its files (an open AI code is cancelled first)',
    tags: ['qrcode'],
    body: z.object({ id: idSchema }),
    response: okSchema,
    idempotent: true,
  }),
};
