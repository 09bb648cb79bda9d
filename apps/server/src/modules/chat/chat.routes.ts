import type { FastifyInstance } from 'fastify';
import { api } from '@xueba/contract';
import { defineRoute } from '../../platform/http/route.js';
import type { AnswerRunner } from '../../platform/stream/answer-runner.js';
import { defineStreamRoute } from '../../platform/stream/sse.js';
import type { ChatService } from './chat.service.js';

export async function chatRoutes(app: FastifyInstance, chat: ChatService, runner: AnswerRunner): Promise<void> {
  const run = runner.run.bind(runner);
  defineStreamRoute(app, api.chatSend, ({ body, user, locale, ip }) => chat.prepareSend(user?.id ?? null, body, locale, ip), run);
  defineStreamRoute(app, api.chatRegenerate, ({ body, requireUser, locale }) => chat.prepareRegenerate(requireUser().id, body, locale), run);
  defineStreamRoute(app, api.chatEdit, ({ body, requireUser, locale }) => chat.prepareEdit(requireUser().id, body, locale), run);

  defineRoute(app, api.chatStop, { handler: ({ body, requireUser }) => chat.stop(requireUser().id, body.message_id) });
  defineRoute(app, api.chatConversations, { handler: ({ query, requireUser }) => chat.conversations(requireUser().id, query) });
  defineRoute(app, api.chatMessages, { handler: ({ query, requireUser, locale }) => chat.messages(requireUser().id, query.conversation_id, locale) });
  defineRoute(app, api.chatRename, { msg: 'saved', handler: ({ body, requireUser }) => chat.rename(requireUser().id, body.conversation_id, body.title) });
  defineRoute(app, api.chatDelete, {
    msg: 'operation_successful',
    handler: async ({ body, requireUser }) => {
      await chat.delete(requireUser().id, body.conversation_id);
      return null;
    },
  });
  defineRoute(app, api.chatExport, { handler: ({ query, requireUser, locale }) => chat.export(requireUser().id, query.conversation_id, locale) });
}
