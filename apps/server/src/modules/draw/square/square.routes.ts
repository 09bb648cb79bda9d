import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { api, idSchema, SQUARE_POSTER_PATH } from '@xueba/contract';
import type { AppContext } from '../../../platform/context.js';
import { defineRawRoute } from '../../../platform/http/auth.js';
import { defineRoute } from '../../../platform/http/route.js';
import { publicOrigin } from '../../../platform/http/origin.js';
import { requestLocale } from '../../../platform/http/locale.js';
import type { SquareService } from './square.service.js';

/** The image square: the public list and detail, publishing, reports, the review queue, and the poster. */
export async function squareRoutes(app: FastifyInstance, ctx: AppContext, square: SquareService): Promise<void> {
  defineRoute(app, api.squareList, { handler: ({ user, query, request }) => square.list(user, query, publicOrigin(ctx, request)) });
  defineRoute(app, api.squareDetail, { handler: ({ user, query, request }) => square.detail(user, query.id, publicOrigin(ctx, request)) });
  defineRoute(app, api.squarePublish, {
    handler: async ({ requireUser, body, request, message }) => {
      const item = await square.publish(requireUser(), body.image_id, publicOrigin(ctx, request));
      message(item.status === 'published' ? 'square_published' : 'square_pending');
      return item;
    },
  });
  defineRoute(app, api.squareUnpublish, {
    msg: 'operation_successful',
    handler: async ({ requireUser, body }) => {
      await square.unpublish(requireUser().id, body.id);
      return null;
    },
  });
  defineRoute(app, api.squareReport, {
    msg: 'square_reported',
    handler: async ({ requireUser, body }) => {
      await square.report(requireUser().id, body.id, body.reason);
      return null;
    },
  });
  defineRoute(app, api.adminSquareList, { handler: ({ user, query, request }) => square.adminList(user, query, publicOrigin(ctx, request)) });
  defineRoute(app, api.adminSquareReview, {
    msg: 'operation_successful',
    handler: ({ requireUser, body, request }) => square.review(requireUser(), body.id, body.action, publicOrigin(ctx, request)),
  });

  // The poster is an image, not an envelope. A published item's poster is the same for everyone (per language).
  defineRawRoute<{ id: number }>(app, {
    method: 'GET',
    url: SQUARE_POSTER_PATH,
    auth: 'optional',
    schema: { summary: "A square item's poster (PNG): the picture, its prompt and author, and a QR code of its share link", tags: ['draw-square'], querystring: z.object({ id: idSchema }) },
    handler: async ({ request, reply, user }) => {
      const { png, shared } = await square.poster(user, request.query.id, { origin: publicOrigin(ctx, request), locale: requestLocale(request), ip: request.ip });
      return reply
        .header('content-type', 'image/png')
        .header('cache-control', shared ? 'public, max-age=300' : 'private, no-store')
        .header('vary', 'Accept-Language')
        .send(png);
    },
  });
}
