import type { FastifyInstance } from 'fastify';
import { api } from '@xueba/contract';
import { defineRoute } from '../../platform/http/route.js';
import type { FavoritesService } from './favorites.service.js';

export async function favoritesRoutes(app: FastifyInstance, favorites: FavoritesService): Promise<void> {
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
