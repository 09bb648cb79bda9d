import type { FastifyInstance } from 'fastify';
import { api } from '@xueba/contract';
import { defineRoute } from '../../platform/http/route.js';
import type { AuthService } from './auth.service.js';

export async function authRoutes(app: FastifyInstance, auth: AuthService): Promise<void> {
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
