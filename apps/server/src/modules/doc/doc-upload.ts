import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { DOC_NAME_MAX, DOC_UPLOAD_MAX_BYTES, DOC_UPLOAD_MAX_FILES, docTypeSchema, type DocType } from '@xueba/contract';
import { badRequest } from '../../platform/errors.js';
import { readMultipart } from '../../platform/http/multipart.js';
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
 * `file`). An oversized file is kept truncated and reported as too large; an
 * eleventh file refuses the whole upload before anything is stored.
 */
export async function readUpload(request: FastifyRequest, queryType: DocType | null): Promise<{ type: DocType | null; files: IncomingFile[] }> {
  let type = queryType;
  try {
    const files = await readMultipart(request, {
      limits: { fileSize: DOC_UPLOAD_MAX_BYTES, files: DOC_UPLOAD_MAX_FILES },
      keep: (fieldname) => fieldname === 'file[]' || fieldname === 'file',
      onField: (fieldname, value) => {
        if (fieldname !== 'type') return;
        const parsed = docTypeSchema.safeParse(value);
        if (!parsed.success) throw badRequest('doc_type_required');
        type = parsed.data;
      },
    });
    return { type, files: files.map((f) => ({ name: cleanName(f.filename), data: f.data, truncated: f.truncated })) };
  } catch (error) {
    if (isFilesLimit(error)) throw badRequest('doc_too_many_files');
    throw error;
  }
}
