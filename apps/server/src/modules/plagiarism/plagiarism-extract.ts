import { DOC_UPLOAD_MAX_BYTES, PLAGIARISM_MAX_CHARS, type PlagiarismExtract } from '@xueba/contract';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../platform/errors.js';
import { streamMultipart } from '../../platform/http/multipart.js';
import { parseInWorker } from '../doc/parse/parse-pool.js';
import { sniffDocument } from '../doc/parse/sniff.js';
import { countChars } from './text-structure.js';

/** The `file` part of a multipart request, whole, within the documents' size limit. */
async function readFile(request: FastifyRequest): Promise<{ filename: string; data: Buffer }> {
  let found: { filename: string; data: Buffer } | null = null;
  let tooLarge = false;
  await streamMultipart(request, {
    limits: { fileSize: DOC_UPLOAD_MAX_BYTES, files: 1 },
    keep: (fieldname, kept) => kept === 0 && fieldname === 'file',
    onFile: async (part) => {
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > DOC_UPLOAD_MAX_BYTES) tooLarge = true;
        else chunks.push(chunk);
      }
      found = { filename: part.filename, data: Buffer.concat(chunks) };
    },
  });
  if (tooLarge) throw new AppError('plagiarism_file_too_large', 413, { max: DOC_UPLOAD_MAX_BYTES / 1024 / 1024 });
  const file = found as { filename: string; data: Buffer } | null;
  if (!file || file.data.length === 0) throw badRequest('plagiarism_file_required');
  return file;
}

/**
 * The text of an uploaded pdf, docx, doc, txt or md file, by the documents'
 * own sniffing and parsers (in their worker thread). A scanned PDF has no
 * text layer and is refused with a message that says so: checks do not run
 * OCR (its page budget belongs to the documents library, and OCR errors
 * would read as differences).
 */
export async function extractText(request: FastifyRequest): Promise<PlagiarismExtract> {
  const file = await readFile(request);
  const sniffed = sniffDocument(new Uint8Array(file.data), file.filename);
  if (!sniffed.ok) throw badRequest(sniffed.reason === 'doc_file_empty' ? 'plagiarism_file_required' : 'plagiarism_file_type');
  if (sniffed.format === 'image') throw badRequest('plagiarism_file_type');
  const outcome = await parseInWorker(sniffed.format, new Uint8Array(file.data));
  if (!outcome.ok) {
    if (sniffed.format === 'pdf' && (outcome.reason === 'doc_no_text' || outcome.reason === 'doc_not_support_loading' || outcome.reason === 'doc_ocr_budget_exceeded')) throw new AppError('plagiarism_scanned_pdf', 422);
    throw new AppError(outcome.reason === 'doc_no_text' ? 'plagiarism_text_empty' : outcome.reason, 422);
  }
  const text = outcome.doc.pages
    .map((p) => p.text)
    .join('\n\n')
    .trim();
  const chars = countChars(text);
  if (chars === 0) throw new AppError(sniffed.format === 'pdf' ? 'plagiarism_scanned_pdf' : 'plagiarism_text_empty', 422);
  if (chars > PLAGIARISM_MAX_CHARS) throw badRequest('plagiarism_text_too_long', { max: PLAGIARISM_MAX_CHARS, chars });
  return { filename: file.filename.replace(/^.*[\\/]/, '').slice(0, 255), text, chars };
}
