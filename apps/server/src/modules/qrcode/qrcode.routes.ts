import type { FastifyInstance } from 'fastify';
import { api, envelopeSchema, QR_DECODE_MAX_BYTES, QR_DECODE_PATH, qrDecodeResultSchema } from '@xueba/contract';
import { AppError } from '../../platform/errors.js';
import { defineRawRoute } from '../../platform/http/auth.js';
import { success } from '../../platform/http/envelope.js';
import { defineRoute } from '../../platform/http/route.js';
import { readMultipart } from '../../platform/http/multipart.js';
import { hitRateLimit } from '../../platform/rate-limit.js';
import type { AppContext } from '../../platform/context.js';
import type { QrAdminService } from './qrcode-admin.service.js';
import type { QrAiService } from './qrcode-ai.js';
import type { QrService } from './qrcode.service.js';

/** Decoding a photo is CPU work within a time budget: this many a minute per address. */
const DECODES_PER_MINUTE = 30;

export interface QrRouteServices {
  qr: QrService;
  ai: QrAiService;
  admin: QrAdminService;
}

/** QR codes for users and Admin → QR codes. Routes only route. */
export async function qrcodeRoutes(app: FastifyInstance, ctx: AppContext, { qr, ai, admin }: QrRouteServices): Promise<void> {
  defineRoute(app, api.qrcodeStyles, { handler: ({ locale }) => qr.styles(locale) });
  defineRoute(app, api.qrcodeOptions, { handler: ({ user, ip, locale }) => qr.options({ userId: user?.id ?? null, ip }, locale) });
  defineRoute(app, api.qrcodeStyled, { handler: ({ user, ip, body }) => qr.styled({ userId: user?.id ?? null, ip }, body) });
  defineRoute(app, api.qrcodeAi, { handler: ({ requireUser, body }) => ai.submit(requireUser().id, body) });
  defineRoute(app, api.qrcodeRecords, { handler: ({ requireUser, query, locale }) => qr.records(requireUser().id, query, locale) });
  defineRoute(app, api.qrcodeDetail, { handler: ({ requireUser, query, locale }) => qr.detail(requireUser().id, query.id, locale) });
  defineRoute(app, api.qrcodeMismatch, { handler: ({ requireUser, query }) => qr.mismatch(requireUser().id, query.id) });
  defineRoute(app, api.qrcodeCancel, { msg: 'draw_cancelled', handler: ({ requireUser, body, locale }) => qr.cancel(requireUser().id, body.id, locale) });
  defineRoute(app, api.qrcodeDelete, {
    msg: 'operation_successful',
    handler: async ({ requireUser, body }) => {
      await qr.delete(requireUser().id, body.id);
      return null;
    },
  });

  defineRawRoute(app, {
    method: 'POST',
    url: QR_DECODE_PATH,
    auth: 'optional',
    schema: {
      summary: 'Read the QR code in an uploaded picture (multipart field `file`) and take its content apart into a form',
      description: `multipart/form-data with the picture in the field \`file\`; PNG, JPEG or WebP by content, at most ${QR_DECODE_MAX_BYTES / (1024 * 1024)} MB. Errors: 415 qrcode_decode_invalid (not such a picture, or too large), 422 qrcode_not_found (no code in it), 429 rate_limited.`,
      tags: ['qrcode'],
      consumes: ['multipart/form-data'],
      response: { 200: envelopeSchema(qrDecodeResultSchema) },
    },
    handler: async ({ request }) => {
      await hitRateLimit(ctx.db, ctx.now(), `qrcode-decode:${request.ip}`, DECODES_PER_MINUTE, 60);
      const [file] = await readMultipart(request, {
        limits: { fileSize: QR_DECODE_MAX_BYTES, files: 1 },
        keep: (fieldname, kept) => kept === 0 && fieldname === 'file',
        tooLarge: () => new AppError('qrcode_decode_invalid', 413),
      });
      if (!file) throw new AppError('qrcode_decode_invalid', 400);
      return success(request, await qr.decode(file.data));
    },
  });

  defineRoute(app, api.adminQrcode, { handler: () => admin.list() });
  defineRoute(app, api.adminQrTemplateSave, { msg: 'saved', handler: ({ requireUser, body }) => admin.saveTemplate(requireUser().id, body) });
  defineRoute(app, api.adminQrTemplateDelete, {
    msg: 'operation_successful',
    handler: async ({ body }) => {
      await admin.deleteTemplate(body.id);
      return null;
    },
  });
  defineRoute(app, api.adminQrSettingsSave, { msg: 'saved', handler: ({ body }) => admin.saveSettings(body) });
}
