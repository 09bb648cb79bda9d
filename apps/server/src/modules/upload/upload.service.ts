import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { UPLOAD_IMAGE_MAX_BYTES, UPLOAD_IMAGE_QUOTA } from '@xueba/contract';
import type { AppContext } from '../../platform/context.js';
import { transaction, type Db, type Tx } from '../../platform/db/transaction.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { receiveFile, streamMultipart } from '../../platform/http/multipart.js';
import { hitRateLimit } from '../../platform/rate-limit.js';
import { newFileKey } from '../../providers/storage/file-keys.js';
import type { Services } from '../../services.js';
import { sniffImage, type ImageType } from './image-type.js';
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

/** Bytes enough to tell the image formats apart (WebP's mark is at 8-11). */
const HEAD_BYTES = 16;

interface StoredImage {
  key: string;
  size: number;
  filename: string;
  type: ImageType;
}

/**
 * The multipart field `file` with this route's size limit, streamed to its
 * final key when its first bytes are an image (other files along with it are
 * allowed but not kept). Refusals keep today's order: too large, then empty,
 * then not an image; none leaves a file behind.
 */
async function receiveImage(request: FastifyRequest, storage: AppContext['storage'], now: Date): Promise<StoredImage | null> {
  let found: StoredImage | null = null;
  let refusal: AppError | null = null;
  try {
    await streamMultipart(request, {
    limits: { fileSize: UPLOAD_IMAGE_MAX_BYTES },
    keep: (fieldname, kept) => kept === 0 && fieldname === 'file',
    onFile: async (part) => {
      let key: string | null = null;
      let type: ImageType | null = null;
      const received = await receiveFile(part.file, {
        maxBytes: UPLOAD_IMAGE_MAX_BYTES,
        headBytes: HEAD_BYTES,
        destination: (head) => {
          type = sniffImage(head);
          if (!type) return {};
          const chosen = newFileKey(now, { visibility: 'public', kind: 'images', ext: type.ext });
          key = chosen;
          return { write: (body) => storage.putStream(chosen, body, type!.mime) };
        },
      });
      const image = type as ImageType | null;
      if (received.tooLarge) refusal = new AppError('file_too_large', 413, { size: MAX_MB });
      else if (received.size === 0) refusal = badRequest('file_required');
      else if (!image || !key || !received.stored) refusal = new AppError('image_only', 415);
      else found = { key, size: received.size, filename: part.filename, type: image };
    },
    });
  } catch (error) {
    // The body broke after the image was stored (a later part): it goes too.
    const stored = found as StoredImage | null;
    if (stored) await storage.remove(stored.key).catch(() => undefined);
    throw error;
  }
  if (refusal) throw refusal;
  return found;
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
   * authoritative check runs under the user's lock with the real size once
   * the file has streamed to its key; a refusal there removes the file, so a
   * refused upload leaves nothing in the store.
   */
  async image(request: FastifyRequest, userId: number, origin: string): Promise<UploadedImage> {
    const now = this.ctx.now();
    await hitRateLimit(this.ctx.db, now, `upload_image:${userId}`, UPLOADS_PER_USER_PER_HOUR, 3600);
    const early = quotaRefusal(...(await this.usage(this.ctx.db, userId, now)), 1);
    if (early) throw early;
    const file = await receiveImage(request, this.ctx.storage, now);
    if (!file) throw badRequest('file_required');
    const { key, size } = file;
    try {
      await transaction(this.ctx.db, async (tx) => {
        await this.repo.lockUser(tx, userId);
        const refusal = quotaRefusal(...(await this.usage(tx, userId, now)), size);
        if (refusal) throw refusal;
        await this.repo.insert(tx, { user_id: userId, storage_key: key, size, created_at: now });
      });
    } catch (error) {
      // Refused by the quota (or the insert failed): the stored file goes too.
      await this.ctx.storage.remove(key).catch(() => undefined);
      throw error;
    }
    const site = await this.deps.settings.site();
    const base = (site.domain || origin).replace(/\/+$/, '');
    // A bucket behind a CDN hands out its own address (decision 0024); else this site's `/files/` serves the key.
    const external = this.ctx.storage.publicUrl?.(key) ?? null;
    const uri = external ?? `/files/${key}`;
    return { url: external ?? `${base}${uri}`, uri, name: cleanName(file.filename, file.type.ext), size, mime: file.type.mime };
  }
}
