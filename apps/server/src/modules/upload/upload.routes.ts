import type { FastifyInstance } from 'fastify';
import { envelopeSchema, UPLOAD_IMAGE_MAX_BYTES, UPLOAD_IMAGE_PATH, uploadImageResponseSchema } from '@xueba/contract';
import type { AppContext } from '../../platform/context.js';
import { unauthorized } from '../../platform/errors.js';
import { success } from '../../platform/http/envelope.js';
import { publicOrigin } from '../../platform/http/origin.js';
import { readToken } from '../../platform/http/route.js';
import { UploadService } from './upload.service.js';

/**
 * `POST /upload/image` is multipart, so it is registered by hand rather than
 * through defineRoute (which validates JSON bodies); auth is checked the same
 * way, before any of the body is read.
 */
export async function uploadRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const uploads = new UploadService(ctx, app.services);

  app.post(
    UPLOAD_IMAGE_PATH,
    {
      schema: {
        summary: 'Upload an image (multipart field `file`; PNG, JPEG, GIF or WebP checked by content)',
        description: `multipart/form-data with the image in the field \`file\` (other fields are ignored); at most ${UPLOAD_IMAGE_MAX_BYTES / (1024 * 1024)} MB. Errors: 400 file_required, 413 file_too_large, 415 image_only, 429 image_daily_quota (per 24 hours), 413 image_total_quota.`,
        tags: ['upload'],
        consumes: ['multipart/form-data'],
        security: [{ token: [] }],
        response: { 200: envelopeSchema(uploadImageResponseSchema) },
      },
    },
    async (request) => {
      const token = readToken(request);
      const user = token ? await app.sessions.authenticate(token) : null;
      if (!user) throw unauthorized(token ? 'login_expired' : 'login_required');
      const image = await uploads.image(request, user.id, publicOrigin(ctx, request));
      return success(request, image);
    },
  );
}
