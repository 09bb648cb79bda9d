import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { DOC_NAME_MAX, DOC_UPLOAD_MAX_BYTES, DOC_UPLOAD_MAX_FILES, docTypeSchema, type DocType } from '@xueba/contract';
import { badRequest } from '../../platform/errors.js';
import type { IncomingFile } from './doc.service.js';

/** A display name from the client's file name: no directories, no control characters, bounded. */
export function cleanName(filename: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
  const base = path.posix.basename(filename.replace(/\\/g, '/')).replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return [...base].slice(0, DOC_NAME_MAX).join('') || 'document';
}

function isFilesLimit(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && (error as { code: unknown }).code === 'FST_FILES_LIMIT';
}

/**
 * Reads the multipart body: the `type` field and the files of `file[]` (or
 * `file`). busboy stops passing a file's data on at the per-file limit, so an
 * oversized file costs at most the limit in memory and is reported as too
 * large; an eleventh file refuses the whole upload before anything is stored.
 */
export async function readUpload(request: FastifyRequest, queryType: DocType | null): Promise<{ type: DocType | null; files: IncomingFile[] }> {
  let type = queryType;
  const files: IncomingFile[] = [];
  // parts() honours throwFileSizeLimit at run time; its type omits it, so the options are passed as a variable.
  const options = { limits: { fileSize: DOC_UPLOAD_MAX_BYTES, files: DOC_UPLOAD_MAX_FILES }, throwFileSizeLimit: false };
  try {
    for await (const part of request.parts(options)) {
      if (part.type === 'field') {
        if (part.fieldname === 'type') {
          const parsed = docTypeSchema.safeParse(part.value);
          if (!parsed.success) throw badRequest('doc_type_required');
          type = parsed.data;
        }
        continue;
      }
      if (part.fieldname !== 'file[]' && part.fieldname !== 'file') {
        part.file.resume();
        continue;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of part.file) chunks.push(chunk as Buffer);
      files.push({ name: cleanName(part.filename), data: Buffer.concat(chunks), truncated: part.file.truncated });
    }
  } catch (error) {
    if (isFilesLimit(error)) throw badRequest('doc_too_many_files');
    throw error;
  }
  return { type, files };
}
