import type { Db } from '../../platform/db/transaction.js';
import type { FileStorage } from '../../providers/storage/storage.js';

/** The storage key at the end of an uploaded image's `uri` (`/files/<key>` or an object store's public URL). */
const UPLOAD_KEY = /((?:public\/)?images\/\d{4}\/\d{2}\/[A-Za-z0-9_-]+\.(?:png|jpg|gif|webp))$/;

/**
 * The storage key of a picture this user uploaded through `POST /upload/image`
 * (which already checked its type by content and its size), or null when the
 * uri is not exactly one of theirs. Feedback screenshots and support images
 * reference uploads this way instead of taking files of their own.
 */
export async function ownedUploadKey(db: Db, storage: FileStorage, userId: number, uri: string): Promise<string | null> {
  const key = UPLOAD_KEY.exec(uri.split('?')[0] ?? '')?.[1];
  if (!key) return null;
  const expected = storage.publicUrl?.(key) ?? `/files/${key}`;
  if (uri !== expected && uri !== `/files/${key}`) return null;
  const row = await db.selectFrom('image_uploads').select('id').where('user_id', '=', userId).where('storage_key', '=', key).executeTakeFirst();
  return row ? key : null;
}

/** Where a stored upload is served. */
export function uploadUrl(storage: FileStorage, key: string): string {
  return storage.publicUrl?.(key) ?? `/files/${key}`;
}
