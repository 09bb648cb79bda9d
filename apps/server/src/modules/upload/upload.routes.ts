import type { FastifyInstance } from 'fastify';
import { envelopeSchema, UPLOAD_IMAGE_MAX_BYTES, UPLOAD_IMAGE_PATH, uploadImageResponseSchema } from '@xueba/contract';
import type { AppContext } from '../../platform/context.js';
import { success } from '../../platform/http/envelope.js';
import { publicOrigin } from '../../platform/http/origin.js';
import { defineRawRoute } from '../../platform/http/auth.js';
import type { UploadService } from './upload.service.js';

/**
 * `POST /upload/image` is multipart, so it is a raw route rather than a
 * contract one (defineRoute validates JSON bodies); its auth level is enforced
 * the same way, before any of the body is read.
 */
export async function uploadRoutes(app: FastifyInstance, ctx: AppContext, uploads: UploadService): Promise<void> {
  defineRawRoute(app, {
    method: 'POST',
    url: UPLOAD_IMAGE_PATH,
    auth: 'user',
    schema: {
      summary: 'Upload an image (multipart field `file`; PNG, JPEG, GIF or WebP checked by content)',
      description: `multipart/form-data with the image in the field \`file\` (other fields are ignored); at most ${UPLOAD_IMAGE_MAX_BYTES / (1024 * 1024)} MB. Errors: 400 file_required, 413 file_too_large, 415 image_only, 429 image_daily_quota (per 24 hours), 413 image_total_quota.`,
      tags: ['upload'],
      consumes: ['multipart/form-data'],
      response: { 200: envelopeSchema(uploadImageResponseSchema) },
    },
    handler: async ({ request, requireUser }) => {
      const image = await uploads.image(request, requireUser().id, publicOrigin(ctx, request));
      return success(request, image);
    },
  });
}
