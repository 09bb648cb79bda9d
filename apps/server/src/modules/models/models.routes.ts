import type { FastifyInstance } from 'fastify';
import { api } from '@xueba/contract';
import { defineRoute } from '../../platform/http/route.js';
import type { ChatStreamEvent } from '@xueba/contract';
import type { ModelsService } from './models.service.js';
import type { AnswerRunner } from '../../platform/stream/answer-runner.js';
import { defineStreamRoute } from '../../platform/stream/sse.js';

const TEST_PROMPT = 'Reply with one short sentence to confirm you are working.';

/** The chat model picker and Admin → Models (channels, models, settings, test). */
export async function modelsRoutes(app: FastifyInstance, models: ModelsService, runner: AnswerRunner): Promise<void> {
  defineRoute(app, api.chatModels, { handler: ({ locale }) => models.publicList(locale) });
  defineRoute(app, api.adminAiChannels, { handler: ({ locale }) => models.adminList(locale) });
  defineRoute(app, api.adminAiChannelSave, { msg: 'saved', handler: ({ body }) => models.saveChannel(body) });
  defineRoute(app, api.adminAiChannelSetEnabled, {
    msg: 'saved',
    handler: async ({ body }) => {
      await models.setChannelEnabled(body.id, body.enabled);
      return null;
    },
  });
  defineRoute(app, api.adminAiChannelDelete, {
    msg: 'operation_successful',
    handler: async ({ body }) => {
      await models.deleteChannel(body.id);
      return null;
    },
  });
  defineRoute(app, api.adminAiModelSave, { msg: 'saved', handler: ({ body }) => models.saveModel(body) });
  defineRoute(app, api.adminAiModelDelete, {
    msg: 'operation_successful',
    handler: async ({ body }) => {
      await models.deleteModel(body.id);
      return null;
    },
  });
  defineRoute(app, api.adminAiSettings, { handler: () => models.aiSettings() });
  defineRoute(app, api.adminAiSettingsSave, { msg: 'saved', handler: ({ body }) => models.saveAiSettings(body) });

  // The test button: a short, unbilled, unstored reply from any model (hidden or disabled ones too) or a stored channel.
  defineStreamRoute(
    app,
    api.adminAiTest,
    async ({ body, locale }) => {
      const model = body.channel_id !== undefined ? await models.channelProbe(body.channel_id, body.upstream_model) : await models.resolve(body.model, locale, { includeHidden: true });
      return model;
    },
    async (sink, model, { locale }) => {
      if (!model.client) {
        sink.send<ChatStreamEvent>({ type: 'start', conversation_id: null, user_message_id: null, assistant_message_id: null, model: model.key, model_name: model.name, offline: true, title: null });
        sink.send<ChatStreamEvent>({ type: 'end', message_id: null, status: 'done', usage: { prompt_tokens: 0, completion_tokens: 0, words: 0 }, charged: null, balance: null });
        sink.end();
        return;
      }
      await runner.run(sink, {
        target: null,
        client: model.client,
        model: model.upstreamModel,
        messages: [{ role: 'user', content: TEST_PROMPT }],
        maxTokens: 64,
        billing: null,
        locale,
        start: { type: 'start', conversation_id: null, user_message_id: null, assistant_message_id: null, model: model.key, model_name: model.name, offline: false, title: null },
        ledger: { reason: 'admin_test', refType: 'ai_test' },
      });
    },
  );
}
