import { DOC_EXTENSIONS, DOC_UPLOAD_MAX_BYTES, DOC_UPLOAD_MAX_FILES } from '@xueba/contract';

/** A refusal before sending: the i18n key (server-message table) and its values. */
export interface Refusal {
  key: string;
  values?: Record<string, string | number>;
}

export interface PrecheckResult {
  /** The whole selection is refused (no file, too many files). */
  refusal: Refusal | null;
  /** Per file: null when it may be sent, else why not. */
  files: { file: File; refusal: Refusal | null }[];
}

const extensionOf = (name: string) => /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';

/**
 * The spec §5 checks the browser can make before spending the upload: count,
 * size and extension. The server checks again, by content (a renamed .exe is
 * refused there), and counts words — which the browser cannot do for PDFs.
 */
export function precheck(files: readonly File[]): PrecheckResult {
  if (files.length === 0) return { refusal: { key: 'msg.file_required' }, files: [] };
  if (files.length > DOC_UPLOAD_MAX_FILES) return { refusal: { key: 'msg.doc_too_many_files' }, files: files.map((file) => ({ file, refusal: null })) };
  return {
    refusal: null,
    files: files.map((file) => {
      if (!(DOC_EXTENSIONS as readonly string[]).includes(extensionOf(file.name))) return { file, refusal: { key: 'msg.doc_unsupported_type' } };
      if (file.size === 0) return { file, refusal: { key: 'msg.doc_file_empty' } };
      if (file.size > DOC_UPLOAD_MAX_BYTES) return { file, refusal: { key: 'msg.file_too_large', values: { size: DOC_UPLOAD_MAX_BYTES / 1024 / 1024 } } };
      return { file, refusal: null };
    }),
  };
}

/**
 * Per-file progress from one multipart body: the files are sent in order, so
 * file i is done when the bytes sent pass the sizes before it plus its own.
 * The multipart framing makes `total` a little larger than the sum of sizes;
 * it is spread proportionally.
 */
export function progressPerFile(sizes: readonly number[], loaded: number, total: number): number[] {
  const sum = sizes.reduce((a, b) => a + b, 0);
  if (sum === 0 || total === 0) return sizes.map(() => 0);
  const sent = (loaded / total) * sum;
  let before = 0;
  return sizes.map((size) => {
    const done = size === 0 ? (sent >= before ? 1 : 0) : Math.min(1, Math.max(0, (sent - before) / size));
    before += size;
    return Math.round(done * 100);
  });
}
