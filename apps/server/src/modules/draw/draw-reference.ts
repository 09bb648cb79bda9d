import { UPLOAD_IMAGE_MAX_BYTES } from '@xueba/contract';
import type { Db } from '../../platform/db/transaction.js';
import { badRequest } from '../../platform/errors.js';
import type { FileStorage } from '../../providers/storage/storage.js';
import { sniffImage } from '../upload/image-type.js';
import type { DrawRepository } from './draw.repository.js';

/** The storage key at the end of an uploaded image's `uri` (`/files/<key>` or an object store's public URL). */
const UPLOAD_KEY = /((?:public\/)?images\/\d{4}\/\d{2}\/[A-Za-z0-9_-]+\.(?:png|jpg|gif|webp))$/;

/** A whole stored file, or null when the key does not exist. */
export async function readAll(storage: FileStorage, key: string, maxBytes = UPLOAD_IMAGE_MAX_BYTES): Promise<Buffer | null> {
  const opened = await storage.open(key);
  if (!opened) return null;
  if (opened.size > maxBytes) {
    opened.stream.destroy();
    return null;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of opened.stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/**
 * A picture this user uploaded: the `uri` that `POST /upload/image` answered
 * them, still stored, at most `maxBytes`, and by its bytes a PNG, JPEG or
 * WebP (not an SVG, not a GIF, not a file renamed to look like one). Null
 * when any of that does not hold.
 */
export async function readUpload(db: Db, repo: Pick<DrawRepository, 'uploadedBy'>, storage: FileStorage, userId: number, uri: string, maxBytes = UPLOAD_IMAGE_MAX_BYTES): Promise<{ key: string; data: Buffer; mime: string } | null> {
  const key = UPLOAD_KEY.exec(uri.split('?')[0] ?? '')?.[1];
  if (!key) return null;
  const expected = storage.publicUrl?.(key) ?? `/files/${key}`;
  if (uri !== expected && uri !== `/files/${key}`) return null;
  if (!(await repo.uploadedBy(db, userId, key))) return null;
  const data = await readAll(storage, key, maxBytes);
  const type = data ? sniffImage(data) : null;
  if (!data || !type || type.ext === 'gif') return null;
  return { key, data, mime: type.mime };
}

/** An img2img reference (see readUpload); answers the storage key. */
export async function checkReference(db: Db, repo: DrawRepository, storage: FileStorage, userId: number, uri: string): Promise<string> {
  const upload = await readUpload(db, repo, storage, userId, uri);
  if (!upload) throw badRequest('draw_reference_invalid');
  return upload.key;
}
