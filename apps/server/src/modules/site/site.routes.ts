import type { FastifyInstance } from 'fastify';
import { api } from '@xueba/contract';
import { defineRoute } from '../../platform/http/route.js';
import type { AppContext } from '../../platform/context.js';
import { SiteService } from './site.service.js';

export async function siteRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const site = new SiteService(ctx, app.services);

  defineRoute(app, api.visit, {
    handler: async ({ body, user, ip }) => {
      await site.visit(String(body.terminal), user?.id ?? null, ip);
      return null;
    },
  });

  defineRoute(app, api.config, { handler: ({ locale, user }) => site.configEnvelope(locale, user?.role ?? null) });

  defineRoute(app, api.policy, { handler: ({ query, locale }) => site.policy(query.type, locale) });
}
