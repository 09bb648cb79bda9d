import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { idSchema, okSchema, pageQuerySchema, pageSchema, safeString } from './common.js';
import { drawFamilySchema, drawGenerationSchema } from './draw.js';
import { SQUARE_REPORT_REASON_MAX, SQUARE_STATUSES } from './draw-constants.js';

/**
 * The image square (spec §2 `/app/square`): pictures users published from
 * their drawings. Publishing waits for an administrator's approval unless the
 * administrator turned moderation off (`draw_square_config`); anyone can see
 * published items; signed-in users can report one; administrators approve,
 * reject, hide and show again. Each item has a share link (`/app/square?id=`)
 * and a poster: an image made on the server with the picture and a QR code of
 * that link (`GET /draw/square/poster?id=`, not an envelope).
 */

export const squareStatusSchema = z.enum(SQUARE_STATUSES);
export type SquareStatus = z.infer<typeof squareStatusSchema>;


export const squareItemSchema = z.object({
  id: z.number().int(),
  image_url: safeString(),
  thumb_url: safeString(),
  width: z.number().int(),
  height: z.number().int(),
  /** What "draw the same" fills the form with. */
  prompt: safeString(),
  negative_prompt: safeString(),
  family: drawFamilySchema,
  model: safeString(),
  size: safeString(),
  style: safeString().nullable(),
  quality: safeString().nullable(),
  generation: drawGenerationSchema,
  nickname: safeString(),
  avatar: safeString(),
  /** Everyone sees `published`; the author and administrators also see the others. */
  status: squareStatusSchema,
  /** true for the author. */
  mine: z.boolean(),
  /** The page that opens this item's pop-up (absolute, for the poster and copying). */
  share_url: safeString(),
  created_at: safeString(),
});
export type SquareItem = z.infer<typeof squareItemSchema>;

export const adminSquareItemSchema = squareItemSchema.extend({
  user_id: z.number().int(),
  reports: z.number().int(),
  /** The latest report reasons, newest first. */
  report_reasons: z.array(safeString()),
});

export const SQUARE_REVIEW_ACTIONS = ['approve', 'reject', 'hide', 'show'] as const;

export const drawSquareEndpoints = {
  squareList: endpoint({
    method: 'GET',
    path: '/draw/square/list',
    auth: 'optional',
    summary: 'Published square items, newest first (`mine=1`: the signed-in user\'s items in any status)',
    tags: ['draw-square'],
    query: pageQuerySchema.extend({ mine: z.enum(['1', '0']).optional(), family: drawFamilySchema.optional() }),
    response: pageSchema(squareItemSchema),
  }),
  squareDetail: endpoint({
    method: 'GET',
    path: '/draw/square/detail',
    auth: 'optional',
    summary: 'One square item (published, or the author\'s own)',
    tags: ['draw-square'],
    query: z.object({ id: idSchema }),
    response: squareItemSchema,
  }),
  squarePublish: endpoint({
    method: 'POST',
    path: '/draw/square/publish',
    auth: 'user',
    summary: 'Publish one of the user\'s pictures to the square (pending review unless moderation is off)',
    tags: ['draw-square'],
    body: z.object({ image_id: idSchema }),
    response: squareItemSchema,
    idempotent: true,
  }),
  squareUnpublish: endpoint({
    method: 'POST',
    path: '/draw/square/unpublish',
    auth: 'user',
    summary: 'Take the user\'s own item off the square',
    tags: ['draw-square'],
    body: z.object({ id: idSchema }),
    response: okSchema,
    idempotent: true,
  }),
  squareReport: endpoint({
    method: 'POST',
    path: '/draw/square/report',
    auth: 'user',
    summary: 'Report a square item to the administrators (once per user and item)',
    tags: ['draw-square'],
    body: z.object({ id: idSchema, reason: safeString().trim().min(1, 'validation_failed').max(SQUARE_REPORT_REASON_MAX, 'validation_failed') }),
    response: okSchema,
    idempotent: true,
  }),
  adminSquareList: endpoint({
    method: 'GET',
    path: '/admin/draw/square',
    auth: 'operator',
    summary: 'Square items by status (pending first), with their reports',
    tags: ['admin', 'draw-square'],
    query: pageQuerySchema.extend({ status: squareStatusSchema.optional(), reported: z.enum(['1', '0']).optional() }),
    response: pageSchema(adminSquareItemSchema),
  }),
  adminSquareReview: endpoint({
    method: 'POST',
    path: '/admin/draw/square/review',
    auth: 'operator',
    summary: 'Approve, reject, hide or show again a square item',
    tags: ['admin', 'draw-square'],
    body: z.object({ id: idSchema, action: z.enum(SQUARE_REVIEW_ACTIONS) }),
    response: adminSquareItemSchema,
    idempotent: true,
  }),
};
