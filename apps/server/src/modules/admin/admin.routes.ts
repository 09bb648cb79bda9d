import type { FastifyInstance } from 'fastify';
import { api } from '@xueba/contract';
import { defineRoute } from '../../platform/http/route.js';
import type { AdminService } from './admin.service.js';

/** Every route here is `auth: 'admin'` in the contract: defineRoute answers 401 signed out and 403 for non-admins. */
export async function adminRoutes(app: FastifyInstance, admin: AdminService): Promise<void> {

  defineRoute(app, api.users, { handler: ({ query }) => admin.users(query) });

  defineRoute(app, api.userDetail, { handler: ({ query }) => admin.userDetail(query.id) });

  defineRoute(app, api.setUserDisabled, {
    msg: 'saved',
    handler: async ({ body, requireUser }) => {
      await admin.setDisabled(requireUser().id, body.user_id, body.disabled);
      return null;
    },
  });

  defineRoute(app, api.adjustBalance, {
    msg: 'operation_successful',
    handler: ({ body, requireUser }) => admin.adjustBalance(requireUser().id, body),
  });

  defineRoute(app, api.setMembership, { msg: 'saved', handler: ({ body, requireUser }) => admin.setMembership(requireUser().id, body) });

  defineRoute(app, api.ledgerAudit, { handler: () => admin.ledgerAudit() });

  defineRoute(app, api.getSettings, { handler: () => admin.settings() });

  defineRoute(app, api.saveSettings, { msg: 'saved', handler: ({ body }) => admin.saveSettings(body) });

  defineRoute(app, api.outbox, { handler: ({ query }) => admin.outbox(query) });
}
