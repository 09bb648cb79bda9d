import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { idSchema, pageQuerySchema, pageSchema, safeString } from './common.js';
import { deltaEventSchema, endEventSchema, errorEventSchema, messageIdSchema, messageStatusSchema, sourcesEventSchema, usageSchema } from './chat.js';
import { localizedTextSchema, modelKeySchema } from './models.js';

/**
 * Writing templates (`/create`, `/create/produce`). A template is a
 * form (fields) plus a prompt with `{{field}}` placeholders; running it streams
 * like chat and is billed like chat. Sign-in is required (spec §2: active
 * path /create).
 */

export const TEMPLATE_FIELD_TYPES = ['text', 'textarea', 'select'] as const;
export const templateFieldTypeSchema = z.enum(TEMPLATE_FIELD_TYPES);
const fieldNameSchema = safeString().trim().regex(/^[a-z][a-z0-9_]{0,39}$/, 'validation_failed');

/** A field in the request locale (what `/create` renders). */
export const templateFieldSchema = z.object({
  name: safeString(),
  label: safeString(),
  placeholder: safeString(),
  type: templateFieldTypeSchema,
  required: z.boolean(),
  max_length: z.number().int(),
  /** Choices of a `select` field. */
  options: z.array(z.object({ value: safeString(), label: safeString() })),
});

export const templateSchema = z.object({
  id: z.number().int(),
  key: safeString(),
  category_id: z.number().int().nullable(),
  name: safeString(),
  description: safeString(),
  fields: z.array(templateFieldSchema),
  /** Preferred model key; null: the user's pick or the default. */
  model: safeString().nullable(),
});
export type Template = z.infer<typeof templateSchema>;

export const templateCategorySchema = z.object({ id: z.number().int(), name: safeString(), sort: z.number().int() });

/** Admin shapes: every locale. */
export const adminTemplateFieldSchema = z.object({
  name: fieldNameSchema,
  label: localizedTextSchema(100),
  placeholder: localizedTextSchema(300).partial().default({}),
  type: templateFieldTypeSchema,
  required: z.boolean().default(false),
  max_length: z.number().int().min(1).max(20_000).default(2000),
  options: z.array(z.object({ value: safeString().trim().min(1).max(100), label: localizedTextSchema(100) })).max(50).default([]),
});
export const adminTemplateInputSchema = z
  .object({
    id: idSchema.optional(),
    /** Stable slug; defaults to a generated one. */
    key: safeString().trim().regex(/^[a-z][a-z0-9_]{1,39}$/, 'validation_failed').optional(),
    category_id: idSchema.nullable().default(null),
    names: localizedTextSchema(100),
    descriptions: localizedTextSchema(500).partial().default({}),
    fields: z.array(adminTemplateFieldSchema).min(1, 'validation_failed').max(20, 'validation_failed'),
    /** `{{field}}` placeholders are replaced by the user's input; `{{locale}}` by the interface language. */
    prompt: safeString().trim().min(1, 'validation_failed').max(8000, 'validation_failed'),
    model: modelKeySchema.nullable().default(null),
    enabled: z.boolean().default(true),
    sort: z.number().int().min(0).max(10_000).default(0),
  })
  .refine((t) => new Set(t.fields.map((f) => f.name)).size === t.fields.length, { message: 'validation_failed', path: ['fields'] });
export const adminTemplateSchema = z.object({
  id: z.number().int(),
  key: safeString(),
  category_id: z.number().int().nullable(),
  names: z.record(safeString(), safeString()),
  descriptions: z.record(safeString(), safeString()),
  fields: z.array(z.unknown()),
  prompt: safeString(),
  model: safeString().nullable(),
  enabled: z.boolean(),
  sort: z.number().int(),
});
export const adminCategorySchema = z.object({ id: z.number().int(), names: z.record(safeString(), safeString()), sort: z.number().int() });

export const createStartEventSchema = z.object({
  type: z.literal('start'),
  creation_id: z.number().int(),
  template_id: z.number().int(),
  model: safeString(),
  model_name: safeString(),
  offline: z.boolean(),
});
/** Events of `/create/produce`: like chat, `end.message_id` / `error.message_id` is the creation id. */
export const createStreamEventSchema = z.discriminatedUnion('type', [createStartEventSchema, deltaEventSchema, sourcesEventSchema, endEventSchema, errorEventSchema]);
export type CreateStreamEvent = z.infer<typeof createStreamEventSchema>;

export const creationSchema = z.object({
  id: z.number().int(),
  template_id: z.number().int().nullable(),
  template_name: safeString(),
  inputs: z.record(safeString(), safeString()),
  output: safeString(),
  status: messageStatusSchema,
  error: safeString().nullable(),
  model: safeString(),
  usage: usageSchema,
  created_at: safeString(),
});

export const templatesEndpoints = {
  createTemplates: endpoint({
    method: 'GET',
    path: '/create/templates',
    auth: 'none',
    summary: 'Enabled writing templates and their categories in the request locale',
    tags: ['create'],
    response: z.object({ categories: z.array(templateCategorySchema), lists: z.array(templateSchema) }),
  }),
  /** STREAM: `createStreamEventSchema` events. Missing required fields → 400 `required_field_empty` before the stream. */
  createProduce: endpoint({
    method: 'POST',
    path: '/create/produce',
    auth: 'user',
    summary: 'STREAM (text/event-stream): run a template with the form values',
    tags: ['create'],
    body: z.object({
      template_id: idSchema,
      fields: z.record(safeString().max(40), safeString().max(20_000, 'payload_too_large')),
      model: modelKeySchema.optional(),
    }),
    response: z.null(),
  }),
  createStop: endpoint({
    method: 'POST',
    path: '/create/stop',
    auth: 'user',
    summary: 'Stop a running template output (partial output kept, billed as delivered)',
    tags: ['create'],
    body: z.object({ id: messageIdSchema }),
    response: z.object({ status: messageStatusSchema }),
    idempotent: true,
  }),
  createHistory: endpoint({
    method: 'GET',
    path: '/create/history',
    auth: 'user',
    summary: 'Creation history, newest first; keyword searches template name, inputs and output',
    tags: ['create'],
    query: pageQuerySchema.extend({ keyword: safeString().trim().max(100).optional(), template_id: idSchema.optional() }),
    response: pageSchema(creationSchema),
  }),
  createDetail: endpoint({
    method: 'GET',
    path: '/create/detail',
    auth: 'user',
    summary: 'One creation',
    tags: ['create'],
    query: z.object({ id: messageIdSchema }),
    response: creationSchema,
  }),
  createDelete: endpoint({
    method: 'POST',
    path: '/create/delete',
    auth: 'user',
    summary: 'Delete a creation',
    tags: ['create'],
    body: z.object({ id: messageIdSchema }),
    response: z.null(),
    idempotent: true,
  }),
  adminTemplateCategories: endpoint({
    method: 'GET',
    path: '/admin/create/categories',
    auth: 'operator',
    summary: 'Template categories, every locale',
    tags: ['admin', 'create'],
    response: z.object({ lists: z.array(adminCategorySchema) }),
  }),
  adminTemplateCategorySave: endpoint({
    method: 'POST',
    path: '/admin/create/category/save',
    auth: 'operator',
    summary: 'Create or update a template category',
    tags: ['admin', 'create'],
    body: z.object({ id: idSchema.optional(), names: localizedTextSchema(50), sort: z.number().int().min(0).max(10_000).default(0) }),
    response: adminCategorySchema,
  }),
  adminTemplateCategoryDelete: endpoint({
    method: 'POST',
    path: '/admin/create/category/delete',
    auth: 'operator',
    summary: 'Delete a category (its templates become uncategorised)',
    tags: ['admin', 'create'],
    body: z.object({ id: idSchema }),
    response: z.null(),
    idempotent: true,
  }),
  adminTemplates: endpoint({
    method: 'GET',
    path: '/admin/create/templates',
    auth: 'operator',
    summary: 'Every template (enabled or not), every locale',
    tags: ['admin', 'create'],
    response: z.object({ lists: z.array(adminTemplateSchema) }),
  }),
  adminTemplateSave: endpoint({
    method: 'POST',
    path: '/admin/create/template/save',
    auth: 'operator',
    summary: 'Create or update a template with its fields and prompt',
    tags: ['admin', 'create'],
    body: adminTemplateInputSchema,
    response: adminTemplateSchema,
  }),
  adminTemplateDelete: endpoint({
    method: 'POST',
    path: '/admin/create/template/delete',
    auth: 'operator',
    summary: 'Delete a template (its history keeps the name and text)',
    tags: ['admin', 'create'],
    body: z.object({ id: idSchema }),
    response: z.null(),
    idempotent: true,
  }),
};
