import type { FastifyInstance } from 'fastify';
import { api } from '@xueba/contract';
import { defineRoute } from '../../platform/http/route.js';
import type { WebviewService } from './webview.service.js';

/** Embedded views: the server's check of a URL, and Admin → Embedded views. Routes only route. */
export async function webviewRoutes(app: FastifyInstance, webviews: WebviewService): Promise<void> {
  await webviews.load();
  defineRoute(app, api.webviewCheck, { handler: ({ query }) => webviews.check(query.url) });
  defineRoute(app, api.adminWebviewSettings, { handler: () => webviews.load() });
  defineRoute(app, api.adminWebviewSave, {
    msg: 'operation_successful',
    handler: async ({ body }) => {
      await webviews.save(body);
      return null;
    },
  });
}
