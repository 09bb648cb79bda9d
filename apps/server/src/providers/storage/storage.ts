import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Stored files (avatars, documents, generated images). Local directory by
 * default; an S3-compatible store implements the same interface in production.
 * Keys are relative paths with forward slashes, never user-controlled.
 */
export interface FileStorage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** null when the key does not exist. */
  open(key: string): Promise<{ stream: Readable; size: number } | null>;
  remove(key: string): Promise<void>;
}

const SAFE_KEY = /^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_.-]+)*$/;

export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
    throw new Error(`Unsafe storage key: ${key}`);
  }
}

export class LocalFileStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private resolve(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, data: Buffer): Promise<void> {
    const file = this.resolve(key);
    await fsp.mkdir(path.dirname(file), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const temp = `${file}.${process.pid}.tmp`;
    await fsp.writeFile(temp, data);
    await fsp.rename(temp, file);
  }

  async open(key: string): Promise<{ stream: Readable; size: number } | null> {
    let file: string;
    try {
      file = this.resolve(key);
    } catch {
      return null;
    }
    try {
      const stat = await fsp.stat(file);
      if (!stat.isFile()) return null;
      return { stream: fs.createReadStream(file), size: stat.size };
    } catch {
      return null;
    }
  }

  async remove(key: string): Promise<void> {
    await fsp.rm(this.resolve(key), { force: true });
  }
}

/** In-memory storage for tests that should not touch the disk. */
export class MemoryFileStorage implements FileStorage {
  readonly files = new Map<string, { data: Buffer; contentType: string }>();
  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    assertSafeKey(key);
    this.files.set(key, { data, contentType });
  }
  async open(key: string): Promise<{ stream: Readable; size: number } | null> {
    const entry = this.files.get(key);
    if (!entry) return null;
    const { Readable } = await import('node:stream');
    return { stream: Readable.from([entry.data]), size: entry.data.length };
  }
  async remove(key: string): Promise<void> {
    this.files.delete(key);
  }
}
