import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { idSchema, pageQuerySchema, pageSchema, safeString } from './common.js';
import { NOTICE_KINDS } from './notice-constants.js';

/**
 * The notice centre: the user's personal notifications (rendered in the
 * request's language from each kind's templates in messages-notice.ts), the
 * unread count the header badge shows, marking read, and per-kind email
 * opt-in. The site bulletin stays in `/pc/config` (`bulletin_config`).
 */

export const noticeKindSchema = z.enum(NOTICE_KINDS);

export const noticeSchema = z.object({
  id: z.number().int(),
  kind: noticeKindSchema,
  title: safeString(),
  body: safeString(),
  params: z.record(safeString(), z.union([safeString(), z.number()])),
  /** In-app path (no locale prefix) the notice opens, if any. */
  link: safeString().nullable(),
  read: z.boolean(),
  created_at: safeString(),
});
export type Notice = z.infer<typeof noticeSchema>;

export const noticePreferencesSchema = z.object({
  /** Kinds the user gets an email for (opt-in: none by default). */
  email_kinds: z.array(noticeKindSchema),
  /** Whether the account has an email address to mail to. */
  has_email: z.boolean(),
});
export type NoticePreferences = z.infer<typeof noticePreferencesSchema>;

const unreadSchema = z.object({ unread: z.number().int() });

export const noticeEndpoints = {
  noticeList: endpoint({
    method: 'GET',
    path: '/notice/list',
    auth: 'user',
    summary: 'The user’s notifications, newest first, in the request language',
    tags: ['notice'],
    query: pageQuerySchema.extend({ unread: z.enum(['0', '1']).default('0') }),
    response: pageSchema(noticeSchema).extend({ unread: z.number().int() }),
  }),
  noticeUnread: endpoint({
    method: 'GET',
    path: '/notice/unread',
    auth: 'user',
    summary: 'How many notifications the user has not read (the header badge)',
    tags: ['notice'],
    response: unreadSchema,
  }),
  noticeRead: endpoint({
    method: 'POST',
    path: '/notice/read',
    auth: 'user',
    summary: 'Marks one notification read; answers the unread count left',
    tags: ['notice'],
    idempotent: true,
    body: z.object({ id: idSchema }),
    response: unreadSchema,
  }),
  noticeReadAll: endpoint({
    method: 'POST',
    path: '/notice/readAll',
    auth: 'user',
    summary: 'Marks every notification read',
    tags: ['notice'],
    idempotent: true,
    response: unreadSchema,
  }),
  noticePreferences: endpoint({
    method: 'GET',
    path: '/notice/preferences',
    auth: 'user',
    summary: 'Which kinds of notice the user gets by email',
    tags: ['notice'],
    response: noticePreferencesSchema,
  }),
  noticePreferencesSave: endpoint({
    method: 'POST',
    path: '/notice/preferences',
    auth: 'user',
    summary: 'Sets the kinds of notice mailed to the user (mail is written in the language of this request)',
    tags: ['notice'],
    idempotent: true,
    body: z.object({ email_kinds: z.array(noticeKindSchema).max(NOTICE_KINDS.length) }),
    response: noticePreferencesSchema,
  }),
};
