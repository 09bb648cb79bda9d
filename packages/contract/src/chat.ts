import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { idSchema, pageQuerySchema, pageSchema, safeString } from './common.js';
import { modelKeySchema } from './models.js';
import { chatSkillSchema } from './skill.js';

/**
 * Chat (`/chat`). `POST /chat/send`, `/chat/regenerate`,
 * `/chat/edit` and `/create/produce` are STREAM endpoints: once accepted they
 * answer `200 text/event-stream`; a refusal before the stream starts (bad
 * input, sign-in, balance, limits) is a normal JSON envelope with an honest
 * status (400, 401 code -1, 402, 404, 409, 429).
 *
 * Wire format of each event: `event: <type>\ndata: <json>\n\n`, where the
 * JSON is the whole event object including `type`, so
 * `chatStreamEventSchema.parse(JSON.parse(data))` types it. Lines starting
 * with `:` are keep-alive comments. Every stream ends with exactly one `end`
 * or `error` event.
 */

/** Message ids are bigserial. */
export const messageIdSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** Spec §3: text 1, image 2, goods 3. */
export const MESSAGE_KINDS = { text: 1, image: 2, goods: 3 } as const;
export const messageKindSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);
export const MESSAGE_STATUSES = ['generating', 'done', 'stopped', 'failed'] as const;
export const messageStatusSchema = z.enum(MESSAGE_STATUSES);
export type MessageStatus = z.infer<typeof messageStatusSchema>;

/** A cited source; answers refer to it as `[n]`. */
export const sourceSchema = z.object({
  n: z.number().int(),
  /** help, example, paper, document */
  source: safeString(),
  id: safeString(),
  title: safeString(),
  url: safeString().optional(),
  page: z.number().int().optional(),
});
export type Source = z.infer<typeof sourceSchema>;

export const usageSchema = z.object({
  prompt_tokens: z.number().int(),
  completion_tokens: z.number().int(),
  /** Words of the delivered answer (CJK characters count one each): what per_1k_words bills. */
  words: z.number().int(),
});

export const chargeSchema = z.object({ asset: z.enum(['conversation_count', 'word_count']), amount: z.number().int() });
/** The balances billing touches, after settlement; null when the answer is not billed (members, visitors, free models). */
export const streamBalanceSchema = z.object({ conversation_count: z.number().int(), word_count: z.number().int() }).nullable();

export const deltaEventSchema = z.object({ type: z.literal('delta'), text: safeString() });
export const sourcesEventSchema = z.object({ type: z.literal('sources'), passages: z.array(sourceSchema) });
export const endEventSchema = z.object({
  type: z.literal('end'),
  /** The assistant message (chat) or creation (templates). */
  message_id: z.number().int().nullable(),
  /** done: complete; stopped: stopped by the user or the tab closed (partial answer kept). */
  status: z.enum(['done', 'stopped']),
  usage: usageSchema,
  /** null: nothing charged (member, visitor, free model, nothing delivered). */
  charged: chargeSchema.nullable(),
  balance: streamBalanceSchema,
});
/** The answer failed after the stream started; the partial answer (if any) is kept and only it is billed. */
export const errorEventSchema = z.object({
  type: z.literal('error'),
  message_id: z.number().int().nullable(),
  /** Message key (messages.ts), e.g. model_timeout, model_upstream_error. */
  code: safeString(),
  /** Translated message in the request locale. */
  msg: safeString(),
  charged: chargeSchema.nullable(),
  balance: streamBalanceSchema,
  /**
   * true: the question was refused after the stream had started (a limit or
   * balance check lost a race with another tab or process) and nothing was
   * saved; the client treats it like a refusal with HTTP `status`.
   */
  refused: z.boolean().optional(),
  status: z.number().int().optional(),
});

export const chatStartEventSchema = z.object({
  type: z.literal('start'),
  /** null for visitors: their questions are answered but not stored. */
  conversation_id: z.number().int().nullable(),
  user_message_id: z.number().int().nullable(),
  assistant_message_id: z.number().int().nullable(),
  /** Model key and display name actually used. */
  model: safeString(),
  model_name: safeString(),
  /** true: the offline retrieval channel answers (no model configured or chosen). */
  offline: z.boolean(),
  /** Conversation title (new conversations are named after the question). */
  title: safeString().nullable(),
});

export const chatStreamEventSchema = z.discriminatedUnion('type', [chatStartEventSchema, deltaEventSchema, sourcesEventSchema, endEventSchema, errorEventSchema]);
export type ChatStreamEvent = z.infer<typeof chatStreamEventSchema>;

export const conversationSchema = z.object({
  id: z.number().int(),
  title: safeString(),
  model: safeString(),
  created_at: safeString(),
  /** Grouping by date (today, yesterday, earlier) is the client's job. */
  updated_at: safeString(),
  /** The skill the conversation was started with (its prompt joins every answer), or null. */
  skill_id: z.number().int().nullable(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const chatMessageSchema = z.object({
  id: z.number().int(),
  role: z.enum(['user', 'assistant']),
  kind: messageKindSchema,
  content: safeString(),
  status: messageStatusSchema,
  /** Message key of a failure (failed answers). */
  error: safeString().nullable(),
  model: safeString().nullable(),
  sources: z.array(sourceSchema),
  /** Favorite id when this answer is bookmarked. */
  favorite_id: z.number().int().nullable(),
  created_at: safeString(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** Question text: trimmed, non-empty; the length limit is an admin setting (default 8000), checked by the server. */
const contentSchema = safeString({ error: 'chat_content_empty' }).trim().min(1, 'chat_content_empty').max(100_000, 'payload_too_large');

export const favoriteSchema = z.object({
  id: z.number().int(),
  question: safeString(),
  answer: safeString(),
  /** null when the conversation was deleted (the favorite keeps its text). */
  conversation_id: z.number().int().nullable(),
  message_id: z.number().int().nullable(),
  created_at: safeString(),
});

export const chatEndpoints = {
  /** STREAM: `chatStreamEventSchema` events. Visitors (no token) get `chat_limit` questions a day, then 401 code -1. */
  chatSend: endpoint({
    method: 'POST',
    path: '/chat/send',
    auth: 'optional',
    summary: 'STREAM (text/event-stream): ask a question in a new or existing conversation',
    tags: ['chat'],
    body: z.object({
      conversation_id: idSchema.optional().nullable(),
      content: contentSchema,
      model: modelKeySchema.optional(),
      /** A new conversation with this skill (ignored for an existing conversation, which keeps its own); unknown or disabled: 404 skill_not_found. */
      skill_id: idSchema.optional().nullable(),
    }),
    response: z.null(),
  }),
  /** STREAM: answers the last question of the conversation again, replacing the last answer. */
  chatRegenerate: endpoint({
    method: 'POST',
    path: '/chat/regenerate',
    auth: 'user',
    summary: 'STREAM (text/event-stream): answer the last question again',
    tags: ['chat'],
    body: z.object({ conversation_id: idSchema, model: modelKeySchema.optional() }),
    response: z.null(),
  }),
  /** STREAM: replaces a question's text, drops every later message, and answers it. */
  chatEdit: endpoint({
    method: 'POST',
    path: '/chat/edit',
    auth: 'user',
    summary: 'STREAM (text/event-stream): edit a question and resend it',
    tags: ['chat'],
    body: z.object({ message_id: messageIdSchema, content: contentSchema, model: modelKeySchema.optional() }),
    response: z.null(),
  }),
  chatStop: endpoint({
    method: 'POST',
    path: '/chat/stop',
    auth: 'user',
    summary: 'Stop a generating answer (any process); the partial answer is kept and billed as delivered',
    tags: ['chat'],
    body: z.object({ message_id: messageIdSchema }),
    response: z.object({ status: messageStatusSchema }),
    idempotent: true,
  }),
  chatConversations: endpoint({
    method: 'GET',
    path: '/chat/conversations',
    auth: 'user',
    summary: 'Conversations, newest first; keyword searches titles and message text',
    tags: ['chat'],
    query: pageQuerySchema.extend({ keyword: safeString().trim().max(100).optional() }),
    response: pageSchema(conversationSchema),
  }),
  chatMessages: endpoint({
    method: 'GET',
    path: '/chat/messages',
    auth: 'user',
    summary: 'All messages of a conversation, oldest first',
    tags: ['chat'],
    query: z.object({ conversation_id: idSchema }),
    response: z.object({ conversation: conversationSchema, lists: z.array(chatMessageSchema), skill: chatSkillSchema.nullable() }),
  }),
  chatRename: endpoint({
    method: 'POST',
    path: '/chat/rename',
    auth: 'user',
    summary: 'Rename a conversation',
    tags: ['chat'],
    body: z.object({ conversation_id: idSchema, title: safeString().trim().min(1, 'validation_failed').max(100, 'validation_failed') }),
    response: conversationSchema,
    idempotent: true,
  }),
  chatDelete: endpoint({
    method: 'POST',
    path: '/chat/delete',
    auth: 'user',
    summary: 'Delete a conversation (generating answers in it are stopped; favorites keep their text)',
    tags: ['chat'],
    body: z.object({ conversation_id: idSchema }),
    response: z.null(),
    idempotent: true,
  }),
  chatExport: endpoint({
    method: 'GET',
    path: '/chat/export',
    auth: 'user',
    summary: 'A conversation as Markdown',
    tags: ['chat'],
    query: z.object({ conversation_id: idSchema }),
    response: z.object({ title: safeString(), filename: safeString(), markdown: safeString() }),
  }),
  collectionAdd: endpoint({
    method: 'POST',
    path: '/collection/add',
    auth: 'user',
    summary: 'Bookmark an answer with its question ("bookmark added"); adding twice returns the same favorite',
    tags: ['collection'],
    body: z.object({ message_id: messageIdSchema }),
    response: favoriteSchema,
    idempotent: true,
  }),
  collectionRemove: endpoint({
    method: 'POST',
    path: '/collection/remove',
    auth: 'user',
    summary: 'Remove a bookmark by favorite id or answer message id ("bookmark removed")',
    tags: ['collection'],
    body: z.object({ id: idSchema.optional(), message_id: messageIdSchema.optional() }).refine((v) => v.id !== undefined || v.message_id !== undefined, 'validation_failed'),
    response: z.null(),
    idempotent: true,
  }),
  collectionLists: endpoint({
    method: 'GET',
    path: '/collection/lists',
    auth: 'user',
    summary: 'Favorites for /user/collection, newest first; keyword searches question and answer',
    tags: ['collection'],
    query: pageQuerySchema.extend({ keyword: safeString().trim().max(100).optional() }),
    response: pageSchema(favoriteSchema),
  }),
};
