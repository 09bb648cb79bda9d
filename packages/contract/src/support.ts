import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { emailSchema, codeSchema, idSchema, okSchema, pageQuerySchema, pageSchema, safeString } from './common.js';

/**
 * Customer service: one conversation at a time between a user (or a visitor
 * who verified an email) and the operators, pushed live over a stream.
 */

export const SUPPORT_TEXT_MAX = 1000;
export const SUPPORT_STATUSES = ['open', 'closed'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];

/** A visitor's proof of a verified email (`/support/visitor/verify`); signed-in users leave it out. */
const visitorToken = safeString().trim().min(16).max(100).optional();

export const supportMessageSchema = z.object({
  id: z.number().int(),
  sender: z.enum(['user', 'operator']),
  content: safeString(),
  image: safeString().nullable(),
  created_at: safeString(),
});
export type SupportMessage = z.infer<typeof supportMessageSchema>;

export const supportConversationSchema = z.object({
  id: z.number().int(),
  status: z.enum(SUPPORT_STATUSES),
  /** Operator messages the user has not seen. */
  unread: z.number().int(),
  created_at: safeString(),
});
export type SupportConversation = z.infer<typeof supportConversationSchema>;

/** The external contact beside the widget (`/pc/config` qrcode section). */
export const supportContactSchema = z.object({
  customer_service: safeString(),
  official_account: safeString(),
});

export const supportStateSchema = z.object({
  conversation: supportConversationSchema.nullable(),
  messages: z.array(supportMessageSchema),
  contact: supportContactSchema.nullable(),
  /** The visitor's verified email (null for a signed-in user). */
  visitor_email: safeString().nullable(),
});
export type SupportState = z.infer<typeof supportStateSchema>;

const messageText = safeString().trim().max(SUPPORT_TEXT_MAX, 'support_message_too_long').default('');

export const supportSendSchema = z
  .object({
    visitor_token: visitorToken,
    /** The conversation shown; a closed one refuses. Left out: the open one, or a new one. */
    conversation_id: idSchema.optional(),
    content: messageText,
    image: safeString().trim().max(500).optional(),
  })
  .refine((body) => body.content.length > 0 || body.image !== undefined, { message: 'support_message_required', path: ['content'] });

/** What the live stream says: something changed in a conversation (read it again), or start over. */
export const supportStreamEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('changed'), conversation_id: z.number().int() }),
  z.object({ type: z.literal('resync') }),
]);
export type SupportStreamEvent = z.infer<typeof supportStreamEventSchema>;

export const adminSupportItemSchema = z.object({
  id: z.number().int(),
  status: z.enum(SUPPORT_STATUSES),
  user_id: z.number().int().nullable(),
  /** Nickname or account of a user, or the visitor's email. */
  label: safeString(),
  visitor: z.boolean(),
  /** User messages no operator has read. */
  unread: z.number().int(),
  preview: safeString(),
  last_message_at: safeString(),
});
export type AdminSupportItem = z.infer<typeof adminSupportItemSchema>;

export const quickReplySchema = z.object({ id: z.number().int(), title: safeString(), content: safeString(), sort: z.number().int() });
export type QuickReply = z.infer<typeof quickReplySchema>;

const conversationBody = z.object({ conversation_id: idSchema });

export const supportEndpoints = {
  supportVisitorCode: endpoint({
    method: 'POST',
    path: '/support/visitor/code',
    auth: 'none',
    summary: 'Email a visitor a code to reach customer service',
    tags: ['support'],
    body: z.object({ email: emailSchema }),
    response: z.object({ resend_after: z.number().int() }),
  }),
  supportVisitorVerify: endpoint({
    method: 'POST',
    path: '/support/visitor/verify',
    auth: 'none',
    summary: 'A visitor proves the email with the code and gets a support token',
    tags: ['support'],
    body: z.object({ email: emailSchema, code: codeSchema }),
    response: z.object({ visitor_token: safeString(), email: safeString() }),
  }),
  supportState: endpoint({
    method: 'POST',
    path: '/support/state',
    auth: 'optional',
    summary: 'The current conversation with its messages, and the external contact',
    tags: ['support'],
    body: z.object({ visitor_token: visitorToken }),
    response: supportStateSchema,
  }),
  supportUnread: endpoint({
    method: 'GET',
    path: '/support/unread',
    auth: 'user',
    summary: 'Operator messages the signed-in user has not read (the floating button badge)',
    tags: ['support'],
    response: z.object({ unread: z.number().int() }),
  }),
  supportSend: endpoint({
    method: 'POST',
    path: '/support/send',
    auth: 'optional',
    summary: 'Send a message (text and/or an uploaded image) to customer service',
    tags: ['support'],
    body: supportSendSchema,
    response: z.object({ conversation: supportConversationSchema, message: supportMessageSchema }),
  }),
  supportRead: endpoint({
    method: 'POST',
    path: '/support/read',
    auth: 'optional',
    summary: 'The user has seen the operator messages of a conversation',
    tags: ['support'],
    body: conversationBody.extend({ visitor_token: visitorToken }),
    response: okSchema,
    idempotent: true,
  }),
  supportStream: endpoint({
    method: 'POST',
    path: '/support/stream',
    auth: 'optional',
    summary: 'Server-sent events: a change in your conversation (ready, changed, resync)',
    tags: ['support'],
    body: z.object({ visitor_token: visitorToken }),
    response: supportStreamEventSchema,
  }),
  adminSupportList: endpoint({
    method: 'GET',
    path: '/admin/support',
    auth: 'operator',
    summary: 'Conversations, unread first then by the last message',
    tags: ['admin', 'support'],
    query: pageQuerySchema.extend({ status: z.enum(SUPPORT_STATUSES).optional(), keyword: safeString().trim().max(100).optional() }),
    response: pageSchema(adminSupportItemSchema).extend({ unread: z.number().int() }),
  }),
  adminSupportMessages: endpoint({
    method: 'GET',
    path: '/admin/support/messages',
    auth: 'operator',
    summary: 'One conversation and its messages',
    tags: ['admin', 'support'],
    query: z.object({ conversation_id: idSchema }),
    response: z.object({ conversation: adminSupportItemSchema, messages: z.array(supportMessageSchema) }),
  }),
  adminSupportReply: endpoint({
    method: 'POST',
    path: '/admin/support/reply',
    auth: 'operator',
    summary: 'Answer a conversation (the user is notified; mailed when away)',
    tags: ['admin', 'support'],
    body: z
      .object({ conversation_id: idSchema, content: messageText, image: safeString().trim().max(500).optional() })
      .refine((body) => body.content.length > 0 || body.image !== undefined, { message: 'support_message_required', path: ['content'] }),
    response: supportMessageSchema,
  }),
  adminSupportRead: endpoint({
    method: 'POST',
    path: '/admin/support/read',
    auth: 'operator',
    summary: "The operators have seen the user's messages",
    tags: ['admin', 'support'],
    body: conversationBody,
    response: okSchema,
    idempotent: true,
  }),
  adminSupportClose: endpoint({
    method: 'POST',
    path: '/admin/support/close',
    auth: 'operator',
    summary: 'Close a conversation (the user starts a new one to write again)',
    tags: ['admin', 'support'],
    body: conversationBody,
    response: okSchema,
    idempotent: true,
  }),
  adminSupportStream: endpoint({
    method: 'POST',
    path: '/admin/support/stream',
    auth: 'operator',
    summary: 'Server-sent events: a change in any conversation',
    tags: ['admin', 'support'],
    body: z.object({}),
    response: supportStreamEventSchema,
  }),
  adminQuickReplies: endpoint({
    method: 'GET',
    path: '/admin/support/quick-replies',
    auth: 'operator',
    summary: 'Canned replies',
    tags: ['admin', 'support'],
    response: z.array(quickReplySchema),
  }),
  adminQuickReplySave: endpoint({
    method: 'POST',
    path: '/admin/support/quick-replies/save',
    auth: 'operator',
    summary: 'Create or edit a canned reply',
    tags: ['admin', 'support'],
    body: z.object({
      id: idSchema.optional(),
      title: safeString().trim().min(1, 'validation_failed').max(50, 'validation_failed'),
      content: safeString().trim().min(1, 'support_message_required').max(SUPPORT_TEXT_MAX, 'support_message_too_long'),
      sort: z.number().int().min(0).max(9999).default(0),
    }),
    response: quickReplySchema,
  }),
  adminQuickReplyDelete: endpoint({
    method: 'POST',
    path: '/admin/support/quick-replies/delete',
    auth: 'operator',
    summary: 'Delete a canned reply',
    tags: ['admin', 'support'],
    body: z.object({ id: idSchema }),
    response: okSchema,
    idempotent: true,
  }),
};
