import type { FastifyInstance } from 'fastify';
import { api } from '@xueba/contract';
import { defineRoute } from '../../platform/http/route.js';
import type { AppContext } from '../../platform/context.js';
import { FavoritesService } from './favorites.service.js';

export async function favoritesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const favorites = new FavoritesService(ctx);
  defineRoute(app, api.collectionAdd, { msg: 'bookmark_added', handler: ({ body, requireUser }) => favorites.add(requireUser().id, body.message_id) });
  defineRoute(app, api.collectionRemove, {
    msg: 'bookmark_removed',
    handler: async ({ body, requireUser }) => {
      await favorites.remove(requireUser().id, body);
      return null;
    },
  });
  defineRoute(app, api.collectionLists, { handler: ({ query, requireUser }) => favorites.list(requireUser().id, query) });
}
