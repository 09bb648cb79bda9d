import type { FastifyInstance } from 'fastify';
import { api } from '@xueba/contract';
import type { AppContext } from '../../platform/context.js';
import { defineRoute } from '../../platform/http/route.js';
import { OutboxService } from '../outbox/outbox.service.js';
import { VerificationService } from './verification.service.js';

export async function verificationRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const codes = new VerificationService(ctx, app.services, new OutboxService(ctx, app.log));

  defineRoute(app, api.sendEmailCode, {
    msg: 'code_sent',
    handler: ({ body, ip, locale, user }) => codes.send({ channel: 'email', target: body.email, scene: body.scene, ip, locale, userId: user?.id ?? null }),
  });

  defineRoute(app, api.sendSmsCode, {
    msg: 'code_sent',
    handler: ({ body, ip, locale, user }) => codes.send({ channel: 'sms', target: body.mobile, scene: body.scene, ip, locale, userId: user?.id ?? null }),
  });
}
