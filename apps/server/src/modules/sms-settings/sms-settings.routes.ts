import type { FastifyInstance } from 'fastify';
import { api } from '@xueba/contract';
import { defineRoute } from '../../platform/http/route.js';
import type { SmsSettingsService } from './sms-settings.service.js';

/** Admin → SMS: the provider settings, and a test message through them. */
export async function smsSettingsRoutes(app: FastifyInstance, sms: SmsSettingsService): Promise<void> {
  defineRoute(app, api.adminSmsSettings, { handler: () => sms.adminView() });
  defineRoute(app, api.adminSmsSave, { msg: 'saved', handler: ({ body }) => sms.save(body) });
  defineRoute(app, api.adminSmsTest, { handler: ({ body, requireUser }) => sms.test(requireUser().id, body.mobile) });
}
