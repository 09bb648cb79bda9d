import type { FastifyInstance } from 'fastify';
import { api } from '@xueba/contract';
import { defineRoute } from '../../platform/http/route.js';
import type { UserSecurityService } from './user-security.service.js';
import type { UserService } from './user.service.js';

export async function userRoutes(app: FastifyInstance, users: UserService, security: UserSecurityService): Promise<void> {

  defineRoute(app, api.center, { handler: ({ requireUser, query }) => users.center(requireUser().id, query) });

  // Hot path (benchmarked): one cached lookup, nothing else.
  defineRoute(app, api.info, { handler: ({ requireUser }) => users.info(requireUser().id) });

  defineRoute(app, api.setInfo, { msg: 'saved', handler: ({ requireUser, body }) => users.setInfo(requireUser().id, body) });

  defineRoute(app, api.orgInfo, { handler: ({ requireUser }) => users.orgInfo(requireUser().id) });

  defineRoute(app, api.setOrgInfo, { msg: 'saved', handler: ({ requireUser, body }) => users.setOrgInfo(requireUser().id, body) });

  defineRoute(app, api.logOrgEditNotify, {
    handler: async ({ requireUser }) => {
      await users.logOrgPrompt(requireUser().id);
      return null;
    },
  });

  defineRoute(app, api.bindMobile, { msg: 'mobile_bound', handler: ({ requireUser, body }) => security.bindMobile(requireUser().id, body) });

  defineRoute(app, api.resetPassword, {
    msg: 'password_reset',
    handler: async ({ body }) => {
      await security.resetPassword({ kind: 'mobile', value: body.mobile }, body.code, body.password);
      return null;
    },
  });

  defineRoute(app, api.resetEmailPassword, {
    msg: 'password_reset',
    handler: async ({ body }) => {
      await security.resetPassword({ kind: 'email', value: body.email }, body.code, body.password);
      return null;
    },
  });

  defineRoute(app, api.changePassword, {
    msg: 'password_changed',
    handler: ({ requireUser, body, ip, request }) => security.changePassword(requireUser().id, body, { ip, userAgent: request.headers['user-agent'] ?? null }),
  });

  defineRoute(app, api.ledger, { handler: ({ requireUser, query }) => users.ledgerPage(requireUser().id, query) });
}
