import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  api,
  DOC_FILE_PATH,
  DOC_TYPES,
  DOC_UPLOAD_MAX_BYTES,
  DOC_UPLOAD_MAX_FILES,
  DOC_UPLOAD_PATH,
  docTypeSchema,
  docUploadResponseSchema,
  envelopeSchema,
  formatMessage,
  idSchema,
  type DocType,
} from '@xueba/contract';
import { AppError, badRequest } from '../../platform/errors.js';
import { defineRawRoute } from '../../platform/http/auth.js';
import { success } from '../../platform/http/envelope.js';
import { requestLocale } from '../../platform/http/locale.js';
import { defineRoute } from '../../platform/http/route.js';
import { defineStreamRoute } from '../../platform/stream/sse.js';
import type { DocChat } from './doc-chat.js';
import type { DocInterpreter } from './doc-interpret.js';
import { mimeOf, type DocService, type UploadResult } from './doc.service.js';
import { cleanName, readUpload } from './doc-upload.js';

/**
 * Documents. JSON endpoints through defineRoute; the multipart upload and the
 * file download as raw routes (they are not JSON); Q&A as a contract stream.
 */
const idQuerySchema = z.object({ id: idSchema });

export interface DocRouteServices {
  docs: DocService;
  chat: DocChat;
  interpreter: DocInterpreter;
}

export async function docRoutes(app: FastifyInstance, { docs, chat, interpreter }: DocRouteServices): Promise<void> {
  defineRawRoute(app, {
    method: 'POST',
    url: DOC_UPLOAD_PATH,
    auth: 'user',
    schema: {
      summary: 'Upload documents (multipart: `type` field, then files as `file[]`; each file succeeds or fails on its own)',
      description: `multipart/form-data: a \`type\` field (${DOC_TYPES.join(' | ')}) before the files, and up to ${DOC_UPLOAD_MAX_FILES} files in \`file[]\`, each at most ${DOC_UPLOAD_MAX_BYTES / (1024 * 1024)} MB, pdf/docx/doc/txt/md by content. Request errors: 400 file_required / doc_too_many_files / doc_type_required, 403 not_member. Per-file errors are in \`files[].error\`.`,
      tags: ['doc'],
      consumes: ['multipart/form-data'],
      response: { 200: envelopeSchema(docUploadResponseSchema) },
    },
    handler: async ({ request, requireUser }) => {
      const userId = requireUser().id;
      const locale = requestLocale(request);
      const queryType = docTypeSchema.safeParse((request.query as Record<string, unknown> | undefined)?.type);
      // Refused before any byte is read: no membership of either kind (the type's own is checked below).
      const quota = await docs.quota(userId);
      if (!quota.memberships.research_report.active && !quota.memberships.literature.active) throw new AppError('not_member', 403);
      const upload = await readUpload(request, queryType.success ? queryType.data : null, docs.uploadTarget(userId));
      let results: UploadResult[];
      try {
        const type: DocType | null = upload.type;
        if (!type) throw badRequest('doc_type_required');
        await docs.requireMembership(userId, type);
        if (upload.files.length === 0) throw badRequest('file_required');
        results = await docs.uploadReceived(userId, type, upload.files, locale);
      } catch (error) {
        await docs.discard(upload.files);
        throw error;
      }
      const ok = results.filter((r) => r.ok).length;
      return success(
        request,
        {
          files: results.map((r) =>
            r.ok ? { name: r.name, ok: true, doc: r.doc, error: null, msg: null } : { name: r.name, ok: false, doc: null, error: r.error, msg: formatMessage(r.error, locale, r.params) },
          ),
          quota: await docs.quota(userId),
        },
        ok > 0 ? 'document_uploaded' : undefined,
      );
    },
  });

  defineRawRoute<{ id: number }>(app, {
    method: 'GET',
    url: DOC_FILE_PATH,
    auth: 'user',
    schema: {
      summary: 'The original file of a document (owner only), for the viewer',
      tags: ['doc'],
      querystring: idQuerySchema,
    },
    handler: async ({ request, reply, requireUser }) => {
      const file = await docs.file(requireUser().id, request.query.id);
      const name = encodeURIComponent(file.row.name);
      return reply
        .header('content-type', mimeOf(file.row.format))
        .header('content-length', String(file.size))
        .header('content-disposition', `inline; filename*=UTF-8''${name}`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  });

  defineRoute(app, api.docLists, {
    handler: async ({ requireUser, query, locale }) => {
      const userId = requireUser().id;
      const [list, quota] = await Promise.all([docs.list(userId, query, locale), docs.quota(userId)]);
      return { ...list, page_no: query.page_no, page_size: query.page_size, quota };
    },
  });
  defineRoute(app, api.docFileUrl, { handler: ({ requireUser, query }) => docs.fileUrl(requireUser().id, query.id) });
  defineRoute(app, api.docDetail, { handler: ({ requireUser, query, locale }) => docs.detail(requireUser().id, query.id, locale) });
  defineRoute(app, api.docInterpret, { handler: ({ requireUser, query, locale }) => interpreter.interpret(requireUser().id, query.id, locale) });
  defineRoute(app, api.docPage, { handler: ({ requireUser, query }) => docs.page(requireUser().id, query.id, query.page) });
  defineRoute(app, api.docRename, { msg: 'document_renamed', handler: ({ requireUser, body, locale }) => docs.rename(requireUser().id, body.id, cleanName(body.name), locale) });
  defineRoute(app, api.docDelete, {
    msg: 'document_deleted',
    handler: async ({ requireUser, body }) => {
      await docs.delete(requireUser().id, body.id);
      return null;
    },
  });
  defineRoute(app, api.docRetry, { handler: ({ requireUser, body, locale }) => docs.retry(requireUser().id, body.id, locale) });
  defineRoute(app, api.docFromPaper, { msg: 'document_uploaded', handler: ({ requireUser, body, locale, request }) => docs.fromPaper(requireUser().id, body.paper_id, body.type, locale, request.log) });
  defineRoute(app, api.docQuota, { handler: ({ requireUser }) => docs.quota(requireUser().id) });
  defineRoute(app, api.docConversations, { handler: async ({ requireUser, query }) => ({ lists: await docs.conversations(requireUser().id, query.doc_id) }) });
  defineRoute(app, api.docMessages, { handler: ({ requireUser, query }) => docs.messages(requireUser().id, query) });
  defineRoute(app, api.docFavorite, {
    handler: async ({ requireUser, body, message }) => {
      const result = await docs.favorite(requireUser().id, body.message_id, body.favorite);
      message(body.favorite ? 'bookmark_added' : 'bookmark_removed');
      return result;
    },
  });
  defineStreamRoute(
    app,
    api.docChat,
    ({ requireUser, body, locale }) => chat.prepare(requireUser().id, body, locale),
    (sink, plan) => chat.run(sink, plan),
  );
}
