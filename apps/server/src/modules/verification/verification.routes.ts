import type { FastifyInstance } from 'fastify';
import { api } from '@xueba/contract';
import { defineRoute } from '../../platform/http/route.js';
import type { VerificationService } from './verification.service.js';

export async function verificationRoutes(app: FastifyInstance, codes: VerificationService): Promise<void> {

  defineRoute(app, api.sendEmailCode, {
    msg: 'code_sent',
    handler: ({ body, ip, locale, user }) => codes.send({ channel: 'email', target: body.email, scene: body.scene, ip, locale, userId: user?.id ?? null }),
  });

  defineRoute(app, api.sendSmsCode, {
    msg: 'code_sent',
    handler: ({ body, ip, locale, user }) => codes.send({ channel: 'sms', target: body.mobile, scene: body.scene, ip, locale, userId: user?.id ?? null }),
  });
}
