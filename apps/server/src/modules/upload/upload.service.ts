import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { UPLOAD_IMAGE_MAX_BYTES } from '@xueba/contract';
import type { AppContext } from '../../platform/context.js';
import { randomToken } from '../../platform/crypto.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { hitRateLimit } from '../../platform/rate-limit.js';
import type { Services } from '../../services.js';
import { sniffImage } from './image-type.js';

const UPLOADS_PER_USER_PER_HOUR = 120;
const MAX_MB = Math.round(UPLOAD_IMAGE_MAX_BYTES / (1024 * 1024));

export interface UploadedImage {
  url: string;
  uri: string;
  name: string;
  size: number;
  mime: string;
}

/**
 * Reads the multipart field `file` with a per-route size limit: busboy stops
 * passing data on once the limit is reached, so an oversized upload is refused
 * after at most the limit is held in memory, never the whole request.
 */
async function readFileField(request: FastifyRequest): Promise<{ data: Buffer; filename: string } | null> {
  let found: { data: Buffer; filename: string } | null = null;
  for await (const part of request.files({ limits: { fileSize: UPLOAD_IMAGE_MAX_BYTES }, throwFileSizeLimit: false })) {
    if (found || part.fieldname !== 'file') {
      // Other files are allowed along with `file` but not kept: drain them so parsing continues.
      part.file.resume();
      continue;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of part.file) chunks.push(chunk as Buffer);
    if (part.file.truncated) throw new AppError('file_too_large', 413, { size: MAX_MB });
    found = { data: Buffer.concat(chunks), filename: part.filename };
  }
  return found;
}

/** A display name from the client's file name: no directories, no control characters, bounded. */
function cleanName(filename: string, ext: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
  const base = path.posix.basename(filename.replace(/\\/g, '/')).replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 200);
  return base || `image.${ext}`;
}

export class UploadService {
  constructor(
    private readonly ctx: AppContext,
    private readonly services: Services,
  ) {}

  async image(request: FastifyRequest, userId: number, origin: string): Promise<UploadedImage> {
    const now = this.ctx.now();
    await hitRateLimit(this.ctx.db, now, `upload_image:${userId}`, UPLOADS_PER_USER_PER_HOUR, 3600);
    const file = await readFileField(request);
    if (!file || file.data.length === 0) throw badRequest('file_required');
    const type = sniffImage(file.data);
    if (!type) throw new AppError('image_only', 415);
    const month = String(now.getUTCMonth() + 1).padStart(2, '0');
    const key = `images/${now.getUTCFullYear()}/${month}/${randomToken(18)}.${type.ext}`;
    await this.ctx.storage.put(key, file.data, type.mime);
    const site = await this.services.settings.site();
    const base = (site.domain || origin).replace(/\/+$/, '');
    const uri = `/files/${key}`;
    return { url: `${base}${uri}`, uri, name: cleanName(file.filename, type.ext), size: file.data.length, mime: type.mime };
  }
}
