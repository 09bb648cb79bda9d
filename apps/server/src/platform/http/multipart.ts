import type { FastifyRequest } from 'fastify';

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
