import type { FastifyInstance } from 'fastify';
import { api } from '@xueba/contract';
import { defineRoute } from '../../platform/http/route.js';
import type { AnswerRunner } from '../../platform/stream/answer-runner.js';
import { defineStreamRoute } from '../../platform/stream/sse.js';
import type { TemplatesService } from './templates.service.js';

export async function templatesRoutes(app: FastifyInstance, templates: TemplatesService, runner: AnswerRunner): Promise<void> {
  defineRoute(app, api.createTemplates, { handler: ({ locale }) => templates.catalogue(locale) });
  defineStreamRoute(app, api.createProduce, ({ body, requireUser, locale }) => templates.prepareProduce(requireUser().id, body, locale), runner.run.bind(runner));
  defineRoute(app, api.createStop, { handler: ({ body, requireUser }) => templates.stop(requireUser().id, body.id) });
  defineRoute(app, api.createHistory, { handler: ({ query, requireUser }) => templates.history(requireUser().id, query) });
  defineRoute(app, api.createDetail, { handler: ({ query, requireUser }) => templates.detail(requireUser().id, query.id) });
  defineRoute(app, api.createDelete, {
    msg: 'operation_successful',
    handler: async ({ body, requireUser }) => {
      await templates.deleteCreation(requireUser().id, body.id);
      return null;
    },
  });
  defineRoute(app, api.adminTemplateCategories, { handler: () => templates.adminCategories() });
  defineRoute(app, api.adminTemplateCategorySave, { msg: 'saved', handler: ({ body }) => templates.saveCategory(body) });
  defineRoute(app, api.adminTemplateCategoryDelete, {
    msg: 'operation_successful',
    handler: async ({ body }) => {
      await templates.deleteCategory(body.id);
      return null;
    },
  });
  defineRoute(app, api.adminTemplates, { handler: () => templates.adminTemplates() });
  defineRoute(app, api.adminTemplateSave, { msg: 'saved', handler: ({ body }) => templates.saveTemplate(body) });
  defineRoute(app, api.adminTemplateDelete, {
    msg: 'operation_successful',
    handler: async ({ body }) => {
      await templates.deleteTemplate(body.id);
      return null;
    },
  });
}
