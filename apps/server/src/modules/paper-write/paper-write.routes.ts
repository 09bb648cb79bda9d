import type { FastifyInstance } from 'fastify';
import { api, PAPER_WRITE_EXPORT_PATH, paperWriteExportQuerySchema, type PaperWriteExportFormat, type PaperWriteStyle } from '@xueba/contract';
import { defineRawRoute } from '../../platform/http/auth.js';
import { defineRoute } from '../../platform/http/route.js';
import { defineStreamRoute } from '../../platform/stream/sse.js';
import type { PaperWriteStreams } from './paper-write-stream.js';
import type { PaperWriteService } from './paper-write.service.js';

export interface PaperWriteRouteServices {
  projects: PaperWriteService;
  streams: PaperWriteStreams;
}

/** Paper writing: JSON endpoints through defineRoute, the three model streams, and the export as a raw route. */
export async function paperWriteRoutes(app: FastifyInstance, { projects, streams }: PaperWriteRouteServices): Promise<void> {
  defineRoute(app, api.paperWriteOptions, { handler: ({ requireUser, locale }) => projects.options(requireUser().id, locale) });
  defineRoute(app, api.paperWriteList, { handler: ({ requireUser, query }) => projects.list(requireUser().id, query) });
  defineRoute(app, api.paperWriteCreate, { msg: 'operation_successful', handler: ({ requireUser, body, locale }) => projects.create(requireUser().id, body, locale) });
  defineRoute(app, api.paperWriteDetail, { handler: ({ requireUser, query, locale }) => projects.detail(requireUser().id, query.id, locale) });
  defineRoute(app, api.paperWriteUpdate, { msg: 'operation_successful', handler: ({ requireUser, body }) => projects.update(requireUser().id, body) });
  defineRoute(app, api.paperWriteDelete, {
    msg: 'operation_successful',
    handler: async ({ requireUser, body }) => {
      await projects.delete(requireUser().id, body.id);
      return null;
    },
  });
  defineRoute(app, api.paperWriteSuggest, { handler: ({ requireUser, query, locale, request }) => projects.suggest(requireUser().id, query, locale, request.log) });
  defineRoute(app, api.paperWriteSourceAdd, { handler: ({ requireUser, body, locale }) => projects.addSource(requireUser().id, body, locale) });
  defineRoute(app, api.paperWriteSourceRemove, { handler: ({ requireUser, body, locale }) => projects.removeSource(requireUser().id, body.id, body.source_id, locale) });
  defineRoute(app, api.paperWriteSourceMove, { handler: ({ requireUser, body, locale }) => projects.moveSource(requireUser().id, body.id, body.order, locale) });
  defineRoute(app, api.paperWriteOutlineDefault, { handler: ({ requireUser, query }) => projects.outlineDefault(requireUser().id, query.id) });
  defineRoute(app, api.paperWriteOutlineSave, { handler: ({ requireUser, body, locale }) => projects.saveOutline(requireUser().id, body, locale) });
  defineRoute(app, api.paperWriteSectionSave, { handler: ({ requireUser, body, locale }) => projects.saveSection(requireUser().id, body, locale) });
  defineRoute(app, api.paperWriteProposalDiscard, { handler: ({ requireUser, body, locale }) => projects.discardProposal(requireUser().id, body.id, body.section, locale) });
  defineRoute(app, api.adminPaperWriteConfig, { handler: () => projects.config() });
  defineRoute(app, api.adminSetPaperWriteConfig, { msg: 'operation_successful', handler: ({ body }) => projects.setConfig(body) });

  defineStreamRoute(app, api.paperWriteOutlineGenerate, ({ body, requireUser, locale }) => streams.prepareOutline(requireUser().id, body, locale), (sink, plan, { locale, request }) => streams.run(sink, plan, locale, request));
  defineStreamRoute(app, api.paperWriteSectionDraft, ({ body, requireUser, locale }) => streams.prepareDraft(requireUser().id, body, locale), (sink, plan, { locale, request }) => streams.run(sink, plan, locale, request));
  defineStreamRoute(app, api.paperWriteSectionPolish, ({ body, requireUser, locale }) => streams.preparePolish(requireUser().id, body, locale), (sink, plan, { locale, request }) => streams.run(sink, plan, locale, request));

  defineRawRoute<{ id: number; format: PaperWriteExportFormat; style?: PaperWriteStyle }>(app, {
    method: 'GET',
    url: PAPER_WRITE_EXPORT_PATH,
    auth: 'user',
    schema: {
      summary: 'A writing project as a file: docx, md, or latex (a zip of main.tex and references.bib), in the project style or the one asked for',
      tags: ['paper-write'],
      querystring: paperWriteExportQuerySchema,
    },
    handler: async ({ request, reply, requireUser }) => {
      const file = await projects.exportFile(requireUser().id, request.query.id, request.query.format, request.query.style);
      const ascii = file.filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
      return reply
        .header('content-type', file.contentType)
        .header('content-length', String(file.body.length))
        .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  });
}
