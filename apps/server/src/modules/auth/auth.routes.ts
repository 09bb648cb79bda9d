import type { FastifyInstance } from 'fastify';
import { api } from '@xueba/contract';
import type { AppContext } from '../../platform/context.js';
import { defineRoute } from '../../platform/http/route.js';
import { OutboxService } from '../outbox/outbox.service.js';
import { VerificationService } from '../verification/verification.service.js';
import { AuthService } from './auth.service.js';

export async function authRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const auth = new AuthService(ctx, app.services, new VerificationService(ctx, app.services, new OutboxService(ctx, app.log)), app.log);
  const meta = (ip: string, userAgent: string | undefined) => ({ ip, userAgent: userAgent ?? null });

  defineRoute(app, api.login, {
    msg: 'login_success',
    handler: ({ body, ip, request }) => auth.login(body, meta(ip, request.headers['user-agent'])),
  });

  defineRoute(app, api.register, {
    msg: 'register_success',
    handler: ({ body, ip, request }) => auth.register(body, meta(ip, request.headers['user-agent'])),
  });

  defineRoute(app, api.logout, {
    msg: 'logout_success',
    handler: async ({ token }) => {
      await auth.logout(token);
      return null;
    },
  });
}
