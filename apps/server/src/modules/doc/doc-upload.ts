import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { DOC_MAX_WORDS, DOC_NAME_MAX, DOC_UPLOAD_MAX_BYTES, DOC_UPLOAD_MAX_FILES, docTypeSchema, type DocType, type MessageKey } from '@xueba/contract';
import { badRequest } from '../../platform/errors.js';
import { receiveFile, streamMultipart, type MultipartFilePart } from '../../platform/http/multipart.js';
import { newFileKey } from '../../providers/storage/file-keys.js';
import type { FileStorage } from '../../providers/storage/storage.js';
import { StreamingTextCheck, storedZipEntries } from './doc-upload-check.js';
import { mimeOf, type DocCheck, type ReceivedDoc } from './doc.service.js';
import { SNIFF_HEAD_BYTES, sniffHead, sniffZip, type HeadSniff } from './parse/sniff.js';

/** A display name from the client's file name: no directories, no control characters, bounded. */
export function cleanName(filename: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
  const base = path.posix.basename(filename.replace(/\\/g, '/')).replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return [...base].slice(0, DOC_NAME_MAX).join('') || 'document';
}

function isFilesLimit(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && (error as { code: unknown }).code === 'FST_FILES_LIMIT';
}

const MB = 1024 * 1024;

/**
 * One file of the upload, streamed to its key while it is counted, hashed and
 * checked: its first bytes choose the format (and so the key), a ZIP's
 * directory is read back from the store by range, a text is decoded as it
 * flows. A file refused while or after it streamed is removed again.
 */
async function receiveDoc(part: MultipartFilePart, storage: FileStorage, userId: number, now: Date): Promise<ReceivedDoc> {
  const name = cleanName(part.filename);
  let sniffed: HeadSniff | null = null;
  let text: StreamingTextCheck | null = null;
  let key: string | null = null;
  const received = await receiveFile(part.file, {
    maxBytes: DOC_UPLOAD_MAX_BYTES,
    headBytes: SNIFF_HEAD_BYTES,
    destination: (head) => {
      const found = sniffHead(head, name);
      sniffed = found;
      if (!found.ok) return {};
      const check = 'pending' in found && found.pending === 'text' ? new StreamingTextCheck(head) : null;
      text = check;
      const chosen = newFileKey(now, { visibility: 'private', userId, kind: 'documents', ext: found.format });
      key = chosen;
      return { write: (body) => storage.putStream(chosen, body, mimeOf(found.format)), inspect: check ? (chunk) => check.push(chunk) : undefined };
    },
  });
  const stored = received.stored ? (key as string | null) : null;
  const result = (check: DocCheck): ReceivedDoc => ({ name, key: stored, size: received.size, sha256: received.sha256, check });
  const refuse = (error: MessageKey, params: Record<string, string | number> = {}) => result({ ok: false, error, params });
  const head = sniffed as HeadSniff | null;
  if (received.tooLarge) return refuse('file_too_large', { size: DOC_UPLOAD_MAX_BYTES / MB });
  if (!head) return refuse('doc_file_empty');
  if (!head.ok) return refuse(head.reason);
  if (!stored) return refuse('doc_unsupported_type');
  if ('pending' in head && head.pending === 'zip') {
    const zip = sniffZip(await storedZipEntries(storage, stored, received.size));
    if (!zip.ok) return refuse(zip.reason);
  }
  const textCheck = text as StreamingTextCheck | null;
  if (textCheck) {
    const counted = textCheck.finish();
    if (!counted) return refuse('doc_unsupported_type');
    if (counted.words > DOC_MAX_WORDS) return refuse('doc_too_many_words', { max: DOC_MAX_WORDS });
  }
  return result({ ok: true, format: head.format });
}

/**
 * Reads the multipart body: the `type` field and the files of `file[]` (or
 * `file`), each streamed to the store as it arrives (receiveDoc). An eleventh
 * file, or a body that breaks, refuses the whole upload and removes what the
 * earlier files stored. The caller accepts the files (DocService.uploadReceived)
 * or discards them.
 */
export async function readUpload(
  request: FastifyRequest,
  queryType: DocType | null,
  target: { storage: FileStorage; userId: number; now: Date },
): Promise<{ type: DocType | null; files: ReceivedDoc[] }> {
  let type = queryType;
  const files: ReceivedDoc[] = [];
  try {
    await streamMultipart(request, {
      limits: { fileSize: DOC_UPLOAD_MAX_BYTES, files: DOC_UPLOAD_MAX_FILES },
      keep: (fieldname) => fieldname === 'file[]' || fieldname === 'file',
      onField: (fieldname, value) => {
        if (fieldname !== 'type') return;
        const parsed = docTypeSchema.safeParse(value);
        if (!parsed.success) throw badRequest('doc_type_required');
        type = parsed.data;
      },
      onFile: async (part) => {
        files.push(await receiveDoc(part, target.storage, target.userId, target.now));
      },
    });
    return { type, files };
  } catch (error) {
    await Promise.all(files.map((f) => (f.key ? target.storage.remove(f.key).catch(() => undefined) : undefined)));
    if (isFilesLimit(error)) throw badRequest('doc_too_many_files');
    throw error;
  }
}
