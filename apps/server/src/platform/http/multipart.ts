import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { MessageKey } from '@xueba/contract';
import { AppError, badRequest } from '../errors.js';

export interface MultipartFile {
  fieldname: string;
  filename: string;
  data: Buffer;
  /** The file passed the size limit: `data` holds only its first `fileSize` bytes. */
  truncated: boolean;
}

export interface MultipartReadOptions {
  limits: { fileSize: number; files?: number };
  /** Whether to keep a file part (`kept` files so far); the others are drained so parsing goes on. */
  keep(fieldname: string, kept: number): boolean;
  /** The refusal for a kept file over the size limit, thrown as soon as it is read; without it the file is returned `truncated`. */
  tooLarge?: () => Error;
  /** Plain fields, for the routes that read any (files only otherwise). */
  onField?(fieldname: string, value: unknown): void;
}

/**
 * Reads a multipart body into memory, file by file. busboy stops passing a
 * file's data on at the per-file limit, so an oversized file costs at most the
 * limit in memory, never the whole request.
 */
export async function readMultipart(request: FastifyRequest, options: MultipartReadOptions): Promise<MultipartFile[]> {
  const files: MultipartFile[] = [];
  // parts() and files() honour throwFileSizeLimit at run time; their types omit it, so the options are passed as a variable.
  const busboy = { limits: options.limits, throwFileSizeLimit: false };
  const parts = options.onField ? request.parts(busboy) : request.files(busboy);
  for await (const part of parts) {
    if (part.type === 'field') {
      options.onField?.(part.fieldname, part.value);
      continue;
    }
    if (!options.keep(part.fieldname, files.length)) {
      part.file.resume();
      continue;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of part.file) chunks.push(chunk as Buffer);
    if (part.file.truncated && options.tooLarge) throw options.tooLarge();
    files.push({ fieldname: part.fieldname, filename: part.filename, data: Buffer.concat(chunks), truncated: part.file.truncated });
  }
  return files;
}

/** A kept file part while it is still arriving: its bytes must be read to the end (receiveFile does). */
export interface MultipartFilePart {
  fieldname: string;
  filename: string;
  file: Readable & { truncated?: boolean };
}

export interface MultipartStreamOptions {
  /** `fileSize` is the largest file accepted; busboy is given one byte more, so a larger file shows itself by that byte. */
  limits: { fileSize: number; files?: number };
  keep(fieldname: string, kept: number): boolean;
  onField?(fieldname: string, value: unknown): void;
  /** Called for each kept file in order; the body is not read further until it resolves. */
  onFile(part: MultipartFilePart): Promise<void>;
}

/**
 * Walks a multipart body without holding any file: each kept file part is
 * handed to `onFile`, which streams it on (receiveFile); the others are drained.
 */
export async function streamMultipart(request: FastifyRequest, options: MultipartStreamOptions): Promise<void> {
  const busboy = { limits: { ...options.limits, fileSize: options.limits.fileSize + 1 }, throwFileSizeLimit: false };
  const parts = options.onField ? request.parts(busboy) : request.files(busboy);
  let kept = 0;
  for await (const part of parts) {
    if (part.type === 'field') {
      options.onField?.(part.fieldname, part.value);
      continue;
    }
    if (!options.keep(part.fieldname, kept)) {
      part.file.resume();
      continue;
    }
    kept += 1;
    await options.onFile({ fieldname: part.fieldname, filename: part.filename, file: part.file });
  }
}

/** What receiveFile learnt of a file while it flowed. */
export interface ReceivedFile {
  size: number;
  /** Hex SHA-256 of all the bytes (of those read, when too large). */
  sha256: string;
  /** The first `headBytes` bytes (fewer for a shorter file): what content sniffing looks at. */
  head: Buffer;
  /** More than `maxBytes` came: the write (if any) was aborted, nothing was stored. */
  tooLarge: boolean;
  /** The destination's write finished: the whole file is stored. */
  stored: boolean;
}

/** Where a file goes once its head is known. */
export interface FileDestination {
  /** Stores the bytes from `body` (e.g. storage.putStream); the stream errors when the file is refused mid-way, and then nothing may be kept. */
  write?(body: Readable): Promise<void>;
  /** Sees every chunk too, in order (a check that needs all the bytes, e.g. decoding text). */
  inspect?(chunk: Buffer): void;
}

export class FileTooLargeError extends Error {
  constructor() {
    super('file passed the size limit');
  }
}

/**
 * Streams one file: counts its bytes (refusing past `maxBytes`), hashes them,
 * keeps the first `headBytes`, then lets `destination(head)` decide where the
 * bytes go (nowhere, for a file already refused by its head). Only the head
 * and one chunk in flight are held, never the file. The source is always read
 * to its end, so the multipart body goes on after a refused file.
 */
export async function receiveFile(
  file: Readable & { truncated?: boolean },
  options: { maxBytes: number; headBytes: number; destination(head: Buffer): FileDestination },
): Promise<ReceivedFile> {
  const hash = createHash('sha256');
  const source = file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let size = 0;
  let tooLarge = false;
  const take = (chunk: Buffer): boolean => {
    size += chunk.length;
    if (size > options.maxBytes || file.truncated) tooLarge = true;
    else hash.update(chunk);
    return !tooLarge;
  };
  const pending: Buffer[] = [];
  let headLength = 0;
  let ended = false;
  while (headLength < options.headBytes && !tooLarge) {
    const next = await source.next();
    if (next.done) {
      ended = true;
      break;
    }
    if (!take(next.value)) break;
    pending.push(next.value);
    headLength += next.value.length;
  }
  const whole = Buffer.concat(pending);
  const head = whole.subarray(0, options.headBytes);
  const destination = tooLarge ? {} : options.destination(Buffer.from(head));
  const inspect = destination.inspect?.bind(destination);
  inspect?.(whole);
  async function* body(): AsyncGenerator<Buffer> {
    yield whole;
    while (!ended) {
      const next = await source.next();
      if (next.done) {
        ended = true;
        break;
      }
      if (!take(next.value)) throw new FileTooLargeError();
      inspect?.(next.value);
      yield next.value;
    }
    // busboy marks a cut file only at its end
    if (file.truncated) {
      tooLarge = true;
      throw new FileTooLargeError();
    }
  }
  let stored = false;
  let failure: unknown = null;
  if (tooLarge) {
    // nothing to write
  } else if (destination.write) {
    try {
      await destination.write(Readable.from(body(), { objectMode: false }));
      stored = !tooLarge;
    } catch (error) {
      if (!(error instanceof FileTooLargeError) && !tooLarge) failure = error;
    }
  } else {
    try {
      for await (const chunk of body()) void chunk;
    } catch (error) {
      if (!(error instanceof FileTooLargeError)) throw error;
    }
  }
  // Drain what the write left unread (a refusal or a storage fault stops it early).
  while (!ended) {
    const next = await source.next();
    if (next.done) ended = true;
    else size += next.value.length;
  }
  if (file.truncated) tooLarge = true;
  if (failure) throw failure;
  return { size, sha256: hash.digest('hex'), head, tooLarge, stored: stored && !tooLarge };
}

/**
 * The one `file` part of a multipart request, whole (the rest of the body is
 * drained), for routes that parse an upload at once: an empty or missing file
 * answers `missing` (400), one over `maxBytes` answers `tooLarge` (413, its
 * message told the limit in MB).
 */
export async function readOneFile(request: FastifyRequest, maxBytes: number, keys: { tooLarge: MessageKey; missing: MessageKey }): Promise<{ filename: string; data: Buffer }> {
  let found: { filename: string; data: Buffer } | null = null;
  let tooLarge = false;
  await streamMultipart(request, {
    limits: { fileSize: maxBytes, files: 1 },
    keep: (fieldname, kept) => kept === 0 && fieldname === 'file',
    onFile: async (part) => {
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > maxBytes) tooLarge = true;
        else chunks.push(chunk);
      }
      found = { filename: part.filename, data: Buffer.concat(chunks) };
    },
  });
  if (tooLarge) throw new AppError(keys.tooLarge, 413, { max: maxBytes / 1024 / 1024 });
  const file = found as { filename: string; data: Buffer } | null;
  if (!file || file.data.length === 0) throw badRequest(keys.missing);
  return file;
}
