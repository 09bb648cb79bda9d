import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Env } from '../../config/env.js';
import { assertSafeKey, prefixFolder, type ByteRange, type FileStorage, type StoredFile } from './storage.js';

export interface S3Settings {
  bucket: string;
  /** Unset: AWS itself; else the S3-compatible service (MinIO, R2, OSS, COS…). */
  endpoint?: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key` (most self-hosted stores). */
  forcePathStyle: boolean;
  /** Where public keys are readable without signing (a CDN or a public-read bucket); unset: through `/files/`. */
  publicUrl?: string;
}

/** Parts of 8 MiB, two in flight: a large file is never held whole in memory. */
const PART_SIZE = 8 * 1024 * 1024;

function isMissing(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404;
}

/**
 * Files in an S3-compatible bucket, so that several app processes share them
 * (decision 0024). Private files are read through presigned GET URLs that the
 * store itself checks, so `/files/` serves private keys to their owner's
 * session only (no `checkPrivateUrl`); public keys get their public URL when
 * one is configured and are streamed through `/files/` otherwise.
 */
export class S3FileStorage implements FileStorage {
  readonly client: S3Client;

  constructor(
    readonly settings: S3Settings,
    private readonly now: () => Date,
  ) {
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      // Checksums only where the API requires them: many S3-compatible stores
      // refuse the newer default (CRC32 trailers on chunked uploads).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
    });
  }

  /**
   * Fails with a sentence an operator can act on when the bucket cannot be
   * reached with these credentials, so a misconfigured process stops at start
   * instead of failing every upload.
   */
  async verify(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.settings.bucket }));
    } catch (error) {
      const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
      const reason =
        status === 403 || status === 400
          ? 'the credentials (S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY) were refused'
          : status === 404
            ? 'no such bucket'
            : error instanceof Error
              ? error.message
              : String(error);
      throw new Error(`S3 bucket "${this.settings.bucket}" at ${this.settings.endpoint ?? 'AWS'} is not usable: ${reason}`);
    }
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(new PutObjectCommand({ Bucket: this.settings.bucket, Key: key, Body: data, ContentType: contentType, ContentLength: data.length }));
  }

  async putStream(key: string, stream: Readable, contentType: string): Promise<void> {
    assertSafeKey(key);
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.settings.bucket, Key: key, Body: stream, ContentType: contentType },
      partSize: PART_SIZE,
      queueSize: 2,
      leavePartsOnError: false,
    });
    await upload.done();
  }

  async open(key: string, range?: ByteRange): Promise<{ stream: Readable; size: number } | null> {
    try {
      assertSafeKey(key);
    } catch {
      return null;
    }
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }));
      // A ranged answer's length is the range's; the whole size is after the slash of "bytes 0-9/1234".
      const total = range ? Number(answer.ContentRange?.split('/')[1]) : NaN;
      // The SDK's body on Node is an http IncomingMessage, a Readable.
      return { stream: answer.Body as Readable, size: Number.isFinite(total) ? total : (answer.ContentLength ?? 0) };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  /** Size and ETag (the MD5 of the bytes for a single-part upload), or null when absent. */
  async stat(key: string): Promise<{ size: number; etag: string } | null> {
    try {
      assertSafeKey(key);
    } catch {
      return null;
    }
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      return { size: head.ContentLength ?? 0, etag: (head.ETag ?? '').replace(/"/g, '') };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  /** Pages of ListObjectsV2 (1,000 keys each), read as they are needed. */
  async *list(prefix: string): AsyncIterable<StoredFile> {
    prefixFolder(prefix);
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.settings.bucket, Prefix: prefix || undefined, ContinuationToken: token }));
      for (const object of page.Contents ?? []) if (object.Key) yield { key: object.Key, size: object.Size ?? 0 };
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async remove(key: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
  }

  async privateUrl(key: string, options: { userId: number; ttlSeconds: number }): Promise<{ url: string; expiresAt: Date }> {
    assertSafeKey(key);
    const signingDate = this.now();
    const expiresIn = Math.max(1, Math.floor(options.ttlSeconds));
    const url = await getSignedUrl(this.client, new GetObjectCommand({ Bucket: this.settings.bucket, Key: key }), { expiresIn, signingDate });
    return { url, expiresAt: new Date(signingDate.getTime() + expiresIn * 1000) };
  }

  urlOrigins(): string[] {
    const { bucket, endpoint, region, forcePathStyle } = this.settings;
    if (!endpoint) return [`https://${bucket}.s3.${region}.amazonaws.com`];
    const url = new URL(endpoint);
    return [forcePathStyle ? url.origin : `${url.protocol}//${bucket}.${url.host}`];
  }

  publicUrl(key: string): string | null {
    if (!this.settings.publicUrl) return null;
    assertSafeKey(key);
    return `${this.settings.publicUrl.replace(/\/+$/, '')}/${key}`;
  }
}

/** The S3 store that S3_BUCKET selects (decision 0024); null without it (files stay in DATA_DIR/files). */
export function s3Storage(env: Env, now: () => Date): S3FileStorage | null {
  if (!env.S3_BUCKET || !env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY) return null;
  return new S3FileStorage(
    {
      bucket: env.S3_BUCKET,
      endpoint: env.S3_ENDPOINT,
      region: env.S3_REGION,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
      publicUrl: env.S3_PUBLIC_URL,
    },
    now,
  );
}
