import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { contentTypeOf } from './file-keys.js';
import type { S3FileStorage } from './s3-storage.js';
import { assertSafeKey, localFiles } from './storage.js';

export type MigrateOutcome = 'copied' | 'skipped' | 'failed';

export interface MigrateReport {
  copied: number;
  skipped: number;
  failed: { key: string; reason: string }[];
  bytes: number;
}

async function digests(stream: Readable): Promise<{ md5: string; sha256: string; size: number }> {
  const md5 = createHash('md5');
  const sha256 = createHash('sha256');
  let size = 0;
  for await (const chunk of stream) {
    const bytes = chunk as Buffer;
    md5.update(bytes);
    sha256.update(bytes);
    size += bytes.length;
  }
  return { md5: md5.digest('hex'), sha256: sha256.digest('hex'), size };
}

/**
 * Whether the bucket holds exactly the local bytes: same size, and the ETag is
 * their MD5 (a single-part upload without KMS), else the object re-read
 * matches their SHA-256 (multipart uploads' ETags are not a digest of the bytes).
 */
async function holdsSame(bucket: S3FileStorage, key: string, local: { md5: string; sha256: string; size: number }): Promise<boolean> {
  const stat = await bucket.stat(key);
  if (!stat || stat.size !== local.size) return false;
  if (stat.etag === local.md5) return true;
  const object = await bucket.open(key);
  if (!object) return false;
  return (await digests(object.stream)).sha256 === local.sha256;
}

async function migrateOne(root: string, key: string, bucket: S3FileStorage): Promise<{ outcome: MigrateOutcome; bytes: number; reason?: string }> {
  try {
    assertSafeKey(key);
  } catch {
    return { outcome: 'failed', bytes: 0, reason: 'not a storage key (left in place)' };
  }
  const file = path.join(root, ...key.split('/'));
  const local = await digests(fs.createReadStream(file));
  if (await holdsSame(bucket, key, local)) return { outcome: 'skipped', bytes: 0 };
  await bucket.putStream(key, fs.createReadStream(file), contentTypeOf(key));
  if (!(await holdsSame(bucket, key, local))) return { outcome: 'failed', bytes: 0, reason: 'the stored object does not match the file after upload' };
  return { outcome: 'copied', bytes: local.size };
}

/**
 * Copies a local files directory (DATA_DIR/files) into the bucket, verifying
 * each object by size and checksum. Objects already holding the same bytes are
 * skipped, so an interrupted run is resumed by running it again; a different
 * object under the same key is overwritten with the local file. Local files
 * are never changed or removed. `concurrency` files are in flight at once.
 */
export async function migrateFiles(
  root: string,
  bucket: S3FileStorage,
  options: { concurrency?: number; onFile?: (key: string, outcome: MigrateOutcome, reason?: string) => void } = {},
): Promise<MigrateReport> {
  const report: MigrateReport = { copied: 0, skipped: 0, failed: [], bytes: 0 };
  const keys = localFiles(root);
  const worker = async (): Promise<void> => {
    for (;;) {
      const next = await keys.next();
      if (next.done) return;
      const key = next.value.key;
      let result: { outcome: MigrateOutcome; bytes: number; reason?: string };
      try {
        result = await migrateOne(root, key, bucket);
      } catch (error) {
        result = { outcome: 'failed', bytes: 0, reason: error instanceof Error ? error.message : String(error) };
      }
      if (result.outcome === 'failed') report.failed.push({ key, reason: result.reason ?? 'failed' });
      else report[result.outcome] += 1;
      report.bytes += result.bytes;
      options.onFile?.(key, result.outcome, result.reason);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 4) }, worker));
  return report;
}
