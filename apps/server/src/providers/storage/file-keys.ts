import { randomToken } from '../../platform/crypto.js';

/**
 * Where a stored file may be read from, decided by its key so that a feature
 * only chooses the visibility when it stores (decision 0017):
 *
 * - `public/<kind>/YYYY/MM/<random>.<ext>`: anyone with the URL (avatars,
 *   published pictures, news images); cached publicly.
 * - `private/<userId>/<kind>/YYYY/MM/<random>.<ext>`: the owner only, through
 *   a short-lived signed URL or the owner's session; never cached.
 *
 * Keys written before the split keep working: `images/...` (image uploads)
 * stay public; anything else without one of the two prefixes (the old
 * `documents/...`) is private, with the owner known only to the row that
 * holds the key.
 */
export type FileVisibility = 'public' | 'private';

const LEGACY_PUBLIC_PREFIXES = ['public/', 'images/'];
const PRIVATE_OWNER = /^private\/(\d{1,15})\//;

export type FileAccess = { visibility: 'public' } | { visibility: 'private'; ownerId: number | null };

export function fileAccess(key: string): FileAccess {
  if (LEGACY_PUBLIC_PREFIXES.some((prefix) => key.startsWith(prefix))) return { visibility: 'public' };
  const owner = PRIVATE_OWNER.exec(key);
  return { visibility: 'private', ownerId: owner ? Number(owner[1]) : null };
}

export type NewFileKey = { visibility: 'public'; kind: string; ext: string } | { visibility: 'private'; userId: number; kind: string; ext: string };

/** A fresh, unguessable key in the namespace of the chosen visibility. */
export function newFileKey(now: Date, file: NewFileKey): string {
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  const tail = `${file.kind}/${now.getUTCFullYear()}/${month}/${randomToken(18)}.${file.ext}`;
  return file.visibility === 'public' ? `public/${tail}` : `private/${file.userId}/${tail}`;
}

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  svg: 'image/svg+xml',
};

/** The type a key is served with, from its extension (keys are never user-named). */
export function contentTypeOf(key: string): string {
  const ext = key.split('.').pop()?.toLowerCase() ?? '';
  return CONTENT_TYPES[ext] ?? 'application/octet-stream';
}
