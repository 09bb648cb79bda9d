import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { idSchema, okSchema, safeString } from './common.js';
import { QR_AI_MAX_ATTEMPTS_LIMIT, QR_AI_RECIPES, QR_CONTROL_MODES, QR_TEMPLATE_KINDS } from './qrcode-constants.js';
import { qrPromptTemplateConfigSchema, qrStyleTemplateConfigSchema, qrUploadRefSchema } from './qrcode.js';

/** Admin → QR codes: the style and prompt templates, and the AI art code settings (ControlNet). */

const uploadRef = qrUploadRefSchema;

export const qrAiSettingsSchema = z.object({
  recipe: z.enum(QR_AI_RECIPES).default('monster'),
  /** The ControlNet model names as the WebUI lists them. */
  monster_model: safeString().trim().max(200).default('control_v1p_sd15_qrcode_monster'),
  brightness_model: safeString().trim().max(200).default('control_v1p_sd15_brightness'),
  tile_model: safeString().trim().max(200).default('control_v11f1e_sd15_tile'),
  weight: z.number().min(0.3).max(2).default(1.1),
  weight_step: z.number().min(0).max(1).default(0.15),
  max_attempts: z.number().int().min(1).max(QR_AI_MAX_ATTEMPTS_LIMIT).default(3),
  guidance_start: z.number().min(0).max(1).default(0),
  guidance_end: z.number().min(0).max(1).default(1),
  control_mode: z.enum(QR_CONTROL_MODES).default('Balanced'),
});
export type QrAiSettings = z.infer<typeof qrAiSettingsSchema>;

const localisedName = z.object({
  zh: safeString().trim().min(1, 'validation_failed').max(50, 'validation_failed'),
  en: safeString().trim().max(50).default(''),
  ja: safeString().trim().max(50).default(''),
  ko: safeString().trim().max(50).default(''),
});

export const adminQrTemplateSchema = z.object({
  id: z.number().int(),
  kind: z.enum(QR_TEMPLATE_KINDS),
  names: localisedName,
  thumb_url: safeString().nullable(),
  config: z.record(safeString(), z.unknown()),
  sort: z.number().int(),
  enabled: z.boolean(),
});
export type AdminQrTemplate = z.infer<typeof adminQrTemplateSchema>;

export const adminQrTemplateSaveSchema = z.discriminatedUnion('kind', [
  z.object({ id: idSchema.optional(), kind: z.literal('style'), names: localisedName, thumb: uploadRef.optional(), config: qrStyleTemplateConfigSchema, sort: z.number().int().min(0).max(9999).default(0), enabled: z.boolean().default(true) }),
  z.object({ id: idSchema.optional(), kind: z.literal('prompt'), names: localisedName, thumb: uploadRef.optional(), config: qrPromptTemplateConfigSchema, sort: z.number().int().min(0).max(9999).default(0), enabled: z.boolean().default(true) }),
]);

export const adminQrcodeEndpoints = {
  adminQrcode: endpoint({
    method: 'GET',
    path: '/admin/qrcode',
    auth: 'operator',
    summary: 'QR templates (style and prompt) and the AI art code settings',
    tags: ['admin', 'qrcode'],
    response: z.object({ templates: z.array(adminQrTemplateSchema), settings: qrAiSettingsSchema }),
  }),
  adminQrTemplateSave: endpoint({
    method: 'POST',
    path: '/admin/qrcode/template/save',
    auth: 'operator',
    summary: 'Create or update a style or prompt template',
    tags: ['admin', 'qrcode'],
    body: adminQrTemplateSaveSchema,
    response: adminQrTemplateSchema,
  }),
  adminQrTemplateDelete: endpoint({
    method: 'POST',
    path: '/admin/qrcode/template/delete',
    auth: 'operator',
    summary: 'Delete a template',
    tags: ['admin', 'qrcode'],
    body: z.object({ id: idSchema }),
    response: okSchema,
    idempotent: true,
  }),
  adminQrSettingsSave: endpoint({
    method: 'POST',
    path: '/admin/qrcode/settings',
    auth: 'admin',
    summary: 'Save the AI art code settings (ControlNet recipe, models, weights, attempts)',
    tags: ['admin', 'qrcode'],
    body: qrAiSettingsSchema,
    response: qrAiSettingsSchema,
  }),
};
