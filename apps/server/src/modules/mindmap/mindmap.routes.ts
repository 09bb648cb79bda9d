import type { FastifyInstance } from 'fastify';
import { api, envelopeSchema, MINDMAP_EXPORT_PATH, MINDMAP_IMPORT_MAX_BYTES, MINDMAP_IMPORT_PATH, mindmapExportQuerySchema, mindmapImportResultSchema, type MindmapExportFormat } from '@xueba/contract';
import type { AppContext } from '../../platform/context.js';
import { defineRawRoute } from '../../platform/http/auth.js';
import { success } from '../../platform/http/envelope.js';
import { readOneFile } from '../../platform/http/multipart.js';
import { defineRoute } from '../../platform/http/route.js';
import { defineStreamRoute } from '../../platform/stream/sse.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { MindmapCreator } from './mindmap-create.js';
import { appBase } from './mindmap-outline.js';
import type { MindmapService } from './mindmap.service.js';

export interface MindmapRouteServices {
  maps: MindmapService;
  creator: MindmapCreator;
  settings: Pick<SettingsService, 'site'>;
}

/** Mind maps: JSON endpoints through defineRoute, the create stream, and the file import and export as raw routes. */
export async function mindmapRoutes(app: FastifyInstance, ctx: AppContext, { maps, creator, settings }: MindmapRouteServices): Promise<void> {
  defineStreamRoute(
    app,
    api.mindmapCreate,
    async ({ body, requireUser, locale, request }) => {
      const origin = typeof request.headers.origin === 'string' ? request.headers.origin : undefined;
      const base = appBase((await settings.site()).domain || ctx.env.PUBLIC_URL || '', origin, `${request.protocol}://${request.host}`);
      return creator.prepare(requireUser().id, body, locale, base);
    },
    (sink, plan, { locale, request }) => creator.run(sink, plan, locale, request),
  );
  defineRoute(app, api.mindmapOptions, { handler: ({ requireUser, locale }) => maps.options(requireUser().id, locale) });
  defineRoute(app, api.mindmapDetail, { handler: ({ requireUser, query, locale }) => maps.detail(requireUser().id, query.id, locale) });
  defineRoute(app, api.mindmapSave, { handler: ({ requireUser, body }) => maps.save(requireUser().id, body) });
  defineRoute(app, api.mindmapList, { handler: ({ requireUser, query }) => maps.list(requireUser().id, query) });
  defineRoute(app, api.mindmapRename, { msg: 'operation_successful', handler: ({ requireUser, body }) => maps.rename(requireUser().id, body.id, body.title) });
  defineRoute(app, api.mindmapDelete, {
    msg: 'operation_successful',
    handler: async ({ requireUser, body }) => {
      await maps.delete(requireUser().id, body.id);
      return null;
    },
  });
  defineRoute(app, api.mindmapDuplicate, { msg: 'operation_successful', handler: ({ requireUser, body }) => maps.duplicate(requireUser().id, body.id) });
  defineRoute(app, api.mindmapShare, { handler: ({ requireUser, body }) => maps.share(requireUser().id, body.id) });
  defineRoute(app, api.mindmapShareRevoke, {
    msg: 'operation_successful',
    handler: async ({ requireUser, body }) => {
      await maps.revoke(requireUser().id, body.id);
      return null;
    },
  });
  defineRoute(app, api.mindmapShared, { handler: ({ query }) => maps.shared(query.token) });

  defineRawRoute(app, {
    method: 'POST',
    url: MINDMAP_IMPORT_PATH,
    auth: 'user',
    schema: {
      summary: 'Import a map file (multipart `file`: .md, .opml, .mm or .xmind) as a new map',
      description: `multipart/form-data with one \`file\` of at most ${MINDMAP_IMPORT_MAX_BYTES / 1024 / 1024} MB; the format is taken from its name. Errors: 400 mindmap_import_file_required / mindmap_file_invalid / mindmap_archive_too_large / mindmap_too_deep / mindmap_too_many_nodes, 413 mindmap_file_too_large, 415 mindmap_import_unsupported.`,
      tags: ['mindmap'],
      consumes: ['multipart/form-data'],
      response: { 200: envelopeSchema(mindmapImportResultSchema) },
    },
    handler: async ({ request, requireUser }) => {
      const userId = requireUser().id;
      await creator.config();
      const file = await readOneFile(request, MINDMAP_IMPORT_MAX_BYTES, { tooLarge: 'mindmap_file_too_large', missing: 'mindmap_import_file_required' });
      return success(request, await maps.importFile(userId, file.filename, file.data), 'operation_successful');
    },
  });

  defineRawRoute<{ id: number; format: MindmapExportFormat; layout: 'both' | 'right' }>(app, {
    method: 'GET',
    url: MINDMAP_EXPORT_PATH,
    auth: 'user',
    schema: {
      summary: 'A map as a file: png, svg, pdf (layout both | right), md, opml, mm (FreeMind) or xmind, as an attachment named after its title',
      tags: ['mindmap'],
      querystring: mindmapExportQuerySchema,
    },
    handler: async ({ request, reply, requireUser }) => {
      const file = await maps.exportFile(requireUser().id, request.query.id, request.query.format, request.query.layout);
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
