import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileUrlSigner, SignedUrlCheck } from './signed-url.js';

/** Bytes `start` to `end` of a file, both included (an HTTP byte range); `end` is at most the last byte. */
export interface ByteRange {
  start: number;
  end: number;
}

/** A stored file as `list` reports it. */
export interface StoredFile {
  key: string;
  size: number;
}

/**
 * Stored files (avatars, documents, generated images). Local directory by
 * default; an S3-compatible bucket (`s3-storage.ts`) when several processes share files.
 * Keys are relative paths with forward slashes, never user-controlled; their
 * prefix says who may read them (`file-keys.ts`, decision 0017).
 */
export interface FileStorage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Like put, from a stream, without holding the whole file in memory. */
  putStream(key: string, stream: Readable, contentType: string): Promise<void>;
  /**
   * The file's bytes, or only those of `range` (which the caller has checked
   * against the size, see `stat`); `size` is always the whole file's. null
   * when the key does not exist.
   */
  open(key: string, range?: ByteRange): Promise<{ stream: Readable; size: number } | null>;
  /** The file's size, or null when the key does not exist. */
  stat(key: string): Promise<{ size: number } | null>;
  /** Every stored file whose key starts with `prefix` ("" for all), in no particular order. */
  list(prefix: string): AsyncIterable<StoredFile>;
  remove(key: string): Promise<void>;
  /**
   * A URL that lets the browser read a private file without a session for
   * `ttlSeconds`, issued to `userId` (the caller has checked that the user may
   * read it). Site-relative `/files/…` for the stores served by this process;
   * an object store answers its own presigned, absolute URL.
   */
  privateUrl(key: string, options: { userId: number; ttlSeconds: number }): Promise<{ url: string; expiresAt: Date }>;
  /**
   * Checks the query of a URL made by privateUrl when `/files/` serves the key;
   * absent for stores whose private URLs point elsewhere (then `/files/`
   * serves private keys to their owner's session only).
   */
  checkPrivateUrl?(key: string, query: unknown): SignedUrlCheck;
  /** Where a public key is read from outside this process (a CDN), or null when `/files/` serves it. */
  publicUrl?(key: string): string | null;
  /** Origins of the URLs privateUrl answers when they are not this site's (the browser must be allowed to fetch them). */
  urlOrigins?(): string[];
}

const SAFE_KEY = /^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_.-]+)*$/;

/** Every regular file under `dir`, as storage keys relative to `root`; half-written `*.tmp` files are left out. */
export async function* localFiles(root: string, dir = root): AsyncGenerator<StoredFile> {
  const entries = await fsp.readdir(dir, { withFileTypes: true });
  entries.sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* localFiles(root, full);
    else if (entry.isFile() && !entry.name.endsWith('.tmp')) yield { key: path.relative(root, full).split(path.sep).join('/'), size: (await fsp.stat(full)).size };
  }
}

/** The folder of a key prefix ("private/7/doc" → "private/7"), checked like a key. */
export function prefixFolder(prefix: string): string {
  const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
  if (folder) assertSafeKey(folder);
  return folder;
}

export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
    throw new Error(`Unsafe storage key: ${key}`);
  }
}

/** Private URLs of the stores served by this process: signed `/files/` URLs. */
abstract class SignedUrlStorage {
  constructor(private readonly urls: FileUrlSigner) {}

  async privateUrl(key: string, options: { userId: number; ttlSeconds: number }): Promise<{ url: string; expiresAt: Date }> {
    assertSafeKey(key);
    return this.urls.sign(key, options.userId, options.ttlSeconds);
  }

  checkPrivateUrl(key: string, query: unknown): SignedUrlCheck {
    return this.urls.check(key, query);
  }
}

export class LocalFileStorage extends SignedUrlStorage implements FileStorage {
  constructor(
    private readonly root: string,
    urls: FileUrlSigner,
  ) {
    super(urls);
  }

  private resolve(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, data: Buffer): Promise<void> {
    await this.putStream(key, Readable.from([data]));
  }

  async putStream(key: string, stream: Readable): Promise<void> {
    const file = this.resolve(key);
    await fsp.mkdir(path.dirname(file), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const temp = `${file}.${process.pid}.tmp`;
    try {
      await pipeline(stream, fs.createWriteStream(temp));
    } catch (error) {
      await fsp.rm(temp, { force: true });
      throw error;
    }
    await fsp.rename(temp, file);
  }

  async open(key: string, range?: ByteRange): Promise<{ stream: Readable; size: number } | null> {
    let file: string;
    try {
      file = this.resolve(key);
    } catch {
      return null;
    }
    try {
      const stat = await fsp.stat(file);
      if (!stat.isFile()) return null;
      return { stream: fs.createReadStream(file, range ? { start: range.start, end: range.end } : {}), size: stat.size };
    } catch {
      return null;
    }
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const stat = await fsp.stat(this.resolve(key));
      return stat.isFile() ? { size: stat.size } : null;
    } catch {
      return null;
    }
  }

  async *list(prefix: string): AsyncIterable<StoredFile> {
    const folder = prefixFolder(prefix);
    const dir = folder ? path.join(this.root, ...folder.split('/')) : this.root;
    // Nothing stored under the prefix yet: no folder.
    if (!(await fsp.stat(dir).then((s) => s.isDirectory(), () => false))) return;
    for await (const file of localFiles(this.root, dir)) {
      if (file.key.startsWith(prefix)) yield file;
    }
  }

  async remove(key: string): Promise<void> {
    await fsp.rm(this.resolve(key), { force: true });
  }
}

/** In-memory storage for tests that should not touch the disk. */
export class MemoryFileStorage extends SignedUrlStorage implements FileStorage {
  readonly files = new Map<string, { data: Buffer; contentType: string }>();
  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    assertSafeKey(key);
    this.files.set(key, { data, contentType });
  }
  async putStream(key: string, stream: Readable, contentType: string): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
    await this.put(key, Buffer.concat(chunks), contentType);
  }
  async open(key: string, range?: ByteRange): Promise<{ stream: Readable; size: number } | null> {
    const entry = this.files.get(key);
    if (!entry) return null;
    return { stream: Readable.from([range ? entry.data.subarray(range.start, range.end + 1) : entry.data]), size: entry.data.length };
  }
  async stat(key: string): Promise<{ size: number } | null> {
    const entry = this.files.get(key);
    return entry ? { size: entry.data.length } : null;
  }
  async *list(prefix: string): AsyncIterable<StoredFile> {
    for (const [key, entry] of this.files) if (key.startsWith(prefix)) yield { key, size: entry.data.length };
  }
  async remove(key: string): Promise<void> {
    this.files.delete(key);
  }
}
