import type { FastifyInstance } from 'fastify';
import { api } from '@xueba/contract';
import { defineRoute } from '../../platform/http/route.js';
import type { ContentAdminService } from './content-admin.service.js';
import type { ContentService } from './content.service.js';

/** News, the help centre and Admin → Content. Routes only route. */
export async function contentRoutes(app: FastifyInstance, { content, admin }: { content: ContentService; admin: ContentAdminService }): Promise<void> {
  defineRoute(app, api.newsList, { handler: ({ query, locale }) => content.newsList(query, locale) });
  defineRoute(app, api.newsDetail, { handler: ({ query, locale }) => content.newsDetail(query.id, locale) });
  defineRoute(app, api.helpList, { handler: ({ query, locale }) => content.helpList(query, locale) });
  defineRoute(app, api.helpDetail, { handler: ({ query, locale }) => content.helpDetail(query.id, locale) });

  defineRoute(app, api.adminContentCategories, { handler: ({ query }) => admin.categories(query.kind) });
  defineRoute(app, api.adminContentCategorySave, { msg: 'saved', handler: ({ body }) => admin.saveCategory(body) });
  defineRoute(app, api.adminContentCategoryDelete, {
    msg: 'operation_successful',
    handler: async ({ body }) => {
      await admin.deleteCategory(body.id);
      return null;
    },
  });
  defineRoute(app, api.adminContentList, { handler: ({ query }) => admin.list(query) });
  defineRoute(app, api.adminContentDetail, { handler: ({ query }) => admin.detail(query.id) });
  defineRoute(app, api.adminContentSave, { msg: 'saved', handler: ({ requireUser, body }) => admin.save(requireUser().id, body) });
  defineRoute(app, api.adminContentDelete, {
    msg: 'operation_successful',
    handler: async ({ body }) => {
      await admin.delete(body.id);
      return null;
    },
  });
}
