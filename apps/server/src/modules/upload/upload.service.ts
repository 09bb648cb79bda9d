import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { UPLOAD_IMAGE_MAX_BYTES, UPLOAD_IMAGE_QUOTA } from '@xueba/contract';
import type { AppContext } from '../../platform/context.js';
import { transaction, type Db, type Tx } from '../../platform/db/transaction.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { readMultipart } from '../../platform/http/multipart.js';
import { hitRateLimit } from '../../platform/rate-limit.js';
import { newFileKey } from '../../providers/storage/file-keys.js';
import type { Services } from '../../services.js';
import { sniffImage } from './image-type.js';
import { UploadRepository, type ImageUsage } from './upload.repository.js';

const UPLOADS_PER_USER_PER_HOUR = 120;
const MB = 1024 * 1024;
const MAX_MB = Math.round(UPLOAD_IMAGE_MAX_BYTES / MB);
const DAY_MS = 24 * 3600 * 1000;

export interface UploadedImage {
  url: string;
  uri: string;
  name: string;
  size: number;
  mime: string;
}

/**
 * The multipart field `file` with this route's size limit (other files are
 * allowed along with it but not kept).
 */
async function readFileField(request: FastifyRequest): Promise<{ data: Buffer; filename: string } | null> {
  const files = await readMultipart(request, {
    limits: { fileSize: UPLOAD_IMAGE_MAX_BYTES },
    keep: (fieldname, kept) => kept === 0 && fieldname === 'file',
    tooLarge: () => new AppError('file_too_large', 413, { size: MAX_MB }),
  });
  return files[0] ?? null;
}

/** A display name from the client's file name: no directories, no control characters, bounded. */
function cleanName(filename: string, ext: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
  const base = path.posix.basename(filename.replace(/\\/g, '/')).replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 200);
  return base || `image.${ext}`;
}

/** The refusal when `size` more bytes would pass the user's quota (product-choices "Image upload quota"), else null. */
function quotaRefusal(day: ImageUsage, total: ImageUsage, size: number): AppError | null {
  const q = UPLOAD_IMAGE_QUOTA;
  if (day.count + 1 > q.dailyCount || day.bytes + size > q.dailyBytes) return new AppError('image_daily_quota', 429, { count: q.dailyCount, size: q.dailyBytes / MB });
  if (total.count + 1 > q.totalCount || total.bytes + size > q.totalBytes) return new AppError('image_total_quota', 413, { count: q.totalCount, size: q.totalBytes / MB });
  return null;
}

export class UploadService {
  private readonly repo = new UploadRepository();

  constructor(
    private readonly ctx: AppContext,
    private readonly deps: Pick<Services, 'settings'>,
  ) {}

  private usage(db: Db | Tx, userId: number, now: Date): Promise<[ImageUsage, ImageUsage]> {
    return Promise.all([this.repo.usage(db, userId, new Date(now.getTime() - DAY_MS)), this.repo.usage(db, userId, null)]);
  }

  /**
   * A user already at the quota is refused before the body is read; the
   * authoritative check runs under the user's lock with the real size, and
   * records the upload before the file is stored, so a refused upload never
   * reaches the store.
   */
  async image(request: FastifyRequest, userId: number, origin: string): Promise<UploadedImage> {
    const now = this.ctx.now();
    await hitRateLimit(this.ctx.db, now, `upload_image:${userId}`, UPLOADS_PER_USER_PER_HOUR, 3600);
    const early = quotaRefusal(...(await this.usage(this.ctx.db, userId, now)), 1);
    if (early) throw early;
    const file = await readFileField(request);
    if (!file || file.data.length === 0) throw badRequest('file_required');
    const type = sniffImage(file.data);
    if (!type) throw new AppError('image_only', 415);
    const key = newFileKey(now, { visibility: 'public', kind: 'images', ext: type.ext });
    const size = file.data.length;
    const recorded = await transaction(this.ctx.db, async (tx) => {
      await this.repo.lockUser(tx, userId);
      const refusal = quotaRefusal(...(await this.usage(tx, userId, now)), size);
      if (refusal) throw refusal;
      return this.repo.insert(tx, { user_id: userId, storage_key: key, size, created_at: now });
    });
    try {
      await this.ctx.storage.put(key, file.data, type.mime);
    } catch (error) {
      await this.repo.delete(this.ctx.db, recorded);
      throw error;
    }
    const site = await this.deps.settings.site();
    const base = (site.domain || origin).replace(/\/+$/, '');
    // A bucket behind a CDN hands out its own address (decision 0024); else this site's `/files/` serves the key.
    const external = this.ctx.storage.publicUrl?.(key) ?? null;
    const uri = external ?? `/files/${key}`;
    return { url: external ?? `${base}${uri}`, uri, name: cleanName(file.filename, type.ext), size: file.data.length, mime: type.mime };
  }
}
