import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Peer, type S3Peer } from '../../test/s3-peer.js';
import { S3FileStorage } from './s3-storage.js';
import { FileUrlSigner } from './signed-url.js';
import { LocalFileStorage, MemoryFileStorage, type FileStorage } from './storage.js';

interface Subject {
  store: FileStorage;
  /** Moves the store's clock (the signer's "now"). */
  shift(ms: number): void;
  /** Reads a private URL the way its reader would: the bucket itself, or `/files/` checking the signature. */
  readPrivate(key: string, url: string): Promise<{ status: number; body: Buffer }>;
  /** s3rver checks a presigned URL's key id and expiry but not its V4 signature (real stores do). */
  checksSignature: boolean;
  close(): Promise<void>;
}

function clock(): { now: () => Date; shift(ms: number): void } {
  let offset = 0;
  return { now: () => new Date(Date.now() + offset), shift: (ms) => (offset += ms) };
}

/** A store served by `/files/`: a private URL is read by checking its signature, as the route does. */
function servedSubject(store: LocalFileStorage | MemoryFileStorage, time: { shift(ms: number): void }, close: () => Promise<void>): Subject {
  return {
    store,
    shift: time.shift,
    checksSignature: true,
    readPrivate: async (key, url) => {
      const check = store.checkPrivateUrl(key, Object.fromEntries(new URL(url, 'http://site').searchParams));
      if (!check.ok) return { status: 403, body: Buffer.alloc(0) };
      const file = await store.open(key);
      return file ? { status: 200, body: await buffer(file.stream) } : { status: 404, body: Buffer.alloc(0) };
    },
    close,
  };
}

async function localSubject(): Promise<Subject> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'xueba-files-'));
  const time = clock();
  return servedSubject(new LocalFileStorage(root, new FileUrlSigner('contract-secret', time.now)), time, () => fs.rm(root, { recursive: true, force: true }));
}

async function memorySubject(): Promise<Subject> {
  const time = clock();
  return servedSubject(new MemoryFileStorage(new FileUrlSigner('contract-secret', time.now)), time, async () => undefined);
}

async function listed(store: FileStorage, prefix: string): Promise<string[]> {
  const out: string[] = [];
  for await (const file of store.list(prefix)) out.push(`${file.key}:${file.size}`);
  return out.sort();
}

let peer: S3Peer;

async function s3Subject(): Promise<Subject> {
  const time = clock();
  const store = new S3FileStorage(
    { bucket: peer.bucket, endpoint: peer.endpoint, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true },
    time.now,
  );
  await store.verify();
  return {
    store,
    shift: time.shift,
    checksSignature: false,
    readPrivate: async (_key, url) => {
      const response = await fetch(url);
      return { status: response.status, body: Buffer.from(await response.arrayBuffer()) };
    },
    close: async () => store.client.destroy(),
  };
}

beforeAll(async () => {
  peer = await startS3Peer();
});
afterAll(async () => {
  await peer?.close();
});

describe.each([
  ['local directory', localSubject],
  ['memory', memorySubject],
  ['S3-compatible bucket', s3Subject],
])('file storage contract: %s', (_name, make) => {
  let subject: Subject;
  beforeAll(async () => {
    subject = await make();
  });
  afterAll(async () => {
    await subject.close();
  });

  it('reads back what it stored, with its size, and forgets it when removed', async () => {
    const key = 'private/7/documents/2026/05/a.pdf';
    await subject.store.put(key, Buffer.from('%PDF-1.4 contract'), 'application/pdf');
    const file = await subject.store.open(key);
    expect(file?.size).toBe(17);
    expect((await buffer(file!.stream)).toString()).toBe('%PDF-1.4 contract');
    await subject.store.put(key, Buffer.from('%PDF-1.4 replaced'), 'application/pdf');
    expect((await buffer((await subject.store.open(key))!.stream)).toString()).toBe('%PDF-1.4 replaced');
    await subject.store.remove(key);
    expect(await subject.store.open(key)).toBeNull();
    await subject.store.remove(key);
  });

  it('stores a stream larger than one upload part without changing a byte', async () => {
    const key = 'private/7/documents/2026/05/big.bin';
    const chunk = Buffer.alloc(1024 * 1024);
    for (let i = 0; i < chunk.length; i += 1) chunk[i] = (i * 31) % 251;
    const chunks = Array.from({ length: 9 }, (_, n) => Buffer.concat([chunk.subarray(n), chunk.subarray(0, n)]));
    await subject.store.putStream(key, Readable.from(chunks), 'application/octet-stream');
    const file = await subject.store.open(key);
    expect(file?.size).toBe(9 * chunk.length);
    expect((await buffer(file!.stream)).equals(Buffer.concat(chunks))).toBe(true);
    await subject.store.remove(key);
  });

  it('reads a byte range, with the whole size, and tells the size without reading', async () => {
    const key = 'private/7/documents/2026/05/r.txt';
    await subject.store.put(key, Buffer.from('0123456789abcdef'), 'text/plain');
    expect(await subject.store.stat(key)).toMatchObject({ size: 16 });
    for (const [start, end, bytes] of [
      [0, 3, '0123'],
      [10, 15, 'abcdef'],
      [7, 7, '7'],
    ] as const) {
      const part = await subject.store.open(key, { start, end });
      expect(part?.size).toBe(16);
      expect((await buffer(part!.stream)).toString()).toBe(bytes);
    }
    await subject.store.remove(key);
    expect(await subject.store.stat(key)).toBeNull();
    expect(await subject.store.open(key, { start: 0, end: 3 })).toBeNull();
  });

  it('lists the files under a prefix, and nothing under one not used', async () => {
    await subject.store.put('private/11/documents/2026/05/a.pdf', Buffer.from('aaa'), 'application/pdf');
    await subject.store.put('private/11/documents/2026/06/b.pdf', Buffer.from('bbbb'), 'application/pdf');
    await subject.store.put('private/11/images/c.png', Buffer.from('c'), 'image/png');
    await subject.store.put('private/110/documents/d.pdf', Buffer.from('dd'), 'application/pdf');
    expect(await listed(subject.store, 'private/11/documents/')).toEqual(['private/11/documents/2026/05/a.pdf:3', 'private/11/documents/2026/06/b.pdf:4']);
    expect(await listed(subject.store, 'private/11/')).toHaveLength(3);
    expect(await listed(subject.store, 'private/11')).toHaveLength(4);
    expect(await listed(subject.store, 'private/11/documents/2026/0')).toHaveLength(2);
    expect(await listed(subject.store, 'private/12/')).toEqual([]);
    for (const file of await listed(subject.store, 'private/11')) await subject.store.remove(file.split(':')[0]!);
    expect(await listed(subject.store, 'private/11')).toEqual([]);
  });

  it('answers null for a missing key and for keys that are not keys', async () => {
    expect(await subject.store.stat('private/7/documents/2026/05/never.pdf')).toBeNull();
    expect(await subject.store.stat('public/../private/7/x.pdf')).toBeNull();
    expect(await subject.store.open('private/7/documents/2026/05/never.pdf')).toBeNull();
    expect(await subject.store.open('public/../private/7/x.pdf')).toBeNull();
    await expect(subject.store.put('public/../x.png', Buffer.from('x'), 'image/png')).rejects.toThrow(/Unsafe storage key/);
  });

  it('hands out a private URL that reads the file until it expires, and never another key', async () => {
    const key = 'private/9/documents/2026/05/p.pdf';
    await subject.store.put(key, Buffer.from('%PDF-1.4 private'), 'application/pdf');
    await subject.store.put('private/9/documents/2026/05/q.pdf', Buffer.from('%PDF-1.4 other'), 'application/pdf');
    const signed = await subject.store.privateUrl(key, { userId: 9, ttlSeconds: 60 });
    expect(signed.expiresAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
    expect(await subject.readPrivate(key, signed.url)).toEqual({ status: 200, body: Buffer.from('%PDF-1.4 private') });
    const tampered = signed.url.replace('/p.pdf', '/q.pdf');
    if (subject.checksSignature) expect((await subject.readPrivate('private/9/documents/2026/05/q.pdf', tampered)).status).toBe(403);
    // Issued two hours ago for one minute: refused now.
    subject.shift(-2 * 3600_000);
    const old = await subject.store.privateUrl(key, { userId: 9, ttlSeconds: 60 });
    subject.shift(2 * 3600_000);
    expect((await subject.readPrivate(key, old.url)).status).toBe(403);
    await subject.store.remove(key);
    await subject.store.remove('private/9/documents/2026/05/q.pdf');
  });
});

describe('S3-compatible bucket refusals', () => {
  it('stops at start with a sentence naming the bucket when the credentials are wrong', async () => {
    const store = new S3FileStorage(
      { bucket: peer.bucket, endpoint: peer.endpoint, region: 'us-east-1', accessKeyId: 'WRONG', secretAccessKey: 'wrong-secret', forcePathStyle: true },
      () => new Date(),
    );
    await expect(store.verify()).rejects.toThrow(/S3 bucket "xueba-test" .* credentials .* were refused/);
    await expect(store.put('public/images/x.png', Buffer.from('x'), 'image/png')).rejects.toThrow();
    store.client.destroy();
  });

  it('says so when the bucket does not exist', async () => {
    const store = new S3FileStorage(
      { bucket: 'no-such-bucket', endpoint: peer.endpoint, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true },
      () => new Date(),
    );
    await expect(store.verify()).rejects.toThrow(/no such bucket/);
    store.client.destroy();
  });

  it('gives public keys their public address only when one is configured', () => {
    const settings = { bucket: peer.bucket, endpoint: peer.endpoint, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true };
    expect(new S3FileStorage(settings, () => new Date()).publicUrl('public/images/2026/05/a.png')).toBeNull();
    const cdn = new S3FileStorage({ ...settings, publicUrl: 'https://cdn.example.com/x/' }, () => new Date());
    expect(cdn.publicUrl('public/images/2026/05/a.png')).toBe('https://cdn.example.com/x/public/images/2026/05/a.png');
  });
});
