import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { idSchema, okSchema, pageQuerySchema, pageSchema, safeString } from './common.js';
import { LOCALES } from './locales.js';
import { CONTENT_SEARCH_MAX } from './content-constants.js';

/**
 * News and the help centre (help articles and FAQ): public reading and
 * Admin → Content. Bodies are rich text the server sanitises when saved;
 * every locale falls back to the Chinese version.
 */

export const CONTENT_KINDS = ['news', 'help', 'faq'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];
/** Categories are shared by help articles and FAQ (the help centre's sections); news has its own. */
export const CONTENT_CATEGORY_KINDS = ['news', 'help'] as const;
export type ContentCategoryKind = (typeof CONTENT_CATEGORY_KINDS)[number];
export const CONTENT_STATUSES = ['draft', 'published', 'hidden'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

export const CONTENT_TITLE_MAX = 120;
export const CONTENT_SUMMARY_MAX = 300;
/** Characters of stored (sanitised) HTML per version: a long article with tables fits. */
export const CONTENT_BODY_MAX = 200_000;

const searchQuery = safeString().trim().max(CONTENT_SEARCH_MAX).optional();

export const contentCategorySchema = z.object({ id: z.number().int(), name: safeString() });
export type ContentCategory = z.infer<typeof contentCategorySchema>;

/** The neighbour links of a news article (previous: published earlier; next: later). */
const neighbourSchema = z.object({ id: z.number().int(), title: safeString() }).nullable();

export const newsItemSchema = z.object({
  id: z.number().int(),
  title: safeString(),
  summary: safeString(),
  cover: safeString().nullable(),
  category_id: z.number().int().nullable(),
  category_name: safeString().nullable(),
  published_at: safeString(),
  view_count: z.number().int(),
  /** The locale of the version shown (the reader's, or Chinese as the fallback). */
  locale: z.enum(LOCALES),
});
export type NewsItem = z.infer<typeof newsItemSchema>;

export const newsDetailSchema = newsItemSchema.extend({
  /** Sanitised HTML. */
  body: safeString(),
  prev: neighbourSchema,
  next: neighbourSchema,
});
export type NewsDetail = z.infer<typeof newsDetailSchema>;

export const helpItemSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['help', 'faq']),
  title: safeString(),
  summary: safeString(),
  category_id: z.number().int().nullable(),
  /** FAQ answers come with the list (they are short); help articles open on their own page. */
  body: safeString().nullable(),
  locale: z.enum(LOCALES),
});
export type HelpItem = z.infer<typeof helpItemSchema>;

export const helpDetailSchema = helpItemSchema.extend({
  body: safeString(),
  category_name: safeString().nullable(),
  updated_at: safeString(),
});
export type HelpDetail = z.infer<typeof helpDetailSchema>;

// ---- admin

const localeNames = z.object({
  zh: safeString().trim().min(1, 'content_name_required').max(40, 'content_name_required'),
  en: safeString().trim().max(40).default(''),
  ja: safeString().trim().max(40).default(''),
  ko: safeString().trim().max(40).default(''),
});

export const adminContentCategorySchema = z.object({
  id: z.number().int(),
  kind: z.enum(CONTENT_CATEGORY_KINDS),
  names: z.object({ zh: safeString(), en: safeString(), ja: safeString(), ko: safeString() }),
  sort: z.number().int(),
  articles: z.number().int(),
});
export type AdminContentCategory = z.infer<typeof adminContentCategorySchema>;

export const contentVersionInputSchema = z.object({
  title: safeString().trim().max(CONTENT_TITLE_MAX, 'content_title_too_long').default(''),
  summary: safeString().trim().max(CONTENT_SUMMARY_MAX, 'content_summary_too_long').default(''),
  body: safeString().max(CONTENT_BODY_MAX, 'content_body_too_long').default(''),
});
export const contentVersionSchema = z.object({ title: safeString(), summary: safeString(), body: safeString() });

export const adminContentSaveSchema = z.object({
  id: idSchema.optional(),
  kind: z.enum(CONTENT_KINDS),
  category_id: idSchema.nullable().default(null),
  /** An uploaded image (`/files/…` from `POST /upload/image`), news only. */
  cover: safeString().trim().max(500).nullable().default(null),
  status: z.enum(CONTENT_STATUSES).default('draft'),
  /** When a published article becomes visible (ISO time); absent or past: at once. */
  publish_at: safeString()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/, 'content_publish_at_invalid')
    .refine((value) => !Number.isNaN(Date.parse(value)), 'content_publish_at_invalid')
    .nullable()
    .default(null),
  sort: z.number().int().min(0).max(9999).default(0),
  /** Chinese is required (every other locale falls back to it); an empty title leaves a locale out. */
  versions: z.object({ zh: contentVersionInputSchema, en: contentVersionInputSchema.optional(), ja: contentVersionInputSchema.optional(), ko: contentVersionInputSchema.optional() }),
});
export type AdminContentSave = z.input<typeof adminContentSaveSchema>;

export const adminContentArticleSchema = z.object({
  id: z.number().int(),
  kind: z.enum(CONTENT_KINDS),
  category_id: z.number().int().nullable(),
  cover: safeString().nullable(),
  status: z.enum(CONTENT_STATUSES),
  publish_at: safeString().nullable(),
  /** published and its time has come: what readers see. */
  visible: z.boolean(),
  sort: z.number().int(),
  view_count: z.number().int(),
  versions: z.partialRecord(z.enum(LOCALES), contentVersionSchema),
  created_at: safeString(),
  updated_at: safeString(),
});
export type AdminContentArticle = z.infer<typeof adminContentArticleSchema>;

export const adminContentRowSchema = adminContentArticleSchema.omit({ versions: true }).extend({ title: safeString(), locales: z.array(z.enum(LOCALES)) });
export type AdminContentRow = z.infer<typeof adminContentRowSchema>;

export const contentEndpoints = {
  newsList: endpoint({
    method: 'GET',
    path: '/news/list',
    auth: 'none',
    summary: 'Published news in the reader’s language (Chinese where a version is missing), newest first, with the categories',
    tags: ['news'],
    query: pageQuerySchema.extend({ category_id: idSchema.optional(), q: searchQuery }),
    response: pageSchema(newsItemSchema).extend({ categories: z.array(contentCategorySchema) }),
  }),
  newsDetail: endpoint({
    method: 'GET',
    path: '/news/detail',
    auth: 'none',
    summary: 'One published news article (counts a view), with the previous and next article',
    tags: ['news'],
    query: z.object({ id: idSchema }),
    response: newsDetailSchema,
  }),
  helpList: endpoint({
    method: 'GET',
    path: '/help/list',
    auth: 'none',
    summary: 'The help centre: categories, help articles and FAQ (with answers), optionally searched or of one category',
    tags: ['help'],
    query: z.object({ category_id: idSchema.optional(), q: searchQuery }),
    response: z.object({ categories: z.array(contentCategorySchema), articles: z.array(helpItemSchema), faq: z.array(helpItemSchema) }),
  }),
  helpDetail: endpoint({
    method: 'GET',
    path: '/help/detail',
    auth: 'none',
    summary: 'One published help article or FAQ entry',
    tags: ['help'],
    query: z.object({ id: idSchema }),
    response: helpDetailSchema,
  }),
  adminContentCategories: endpoint({
    method: 'GET',
    path: '/admin/content/categories',
    auth: 'operator',
    summary: 'Categories of news or of the help centre, with how many articles each holds',
    tags: ['admin', 'content'],
    query: z.object({ kind: z.enum(CONTENT_CATEGORY_KINDS) }),
    response: z.array(adminContentCategorySchema),
  }),
  adminContentCategorySave: endpoint({
    method: 'POST',
    path: '/admin/content/category/save',
    auth: 'operator',
    summary: 'Create or rename a category',
    tags: ['admin', 'content'],
    body: z.object({ id: idSchema.optional(), kind: z.enum(CONTENT_CATEGORY_KINDS), names: localeNames, sort: z.number().int().min(0).max(9999).default(0) }),
    response: adminContentCategorySchema,
  }),
  adminContentCategoryDelete: endpoint({
    method: 'POST',
    path: '/admin/content/category/delete',
    auth: 'operator',
    summary: 'Delete a category (its articles stay, without a category)',
    tags: ['admin', 'content'],
    body: z.object({ id: idSchema }),
    response: okSchema,
    idempotent: true,
  }),
  adminContentList: endpoint({
    method: 'GET',
    path: '/admin/content/list',
    auth: 'operator',
    summary: 'Articles of one kind in every status, newest first',
    tags: ['admin', 'content'],
    query: pageQuerySchema.extend({ kind: z.enum(CONTENT_KINDS), status: z.enum(CONTENT_STATUSES).optional(), q: searchQuery }),
    response: pageSchema(adminContentRowSchema),
  }),
  adminContentDetail: endpoint({
    method: 'GET',
    path: '/admin/content/detail',
    auth: 'operator',
    summary: 'One article with all its locale versions',
    tags: ['admin', 'content'],
    query: z.object({ id: idSchema }),
    response: adminContentArticleSchema,
  }),
  adminContentSave: endpoint({
    method: 'POST',
    path: '/admin/content/save',
    auth: 'operator',
    summary: 'Create or update an article; bodies are sanitised before they are stored',
    tags: ['admin', 'content'],
    body: adminContentSaveSchema,
    response: adminContentArticleSchema,
  }),
  adminContentDelete: endpoint({
    method: 'POST',
    path: '/admin/content/delete',
    auth: 'operator',
    summary: 'Delete an article',
    tags: ['admin', 'content'],
    body: z.object({ id: idSchema }),
    response: okSchema,
    idempotent: true,
  }),
};

