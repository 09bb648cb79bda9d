import type { FastifyInstance } from 'fastify';
import { api } from '@xueba/contract';
import { defineRoute } from '../../platform/http/route.js';
import { defineStreamRoute } from '../../platform/stream/sse.js';
import { STAFF, SupportLive } from './support-live.js';
import type { SupportAdminService } from './support-admin.service.js';
import type { SupportService } from './support.service.js';

export interface SupportRouteServices {
  support: SupportService;
  admin: SupportAdminService;
  live: SupportLive;
}

/** Customer service: the user's (or verified visitor's) side, its live stream, and Admin → Support. */
export async function supportRoutes(app: FastifyInstance, { support, admin, live }: SupportRouteServices): Promise<void> {
  app.addHook('preClose', async () => live.stop());
  const caller = (user: { id: number } | null, visitorToken: string | undefined) => ({ userId: user?.id ?? null, visitorToken });

  defineRoute(app, api.supportVisitorCode, { msg: 'code_sent', handler: ({ body, ip, locale }) => support.visitorCode(body.email, ip, locale) });
  defineRoute(app, api.supportVisitorVerify, { handler: ({ body }) => support.visitorVerify(body.email, body.code) });
  defineRoute(app, api.supportState, { handler: ({ user, body }) => support.state(caller(user, body.visitor_token)) });
  defineRoute(app, api.supportUnread, { handler: ({ requireUser }) => support.unread(requireUser().id) });
  defineRoute(app, api.supportSend, { handler: ({ user, body, locale }) => support.send(caller(user, body.visitor_token), body, locale) });
  defineRoute(app, api.supportRead, { handler: async ({ user, body }) => support.read(caller(user, body.visitor_token), body.conversation_id).then(() => null) });
  defineStreamRoute(
    app,
    api.supportStream,
    async ({ user, body }) => SupportLive.subjectOf(await support.owner(caller(user, body.visitor_token))),
    (sink, subject) => live.hold(sink, subject),
  );

  defineRoute(app, api.adminSupportList, { handler: ({ query }) => admin.list(query) });
  defineRoute(app, api.adminSupportMessages, { handler: ({ query }) => admin.messages(query.conversation_id) });
  defineRoute(app, api.adminSupportReply, { handler: ({ requireUser, body }) => admin.reply(requireUser().id, body) });
  defineRoute(app, api.adminSupportRead, { handler: async ({ body }) => admin.read(body.conversation_id).then(() => null) });
  defineRoute(app, api.adminSupportClose, { msg: 'support_closed_done', handler: async ({ body }) => admin.close(body.conversation_id).then(() => null) });
  defineStreamRoute(app, api.adminSupportStream, async () => STAFF, (sink, subject) => live.hold(sink, subject));
  defineRoute(app, api.adminQuickReplies, { handler: () => admin.quickReplies() });
  defineRoute(app, api.adminQuickReplySave, { handler: ({ body }) => admin.saveQuickReply(body) });
  defineRoute(app, api.adminQuickReplyDelete, { handler: async ({ body }) => admin.deleteQuickReply(body.id).then(() => null) });
}
