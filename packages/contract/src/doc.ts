import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { idSchema, pageQuerySchema, pageSchema, safeString } from './common.js';
import { memberLevelSchema } from './user.js';
import { chargeSchema, errorEventSchema, streamBalanceSchema, usageSchema } from './chat.js';
import { paperIdSchema } from './paper.js';

/**
 * Reading of research reports and literature with cited Q&A.
 *
 * Uploads are multipart (`POST /doc/upload`, files as `file[]` plus a `type`
 * field) and registered by hand; every other JSON endpoint is in `docEndpoints`.
 * `POST /doc/chat` is a STREAM endpoint with the chat protocol (see chat.ts):
 * `start`, `delta`… and exactly one `end` or `error`; the `end` event carries
 * the citations. `GET /doc/file?id=` answers the original bytes (owner only,
 * by session); `GET /doc/file_url?id=` a short-lived URL of them that needs
 * no session (the viewer and download links use it).
 *
 * Each document type needs its own membership (spec §6): `research_report`
 * documents need a research_report membership, `literature` a literature one.
 */

/** The two reading products of spec §1. */
export const DOC_TYPES = ['research_report', 'literature'] as const;
export const docTypeSchema = z.enum(DOC_TYPES);
export type DocType = z.infer<typeof docTypeSchema>;

/** Spec §4: uploading → processing → complete, or parse_failed, or process_failed. */
export const DOC_STATUSES = ['uploading', 'processing', 'complete', 'parse_failed', 'process_failed'] as const;
export const docStatusSchema = z.enum(DOC_STATUSES);
export type DocStatus = z.infer<typeof docStatusSchema>;

/** Formats recognised by content (never by name). */
/** `image`: a PNG or JPEG photo or scan of one page, read by OCR. */
export const DOC_FORMATS = ['pdf', 'docx', 'doc', 'txt', 'md', 'image'] as const;
export const docFormatSchema = z.enum(DOC_FORMATS);
/** File name extensions the browser lets through (the server decides by content). */
export const DOC_EXTENSIONS = ['pdf', 'docx', 'doc', 'txt', 'md', 'png', 'jpg', 'jpeg'] as const;
export type DocFormat = z.infer<typeof docFormatSchema>;

/** Spec §5 / §9 limits. */
export const DOC_UPLOAD_MAX_FILES = 10;
export const DOC_UPLOAD_MAX_BYTES = 20 * 1024 * 1024;
export const DOC_MAX_WORDS = 100_000;
/** Per-user storage quota (our choice; the spec is silent): 500 MB of original files. */
export const DOC_QUOTA_BYTES = 500 * 1024 * 1024;
/** Documents one question may span. */
export const DOC_CHAT_MAX_DOCS = 10;
export const DOC_QUESTION_MAX = 2000;
export const DOC_NAME_MAX = 200;

export const DOC_UPLOAD_PATH = '/doc/upload';
export const DOC_FILE_PATH = '/doc/file';
/** Lifetime of a document's file URL: long enough to open and download it, short enough not to be worth sharing. */
export const DOC_FILE_URL_TTL_SECONDS = 600;

export const docFileUrlSchema = z.object({
  /** Site-relative (`/files/…`, resolve against the API base) or, with an object store, absolute. */
  url: safeString(),
  expires_at: safeString(),
});
export type DocFileUrl = z.infer<typeof docFileUrlSchema>;
export const DOC_CHAT_PATH = '/doc/chat';
/** Accept attribute for the file picker (the server still decides by content). */
export const DOC_ACCEPT = '.pdf,.docx,.doc,.txt,.md,.png,.jpg,.jpeg,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document,text/plain,text/markdown,image/png,image/jpeg';

export const docIdSchema = idSchema;

export const docItemSchema = z.object({
  id: z.number().int(),
  name: safeString(),
  type: docTypeSchema,
  /** Recognised from the content, never from the name. */
  format: docFormatSchema,
  status: docStatusSchema,
  /** Message key of the failure (parse_failed / process_failed), else null. */
  fail_reason: safeString().nullable(),
  /** The failure in the request locale, else null. */
  fail_text: safeString().nullable(),
  /** 0 until parsed. Text formats count as one page per ~3,000 characters block (see page). */
  pages: z.number().int(),
  words: z.number().int(),
  /** While scanned pages are read by OCR (status `processing`): "page `page` of `pages`"; else null. */
  progress: z.object({ page: z.number().int(), pages: z.number().int() }).nullable(),
  /** Bytes of the original file. */
  size: z.number().int(),
  created_at: safeString(),
  updated_at: safeString(),
});
export type DocItem = z.infer<typeof docItemSchema>;

export const docMembershipStatusSchema = z.object({
  active: z.boolean(),
  level: memberLevelSchema.nullable(),
  /** null: permanent (when active) or never had one. */
  expires_at: safeString().nullable(),
});
export type DocMembershipStatus = z.infer<typeof docMembershipStatusSchema>;

export const docQuotaSchema = z.object({
  used_bytes: z.number().int(),
  quota_bytes: z.number().int(),
  /** Membership per document type ("membership time" on /doc/manage). */
  memberships: z.object({ research_report: docMembershipStatusSchema, literature: docMembershipStatusSchema }),
});
export type DocQuota = z.infer<typeof docQuotaSchema>;

/** One file of an upload: each file succeeds or fails on its own. */
export const docUploadFileResultSchema = z.object({
  /** The client's file name (cleaned). */
  name: safeString(),
  ok: z.boolean(),
  /** The document when stored (status `processing`), else null. */
  doc: docItemSchema.nullable(),
  /** Message key of the refusal (file_too_large, doc_unsupported_type, upload_not_allowed, doc_quota_exceeded, file_required...), else null. */
  error: safeString().nullable(),
  /** The refusal in the request locale, else null. */
  msg: safeString().nullable(),
});
export const docUploadResponseSchema = z.object({
  files: z.array(docUploadFileResultSchema),
  quota: docQuotaSchema,
});
export type DocUploadResponse = z.infer<typeof docUploadResponseSchema>;

export const docInterpretationSchema = z.object({
  /** What the document is about (Markdown, request locale when a model writes it). */
  about: safeString(),
  method: safeString(),
  findings: safeString(),
  /** Three suggested questions. */
  questions: z.array(safeString()),
  /** false: the offline extract (sentences taken from the document). */
  by_model: z.boolean(),
  /** A notice in the request locale when no model wrote it, else null. */
  notice: safeString().nullable(),
  locale: safeString(),
});
export type DocInterpretation = z.infer<typeof docInterpretationSchema>;

export const docDetailSchema = docItemSchema.extend({
  /** Cached interpretation for the request locale, or null (not ready / not generated yet: call /doc/interpret). */
  interpretation: docInterpretationSchema.nullable(),
});
export type DocDetail = z.infer<typeof docDetailSchema>;

/** A passage an answer cites as `[n]`. `start`/`end` are character offsets in the page text of `/doc/page`. */
export const docCitationSchema = z.object({
  n: z.number().int(),
  doc_id: z.number().int(),
  doc_name: safeString(),
  /** 1-based page. */
  page: z.number().int(),
  text: safeString(),
  start: z.number().int().optional(),
  end: z.number().int().optional(),
  /**
   * The passage's box on its page [x0, y0, x1, y1], in PDF units at scale 1 from the page's lower-left corner,
   * when the format has one. The viewer draws it where the page has no text layer to mark (a scan read by OCR).
   */
  bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]).nullable().optional(),
});
export type DocCitation = z.infer<typeof docCitationSchema>;

export const docPageSchema = z.object({
  id: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
  format: docFormatSchema,
  /** The page's extracted text in reading order; citation offsets index into it. */
  text: safeString(),
});

export const docConversationSchema = z.object({
  id: z.number().int(),
  title: safeString(),
  doc_ids: z.array(z.number().int()),
  created_at: safeString(),
  updated_at: safeString(),
});
export type DocConversation = z.infer<typeof docConversationSchema>;

export const docMessageSchema = z.object({
  id: z.number().int(),
  conversation_id: z.number().int(),
  role: z.enum(['user', 'assistant']),
  content: safeString(),
  status: z.enum(['generating', 'done', 'stopped', 'failed']),
  error: safeString().nullable(),
  citations: z.array(docCitationSchema),
  /** Favorite id (shared /user/collection) when bookmarked, else null. */
  favorite_id: z.number().int().nullable(),
  created_at: safeString(),
});
export type DocMessage = z.infer<typeof docMessageSchema>;

/* ---- stream events of POST /doc/chat ---- */
export const docChatStartEventSchema = z.object({
  type: z.literal('start'),
  conversation_id: z.number().int(),
  user_message_id: z.number().int(),
  assistant_message_id: z.number().int(),
  model: safeString(),
  model_name: safeString(),
  /** true: no model configured; the answer is the best passages, cited the same way. */
  offline: z.boolean(),
});
export const docDeltaEventSchema = z.object({ type: z.literal('delta'), text: safeString() });
export const docEndEventSchema = z.object({
  type: z.literal('end'),
  message_id: z.number().int().nullable(),
  status: z.enum(['done', 'stopped']),
  usage: usageSchema,
  charged: chargeSchema.nullable(),
  balance: streamBalanceSchema,
  /** Every [n] of the answer (and, offline, every passage shown). */
  citations: z.array(docCitationSchema),
});
export const docChatEventSchema = z.discriminatedUnion('type', [docChatStartEventSchema, docDeltaEventSchema, docEndEventSchema, errorEventSchema]);
export type DocChatEvent = z.infer<typeof docChatEventSchema>;

export const docChatBodySchema = z.object({
  doc_ids: z.array(docIdSchema).min(1, 'doc_not_found').max(DOC_CHAT_MAX_DOCS, 'doc_too_many_selected'),
  question: safeString({ error: 'chat_content_empty' }).trim().min(1, 'chat_content_empty').max(DOC_QUESTION_MAX, 'payload_too_large'),
  conversation_id: idSchema.optional().nullable(),
});

const nameSchema = safeString({ error: 'doc_name_required' }).trim().min(1, 'doc_name_required').max(DOC_NAME_MAX, 'doc_name_too_long');
const idQuery = z.object({ id: docIdSchema });

export const docEndpoints = {
  docLists: endpoint({
    method: 'GET',
    path: '/doc/lists',
    auth: 'user',
    summary: 'The signed-in user documents, newest first; keyword searches names; optional type and status filters',
    tags: ['doc'],
    query: pageQuerySchema.extend({
      keyword: safeString().trim().max(100).optional(),
      type: docTypeSchema.optional(),
      status: docStatusSchema.optional(),
    }),
    response: pageSchema(docItemSchema).extend({ quota: docQuotaSchema }),
  }),
  docDetail: endpoint({
    method: 'GET',
    path: '/doc/detail',
    auth: 'user',
    summary: 'A document with its cached interpretation for the request locale',
    tags: ['doc'],
    query: idQuery,
    response: docDetailSchema,
  }),
  docInterpret: endpoint({
    method: 'GET',
    path: '/doc/interpret',
    auth: 'user',
    summary: 'Interpretation (about / method / findings) and three suggested questions in the request locale; generated once and cached',
    tags: ['doc'],
    query: idQuery,
    response: docInterpretationSchema,
  }),
  docPage: endpoint({
    method: 'GET',
    path: '/doc/page',
    auth: 'user',
    summary: 'The text of one page (text viewer; citation offsets index into it)',
    tags: ['doc'],
    query: z.object({ id: docIdSchema, page: z.coerce.number().int().min(1).max(100_000).default(1) }),
    response: docPageSchema,
  }),
  docRename: endpoint({
    method: 'POST',
    path: '/doc/rename',
    auth: 'user',
    summary: 'Rename a document ("document renamed")',
    tags: ['doc'],
    body: z.object({ id: docIdSchema, name: nameSchema }),
    response: docItemSchema,
    idempotent: true,
  }),
  docDelete: endpoint({
    method: 'POST',
    path: '/doc/delete',
    auth: 'user',
    summary: 'Delete a document with its file, passages, jobs and conversations ("document deleted")',
    tags: ['doc'],
    body: idQuery,
    response: z.null(),
    idempotent: true,
  }),
  docRetry: endpoint({
    method: 'POST',
    path: '/doc/retry',
    auth: 'user',
    summary: 'Process a failed document again',
    tags: ['doc'],
    body: idQuery,
    response: docItemSchema,
    idempotent: true,
  }),
  docFileUrl: endpoint({
    method: 'GET',
    path: '/doc/file_url',
    auth: 'user',
    summary: 'A short-lived URL of the original file (owner only) that the browser can load without a session',
    tags: ['doc'],
    query: idQuery,
    response: docFileUrlSchema,
  }),
  docQuota: endpoint({
    method: 'GET',
    path: '/doc/quota',
    auth: 'user',
    summary: 'Storage used and allowed, and the document memberships',
    tags: ['doc'],
    response: docQuotaSchema,
  }),
  docConversations: endpoint({
    method: 'GET',
    path: '/doc/conversations',
    auth: 'user',
    summary: 'Conversations that include a document, newest first',
    tags: ['doc'],
    query: z.object({ doc_id: docIdSchema }),
    response: z.object({ lists: z.array(docConversationSchema) }),
  }),
  docMessages: endpoint({
    method: 'GET',
    path: '/doc/messages',
    auth: 'user',
    summary: 'Messages of a conversation, or of the latest conversation of a document, oldest first',
    tags: ['doc'],
    query: z.object({ doc_id: docIdSchema.optional(), conversation_id: idSchema.optional() }).refine((v) => v.doc_id !== undefined || v.conversation_id !== undefined, 'validation_failed'),
    response: z.object({ conversation: docConversationSchema.nullable(), lists: z.array(docMessageSchema) }),
  }),
  docFavorite: endpoint({
    method: 'POST',
    path: '/doc/favorite',
    auth: 'user',
    summary: 'Bookmark (favorite true) or unbookmark an answer; it appears in /user/collection',
    tags: ['doc'],
    body: z.object({ message_id: idSchema, favorite: z.boolean() }),
    response: z.object({ favorite_id: z.number().int().nullable() }),
    idempotent: true,
  }),
  docFromPaper: endpoint({
    method: 'POST',
    path: '/doc/from_paper',
    auth: 'user',
    summary: '"Read with Xueba": fetch a paper\'s open PDF and add it as a document (then processed like an upload)',
    tags: ['doc'],
    body: z.object({ paper_id: paperIdSchema, type: docTypeSchema.default('literature') }),
    response: docItemSchema,
  }),
  /** STREAM: `docChatEventSchema` events; refusals before the stream (sign-in, membership, not ready) are JSON envelopes. */
  docChat: endpoint({
    method: 'POST',
    path: DOC_CHAT_PATH,
    auth: 'user',
    summary: 'STREAM (text/event-stream): ask one or several documents; the answer cites [n], the end event lists citations',
    tags: ['doc'],
    body: docChatBodySchema,
    response: z.null(),
  }),
};
