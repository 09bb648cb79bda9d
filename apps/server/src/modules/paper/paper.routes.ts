import type { FastifyInstance, FastifyRequest } from 'fastify';
import { api, envelopeSchema, formatMessage, PAPER_IMPORT_MAX_BYTES, PAPER_IMPORT_PATH, paperImportResultSchema, type PaperInterpretEvent } from '@xueba/contract';
import type { AppContext } from '../../platform/context.js';
import { AppError, badRequest, forbidden, unauthorized } from '../../platform/errors.js';
import { success } from '../../platform/http/envelope.js';
import { defineRoute, readToken } from '../../platform/http/route.js';
import { hitRateLimit } from '../../platform/rate-limit.js';
import { defineStreamRoute } from '../../platform/stream/sse.js';
import { ChatModelError } from '../../providers/ai/chat-model.js';
import { resolvePaperModel } from './paper.ai.js';
import { PaperAiService } from './paper-ai.service.js';
import { paperRetrievalSource } from './paper-source.js';
import type { ImportFile } from './import/import.service.js';

/** AI calls per visitor IP or user an hour: they may cost model tokens. */
const AI_CALLS_PER_HOUR = 120;

export async function paperRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const papers = app.services.papers;
  papers.modelResolver = () => resolvePaperModel(app.services);
  const ai = new PaperAiService(papers);

  // The offline chat channel and retrieval-augmented answers can cite the local corpus.
  app.services.retrieval.register(paperRetrievalSource(papers));

  // Build the index in the background once the server listens, so start-up is not delayed and the first search rarely waits.
  app.server.once('listening', () => {
    const started = Date.now();
    papers.index
      .ready()
      .then(() => app.log.info({ papers: papers.index.size, ms: Date.now() - started }, 'paper index built'))
      .catch((error: unknown) => app.log.error({ err: error }, 'paper index build failed'));
    // The starter corpus for an empty library, beside the index build; searches keep answering meanwhile (decision 0022).
    if (ctx.env.PAPERS_STARTER ?? ctx.env.NODE_ENV !== 'test') {
      papers
        .importStarter()
        .then((result) => result.imported > 0 && app.log.info({ papers: result.imported, ms: Date.now() - started }, 'starter paper corpus imported'))
        .catch((error: unknown) => app.log.error({ err: error }, 'starter paper corpus import failed'));
    }
  });

  const limitAi = (request: FastifyRequest, userId: number | null) =>
    hitRateLimit(ctx.db, ctx.now(), `paper_ai:${userId ?? request.ip}`, AI_CALLS_PER_HOUR, 3600);

  defineRoute(app, api.paperSearch, { handler: ({ query, locale, request }) => papers.search(query, locale, request.log) });
  defineRoute(app, api.paperDetail, { handler: ({ query, user }) => papers.detail(query.id, user?.id ?? null) });
  defineRoute(app, api.paperVenues, { handler: () => papers.venues() });
  defineRoute(app, api.paperCite, { handler: ({ query }) => papers.cite(query.id, query.format) });
  defineRoute(app, api.paperFavorite, {
    msg: 'bookmark_added',
    handler: async ({ body, requireUser }) => {
      await papers.favorite(requireUser().id, body.id);
      return { is_favorite: true as const };
    },
  });
  defineRoute(app, api.paperUnfavorite, {
    msg: 'bookmark_removed',
    handler: async ({ body, requireUser }) => {
      await papers.unfavorite(requireUser().id, body.id);
      return { is_favorite: false as const };
    },
  });
  defineRoute(app, api.paperFavorites, { handler: ({ query, requireUser }) => papers.favorites(requireUser().id, query.page_no, query.page_size) });
  defineRoute(app, api.paperAiSearch, {
    handler: async ({ body, user, request, locale }) => {
      await limitAi(request, user?.id ?? null);
      return ai.aiSearch(body.question, body.page_size, locale, request.log);
    },
  });

  defineStreamRoute(
    app,
    api.paperInterpret,
    async ({ body, user, request }) => {
      await limitAi(request, user?.id ?? null);
      return papers.paper(body.id);
    },
    async (sink, paper, { locale, request }) => {
      const abort = new AbortController();
      sink.onClientClose(() => abort.abort());
      const send = (event: PaperInterpretEvent) => sink.send(event);
      try {
        await ai.interpret(paper, locale, send, abort.signal, request.log);
      } catch (error) {
        const key = error instanceof ChatModelError ? (error.kind === 'timeout' ? 'source_unavailable' : 'generation_failed') : 'generation_failed';
        request.log.warn({ err: error }, 'paper interpretation failed');
        send({ type: 'error', msg: formatMessage(key, locale) });
      } finally {
        sink.end();
      }
    },
  );

  defineRoute(app, api.adminPaperSource, { handler: () => papers.sourceSettings() });
  defineRoute(app, api.adminSetPaperSource, { msg: 'saved', handler: ({ body }) => papers.setSource(body.source, body.semanticscholar_key) });

  app.post(
    PAPER_IMPORT_PATH,
    {
      schema: {
        summary: 'Import corpus files (admin): multipart field `file`, repeatable',
        description:
          'ACL-family JSON arrays, unarXive JSONL, Semantic Scholar corpus JSONL or BEIR corpus.jsonl (recognised by content), ' +
          `each at most ${PAPER_IMPORT_MAX_BYTES / (1024 * 1024)} MB. Re-importing updates papers by their file id. Errors: 400 file_required / paper_import_format, 413 file_too_large.`,
        tags: ['admin', 'paper'],
        consumes: ['multipart/form-data'],
        security: [{ token: [] }],
        response: { 200: envelopeSchema(paperImportResultSchema) },
      },
    },
    async (request) => {
      const token = readToken(request);
      const user = token ? await app.sessions.authenticate(token) : null;
      if (!user) throw unauthorized(token ? 'login_expired' : 'login_required');
      if (user.role !== 'admin') throw forbidden();
      const files: ImportFile[] = [];
      for await (const part of request.files({ limits: { fileSize: PAPER_IMPORT_MAX_BYTES, files: 20 }, throwFileSizeLimit: false })) {
        if (part.fieldname !== 'file') {
          part.file.resume();
          continue;
        }
        const chunks: Buffer[] = [];
        for await (const chunk of part.file) chunks.push(chunk as Buffer);
        if (part.file.truncated) throw new AppError('file_too_large', 413, { size: PAPER_IMPORT_MAX_BYTES / (1024 * 1024) });
        files.push({ name: part.filename, text: Buffer.concat(chunks).toString('utf8') });
      }
      if (files.length === 0 || files.every((f) => f.text.trim() === '')) throw badRequest('file_required');
      const result = await papers.importer.importFiles(files);
      return success(request, result, 'paper_import_done', { count: result.inserted + result.updated });
    },
  );
}
