import type { FastifyInstance, FastifyReply } from 'fastify';
import { api, envelopeSchema, PLAGIARISM_EXPORT_PATH, PLAGIARISM_EXTRACT_PATH, PLAGIARISM_SHARED_EXPORT_PATH, plagiarismExportQuerySchema, plagiarismExtractSchema, plagiarismSharedExportQuerySchema, type Locale, type PlagiarismShared } from '@xueba/contract';
import type { AppContext } from '../../platform/context.js';
import { defineRawRoute } from '../../platform/http/auth.js';
import { success } from '../../platform/http/envelope.js';
import { requestLocale } from '../../platform/http/locale.js';
import { defineRoute } from '../../platform/http/route.js';
import type { SettingsService } from '../settings/settings.service.js';
import { reportHtml } from './export/html.js';
import { reportPdf } from './export/pdf.js';
import { extractText } from './plagiarism-extract.js';
import type { PlagiarismService } from './plagiarism.service.js';

export interface PlagiarismRouteServices {
  checks: PlagiarismService;
  settings: Pick<SettingsService, 'site'>;
}

type Format = 'pdf' | 'html';

function sendReport(reply: FastifyReply, report: PlagiarismShared, format: Format, locale: Locale, base: string) {
  const body = format === 'pdf' ? reportPdf(report, locale) : Buffer.from(reportHtml(report, locale, base), 'utf8');
  const filename = `${report.title.replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ').trim() || 'report'}.${format}`;
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return reply
    .header('content-type', format === 'pdf' ? 'application/pdf' : 'text/html; charset=utf-8')
    .header('content-length', String(body.length))
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:")
    .header('cache-control', 'private, no-store')
    .send(body);
}

/** Plagiarism checks: JSON endpoints through defineRoute; the file's text extraction and the report downloads as raw routes. */
export async function plagiarismRoutes(app: FastifyInstance, ctx: AppContext, { checks, settings }: PlagiarismRouteServices): Promise<void> {
  const base = async () => ((await settings.site()).domain || ctx.env.PUBLIC_URL || '').replace(/\/+$/, '');
  defineRoute(app, api.plagiarismOptions, { handler: ({ requireUser }) => checks.options(requireUser().id) });
  defineRoute(app, api.plagiarismCreate, { handler: ({ requireUser, body, locale }) => checks.create(requireUser().id, body, locale) });
  defineRoute(app, api.plagiarismList, { handler: ({ requireUser, query, locale }) => checks.list(requireUser().id, query, locale) });
  defineRoute(app, api.plagiarismDetail, { handler: ({ requireUser, query, locale }) => checks.detail(requireUser().id, query.id, locale) });
  defineRoute(app, api.plagiarismDelete, {
    msg: 'operation_successful',
    handler: async ({ requireUser, body }) => {
      await checks.delete(requireUser().id, body.id);
      return null;
    },
  });
  defineRoute(app, api.plagiarismShare, { handler: ({ requireUser, body }) => checks.share(requireUser().id, body.id) });
  defineRoute(app, api.plagiarismShareRevoke, {
    msg: 'operation_successful',
    handler: async ({ requireUser, body }) => {
      await checks.revoke(requireUser().id, body.id);
      return null;
    },
  });
  defineRoute(app, api.plagiarismShared, { handler: ({ query }) => checks.shared(query.token) });
  defineRoute(app, api.adminPlagiarismSettings, { handler: () => checks.settings() });
  defineRoute(app, api.adminPlagiarismSettingsSave, { msg: 'operation_successful', handler: ({ body }) => checks.saveSettings(body) });

  defineRawRoute(app, {
    method: 'POST',
    url: PLAGIARISM_EXTRACT_PATH,
    auth: 'user',
    schema: {
      summary: 'The text of an uploaded file (multipart `file`: pdf, docx, doc, txt or md), to check',
      description:
        'multipart/form-data with one `file` within the documents feature limit. Errors: 400 plagiarism_file_required / plagiarism_file_type / plagiarism_text_too_long, 413 plagiarism_file_too_large, 422 plagiarism_scanned_pdf (no text layer) / plagiarism_text_empty / a parser reason (doc_password_protected, doc_parsing_failed...).',
      tags: ['plagiarism'],
      consumes: ['multipart/form-data'],
      response: { 200: envelopeSchema(plagiarismExtractSchema) },
    },
    handler: async ({ request, requireUser }) => {
      requireUser();
      return success(request, await extractText(request));
    },
  });

  defineRawRoute<{ id: number; format: Format }>(app, {
    method: 'GET',
    url: PLAGIARISM_EXPORT_PATH,
    auth: 'user',
    schema: { summary: 'A finished report as a PDF or a self-contained HTML file (attachment)', tags: ['plagiarism'], querystring: plagiarismExportQuerySchema },
    handler: async ({ request, reply, requireUser }) => sendReport(reply, await checks.report(requireUser().id, request.query.id), request.query.format, requestLocale(request), await base()),
  });

  defineRawRoute<{ token: string; format: Format }>(app, {
    method: 'GET',
    url: PLAGIARISM_SHARED_EXPORT_PATH,
    auth: 'none',
    schema: { summary: 'A shared report as a PDF or HTML file, by its link token', tags: ['plagiarism'], querystring: plagiarismSharedExportQuerySchema },
    handler: async ({ request, reply }) => sendReport(reply, await checks.shared(request.query.token), request.query.format, requestLocale(request), await base()),
  });
}
