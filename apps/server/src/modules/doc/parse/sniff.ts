import { decodeText } from './text.js';
import { isZipBomb, zipDirectory, type ZipEntry } from './zip.js';
import type { ParsedFormat } from './types.js';

/**
 * What a file is, from its bytes only (never its name or declared type):
 * PDF by its header, DOCX as a ZIP holding word/document.xml, DOC by the OLE
 * compound-file signature, a PNG or JPEG photo of a page (read by OCR), TXT/MD
 * when it decodes as text. Other images stay refused. The name only
 * chooses between txt and md, which have the same content.
 */
export type Sniffed =
  | { ok: true; format: ParsedFormat; text?: string }
  | { ok: false; reason: 'upload_not_allowed' | 'doc_unsupported_type' | 'doc_archive_too_large' | 'doc_file_empty' };

const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

function startsWith(data: Uint8Array, bytes: number[], offset = 0): boolean {
  return data.length >= offset + bytes.length && bytes.every((b, i) => data[offset + i] === b);
}
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** PNG and JPEG, the formats of page photos and scans that are read by OCR (decision 0029). */
export function isPageImage(data: Uint8Array): boolean {
  return startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) || startsWith(data, [0xff, 0xd8, 0xff]);
}

export function isImage(data: Uint8Array): boolean {
  return (
    startsWith(data, [0x89, 0x50, 0x4e, 0x47]) ||
    startsWith(data, [0xff, 0xd8, 0xff]) ||
    startsWith(data, ascii('GIF8')) ||
    (startsWith(data, ascii('RIFF')) && startsWith(data, ascii('WEBP'), 8)) ||
    startsWith(data, ascii('BM')) ||
    startsWith(data, [0x49, 0x49, 0x2a, 0x00]) ||
    startsWith(data, [0x4d, 0x4d, 0x00, 0x2a]) ||
    // HEIC/AVIF: an ISO-BMFF 'ftyp' box with an image brand
    (startsWith(data, ascii('ftyp'), 4) && /^(heic|heix|mif1|avif|msf1)/.test(String.fromCharCode(...data.subarray(8, 12))))
  );
}

/** Bytes of a file's start that decide what it is, or which further check it needs (a text's NUL test reads this many). */
export const SNIFF_HEAD_BYTES = 8192;

/** What the head alone tells: the answer, or the check of the whole file still needed (a ZIP's directory, a text's decoding). */
export type HeadSniff = Sniffed | { ok: true; format: 'docx'; pending: 'zip' } | { ok: true; format: 'txt' | 'md'; pending: 'text' };

/** From the first SNIFF_HEAD_BYTES bytes (all of a shorter file; none for an empty one). */
export function sniffHead(head: Uint8Array, filename: string): HeadSniff {
  if (head.length === 0) return { ok: false, reason: 'doc_file_empty' };
  // %PDF- may follow a little junk (some generators); readers accept it within the first KiB.
  const start = Buffer.from(head.subarray(0, 1024)).toString('latin1');
  if (start.includes('%PDF-')) return { ok: true, format: 'pdf' };
  if (isPageImage(head)) return { ok: true, format: 'image' };
  if (isImage(head)) return { ok: false, reason: 'upload_not_allowed' };
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return { ok: true, format: 'docx', pending: 'zip' };
  if (startsWith(head, OLE)) return { ok: true, format: 'doc' };
  // Executables and other binaries with a known signature are never text.
  const binaryHead = (startsWith(head, ascii('MZ')) || startsWith(head, [0x7f, 0x45, 0x4c, 0x46])) && head.subarray(0, 1024).includes(0);
  if (binaryHead) return { ok: false, reason: 'doc_unsupported_type' };
  return { ok: true, format: /\.(md|markdown)$/i.test(filename) ? 'md' : 'txt', pending: 'text' };
}

/** A ZIP is a .docx when it holds word/document.xml, and is refused when its directory declares a bomb. */
export function sniffZip(entries: ZipEntry[] | null): Sniffed {
  if (!entries || !entries.some((e) => e.name === 'word/document.xml')) return { ok: false, reason: 'doc_unsupported_type' };
  if (isZipBomb(entries)) return { ok: false, reason: 'doc_archive_too_large' };
  return { ok: true, format: 'docx' };
}

export function sniffDocument(data: Uint8Array, filename: string): Sniffed {
  const first = sniffHead(data.subarray(0, SNIFF_HEAD_BYTES), filename);
  if (!('pending' in first)) return first;
  if (first.pending === 'zip') return sniffZip(zipDirectory(data)?.entries ?? null);
  const text = decodeText(data);
  if (text === null) return { ok: false, reason: 'doc_unsupported_type' };
  return { ok: true, format: first.format, text };
}
