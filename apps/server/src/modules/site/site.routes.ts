import type { FastifyInstance } from 'fastify';
import { api } from '@xueba/contract';
import { defineRoute } from '../../platform/http/route.js';
import type { SiteService } from './site.service.js';

export async function siteRoutes(app: FastifyInstance, site: SiteService): Promise<void> {

  defineRoute(app, api.visit, {
    handler: async ({ body, user, ip }) => {
      await site.visit(String(body.terminal), user?.id ?? null, ip);
      return null;
    },
  });

  defineRoute(app, api.config, { handler: ({ locale, user }) => site.configEnvelope(locale, user?.role ?? null) });

  defineRoute(app, api.policy, { handler: ({ query, locale }) => site.policy(query.type, locale) });
}
