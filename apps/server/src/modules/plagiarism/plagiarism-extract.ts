import { DOC_UPLOAD_MAX_BYTES, PLAGIARISM_MAX_CHARS, type PlagiarismExtract } from '@xueba/contract';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../platform/errors.js';
import { readOneFile } from '../../platform/http/multipart.js';
import { parseInWorker } from '../doc/parse/parse-pool.js';
import { sniffDocument } from '../doc/parse/sniff.js';
import { countChars } from './text-structure.js';

/**
 * The text of an uploaded pdf, docx, doc, txt or md file, by the documents'
 * own sniffing and parsers (in their worker thread). A scanned PDF has no
 * text layer and is refused with a message that says so: checks do not run
 * OCR (its page budget belongs to the documents library, and OCR errors
 * would read as differences).
 */
export async function extractText(request: FastifyRequest): Promise<PlagiarismExtract> {
  const file = await readOneFile(request, DOC_UPLOAD_MAX_BYTES, { tooLarge: 'plagiarism_file_too_large', missing: 'plagiarism_file_required' });
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
