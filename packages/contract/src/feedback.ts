import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { idSchema, okSchema, pageQuerySchema, pageSchema, safeString } from './common.js';

/** Feedback (`/user/opinion`): what users report, the thread of replies, and Admin → Feedback. */

export const FEEDBACK_CATEGORIES = ['bug', 'suggestion', 'content', 'billing', 'other'] as const;
export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number];
export const FEEDBACK_STATUSES = ['open', 'replied', 'closed'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];
/** Longest feedback or reply text, in characters (the refusal names it). */
export const FEEDBACK_TEXT_MAX = 2000;
export const FEEDBACK_IMAGES_MAX = 4;

const feedbackText = safeString({ error: 'feedback_content_required' })
  .trim()
  .min(1, 'feedback_content_required')
  .max(FEEDBACK_TEXT_MAX, 'feedback_too_long');

/** An image `uri` that `POST /upload/image` answered this user. */
const screenshotRef = safeString().trim().min(1).max(500);

export const feedbackSubmitSchema = z.object({
  category: z.enum(FEEDBACK_CATEGORIES, { error: 'feedback_category_required' }),
  content: feedbackText,
  images: z.array(screenshotRef).max(FEEDBACK_IMAGES_MAX, 'feedback_images_too_many').default([]),
  /** The in-app path the user came from (filled by the page, not typed). */
  page: safeString().trim().max(500).default(''),
});

export const feedbackReplySchema = z.object({
  id: z.number().int(),
  author: z.enum(['user', 'operator']),
  content: safeString(),
  created_at: safeString(),
});
export type FeedbackReply = z.infer<typeof feedbackReplySchema>;

export const feedbackItemSchema = z.object({
  id: z.number().int(),
  category: z.enum(FEEDBACK_CATEGORIES),
  content: safeString(),
  images: z.array(safeString()),
  page: safeString(),
  status: z.enum(FEEDBACK_STATUSES),
  /** An operator replied since the user last opened it. */
  unread: z.boolean(),
  reply_count: z.number().int(),
  created_at: safeString(),
  updated_at: safeString(),
});
export type FeedbackItem = z.infer<typeof feedbackItemSchema>;

export const feedbackDetailSchema = feedbackItemSchema.extend({ replies: z.array(feedbackReplySchema) });
export type FeedbackDetail = z.infer<typeof feedbackDetailSchema>;

export const adminFeedbackItemSchema = feedbackItemSchema.extend({
  user_id: z.number().int(),
  user_label: safeString(),
});
export type AdminFeedbackItem = z.infer<typeof adminFeedbackItemSchema>;
export const adminFeedbackDetailSchema = adminFeedbackItemSchema.extend({ replies: z.array(feedbackReplySchema) });
export type AdminFeedbackDetail = z.infer<typeof adminFeedbackDetailSchema>;

export const adminFeedbackQuerySchema = pageQuerySchema.extend({
  status: z.enum(FEEDBACK_STATUSES).optional(),
  category: z.enum(FEEDBACK_CATEGORIES).optional(),
  keyword: safeString().trim().max(100).optional(),
});

const threadReplyBody = z.object({ id: idSchema, content: feedbackText });

export const feedbackEndpoints = {
  feedbackSubmit: endpoint({
    method: 'POST',
    path: '/feedback/submit',
    auth: 'user',
    summary: 'Submit feedback: a category, text, up to 4 uploaded screenshots, and the page it came from',
    tags: ['feedback'],
    body: feedbackSubmitSchema,
    response: feedbackItemSchema,
  }),
  feedbackList: endpoint({
    method: 'GET',
    path: '/feedback/list',
    auth: 'user',
    summary: "The user's feedback, newest activity first, with status and unread replies",
    tags: ['feedback'],
    query: pageQuerySchema,
    response: pageSchema(feedbackItemSchema).extend({ unread: z.number().int() }),
  }),
  feedbackDetail: endpoint({
    method: 'GET',
    path: '/feedback/detail',
    auth: 'user',
    summary: 'One feedback with its thread of replies (opening it marks the replies read)',
    tags: ['feedback'],
    query: z.object({ id: idSchema }),
    response: feedbackDetailSchema,
  }),
  feedbackReply: endpoint({
    method: 'POST',
    path: '/feedback/reply',
    auth: 'user',
    summary: 'Reply in the thread of one of your feedbacks (refused once it is closed)',
    tags: ['feedback'],
    body: threadReplyBody,
    response: feedbackDetailSchema,
  }),
  adminFeedbackList: endpoint({
    method: 'GET',
    path: '/admin/feedback',
    auth: 'operator',
    summary: 'All feedback, filtered by status, category and a search of the text or the user',
    tags: ['admin', 'feedback'],
    query: adminFeedbackQuerySchema,
    response: pageSchema(adminFeedbackItemSchema),
  }),
  adminFeedbackDetail: endpoint({
    method: 'GET',
    path: '/admin/feedback/detail',
    auth: 'operator',
    summary: 'One feedback with its thread',
    tags: ['admin', 'feedback'],
    query: z.object({ id: idSchema }),
    response: adminFeedbackDetailSchema,
  }),
  adminFeedbackReply: endpoint({
    method: 'POST',
    path: '/admin/feedback/reply',
    auth: 'operator',
    summary: 'Reply to a feedback (status becomes replied; the user is notified)',
    tags: ['admin', 'feedback'],
    body: threadReplyBody,
    response: adminFeedbackDetailSchema,
  }),
  adminFeedbackClose: endpoint({
    method: 'POST',
    path: '/admin/feedback/close',
    auth: 'operator',
    summary: 'Close a feedback (no more replies)',
    tags: ['admin', 'feedback'],
    body: z.object({ id: idSchema }),
    response: okSchema,
    idempotent: true,
  }),
};
