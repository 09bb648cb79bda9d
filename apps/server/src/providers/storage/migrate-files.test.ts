import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Peer, type S3Peer } from '../../test/s3-peer.js';
import { migrateFiles, type MigrateOutcome } from './migrate-files.js';
import { S3FileStorage } from './s3-storage.js';

/** Over one 8 MiB part: uploaded in parts. */
const BIG = Buffer.alloc(9 * 1024 * 1024 + 3, 7);
const FILES: Record<string, Buffer> = {
  'public/images/2026/05/a.png': Buffer.from('png-bytes'),
  'private/7/documents/2026/05/b.pdf': Buffer.from('%PDF-1.4 private'),
  'documents/2025/01/legacy.txt': Buffer.from('a document from before the key split'),
  'private/7/documents/2026/05/big.pdf': BIG,
};

describe('storage:migrate: a local files directory into the bucket', () => {
  let peer: S3Peer;
  let root: string;
  let bucket: S3FileStorage;
  beforeAll(async () => {
    peer = await startS3Peer('xueba-migrate');
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'xueba-migrate-'));
    for (const [key, data] of Object.entries(FILES)) {
      await fs.mkdir(path.join(root, path.dirname(key)), { recursive: true });
      await fs.writeFile(path.join(root, key), data);
    }
    // A write interrupted mid-way by the local store: never copied.
    await fs.writeFile(path.join(root, 'public/images/2026/05/a.png.123.tmp'), 'half');
    bucket = new S3FileStorage({ bucket: peer.bucket, endpoint: peer.endpoint, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true }, () => new Date());
  });
  afterAll(async () => {
    bucket?.client.destroy();
    await peer?.close();
    await fs.rm(root, { recursive: true, force: true });
  });

  const run = async () => {
    const seen: Record<string, MigrateOutcome> = {};
    const report = await migrateFiles(root, bucket, { onFile: (key, outcome) => (seen[key] = outcome) });
    return { report, seen };
  };

  it('copies every file with its bytes and leaves temporary files behind', async () => {
    const { report } = await run();
    expect(report).toEqual({ copied: 4, skipped: 0, failed: [], bytes: Object.values(FILES).reduce((n, b) => n + b.length, 0) });
    for (const [key, data] of Object.entries(FILES)) {
      expect((await buffer((await bucket.open(key))!.stream)).equals(data), key).toBe(true);
    }
    expect(await bucket.stat('public/images/2026/05/a.png.123.tmp')).toBeNull();
  });

  it('skips on a second run what the bucket already holds', async () => {
    const { report } = await run();
    expect(report).toEqual({ copied: 0, skipped: 4, failed: [], bytes: 0 });
  });

  it('re-reads and compares by SHA-256 when the ETag is not an MD5 (multipart uploads, KMS)', async () => {
    // s3rver answers an MD5 even for multipart objects; S3 answers "<md5 of the part digests>-<parts>".
    class MultipartEtags extends S3FileStorage {
      override async stat(key: string) {
        const stat = await super.stat(key);
        return stat && { ...stat, etag: '0123456789abcdef0123456789abcdef-2' };
      }
    }
    const store = new MultipartEtags(bucket.settings, () => new Date());
    try {
      expect(await migrateFiles(root, store)).toEqual({ copied: 0, skipped: 4, failed: [], bytes: 0 });
    } finally {
      store.client.destroy();
    }
  });

  it('copies again an object whose bytes differ, even at the same size', async () => {
    await bucket.put('private/7/documents/2026/05/b.pdf', Buffer.from('%PDF-1.4 PRIVATE'), 'application/pdf');
    await bucket.putStream('private/7/documents/2026/05/big.pdf', (await import('node:stream')).Readable.from([Buffer.alloc(BIG.length, 8)]), 'application/pdf');
    await bucket.remove('documents/2025/01/legacy.txt');
    const { report, seen } = await run();
    expect(report.copied).toBe(3);
    expect(report.skipped).toBe(1);
    expect(seen['public/images/2026/05/a.png']).toBe('skipped');
    expect((await buffer((await bucket.open('private/7/documents/2026/05/b.pdf'))!.stream)).toString()).toBe('%PDF-1.4 private');
    expect((await buffer((await bucket.open('private/7/documents/2026/05/big.pdf'))!.stream)).equals(BIG)).toBe(true);
  });

  // Asynchronous: the bucket answers from this process.
  const cli = (args: string[], env: Record<string, string>) =>
    new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
      execFile(process.execPath, ['--import', 'tsx', ...args], { env, encoding: 'utf8' }, (error, stdout, stderr) => {
        resolve({ status: error ? Number(error.code ?? 1) : 0, stdout, stderr });
      });
    });

  it('refuses from the command line without a bucket, and stops on wrong credentials', async () => {
    const script = path.resolve(import.meta.dirname, '../../cli/storage-migrate.ts');
    const base = { PATH: process.env.PATH ?? '', DATA_DIR: path.dirname(root) };
    const unset = await cli([script, root], base);
    expect(unset.status).toBe(2);
    expect(unset.stderr).toContain('Set S3_BUCKET');
    const wrong = await cli([script, root], { ...base, S3_BUCKET: peer.bucket, S3_ENDPOINT: peer.endpoint, S3_FORCE_PATH_STYLE: '1', S3_ACCESS_KEY_ID: 'WRONG', S3_SECRET_ACCESS_KEY: 'x' });
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toMatch(/credentials .* were refused/);
    const ok = await cli([script, root], { ...base, S3_BUCKET: peer.bucket, S3_ENDPOINT: peer.endpoint, S3_FORCE_PATH_STYLE: '1', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' });
    expect(ok.stdout).toContain('Done: 0 copied (0 bytes), 4 already there, 0 failed.');
    expect(ok.status).toBe(0);
  }, 60_000);
});
