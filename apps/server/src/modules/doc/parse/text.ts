import { ParseError, type ParsedDocument } from './types.js';

/**
 * Plain text and Markdown: UTF-8 (with or without BOM), UTF-16 with a BOM, or
 * GB18030/GBK (detected: strict UTF-8 fails, strict GB18030 succeeds). Text has
 * no pages, so it is cut into pages of about PAGE_CHARS characters at
 * paragraph boundaries, which is what citations point at.
 */
export const PAGE_CHARS = 3000;

export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'gb18030';

export function detectEncoding(data: Uint8Array): { encoding: TextEncoding; bom: number } | null {
  if (data.length >= 3 && data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf) return { encoding: 'utf-8', bom: 3 };
  if (data.length >= 2 && data[0] === 0xff && data[1] === 0xfe) return { encoding: 'utf-16le', bom: 2 };
  if (data.length >= 2 && data[0] === 0xfe && data[1] === 0xff) return { encoding: 'utf-16be', bom: 2 };
  // NUL bytes do not occur in text without a UTF-16 BOM: this is a binary file.
  if (data.subarray(0, 8192).includes(0)) return null;
  for (const encoding of ['utf-8', 'gb18030'] as const) {
    try {
      new TextDecoder(encoding, { fatal: true }).decode(data);
      return { encoding, bom: 0 };
    } catch {
      // try the next one
    }
  }
  return null;
}

/** Share of control characters (other than tab, newline, carriage return, form feed): text has almost none. */
export function looksLikeText(text: string): boolean {
  const sample = text.slice(0, 20_000);
  if (sample.length === 0) return true;
  // eslint-disable-next-line no-control-regex -- control characters are what tells binary from text
  const controls = sample.match(/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/g)?.length ?? 0;
  return controls / sample.length < 0.01;
}

/** The text of a file that is text, or null. */
export function decodeText(data: Uint8Array): string | null {
  const found = detectEncoding(data);
  if (!found) return null;
  let text: string;
  try {
    text = new TextDecoder(found.encoding, { fatal: true }).decode(data.subarray(found.bom));
  } catch {
    return null;
  }
  return looksLikeText(text) ? text : null;
}

/** Paragraph-aligned pages of about PAGE_CHARS characters. */
export function paginate(text: string): ParsedDocument {
  const normal = text.replace(/\r\n?/g, '\n').replace(/[ \t]+\n/g, '\n').replace(/\n{3,}/g, '\n\n').trim();
  const paragraphs = normal.split(/\n\n/).filter((p) => p.trim() !== '');
  const pages: ParsedDocument['pages'] = [];
  let current: string[] = [];
  let length = 0;
  const flush = () => {
    if (current.length === 0) return;
    let pageText = '';
    const blocks: { start: number; end: number }[] = [];
    for (const p of current) {
      if (pageText) pageText += '\n\n';
      blocks.push({ start: pageText.length, end: pageText.length + p.length });
      pageText += p;
    }
    pages.push({ text: pageText, blocks });
    current = [];
    length = 0;
  };
  for (const paragraph of paragraphs) {
    // A paragraph longer than a page is cut at line ends (or hard, as a last resort).
    const pieces = paragraph.length > PAGE_CHARS ? splitLong(paragraph) : [paragraph];
    for (const piece of pieces) {
      if (length > 0 && length + piece.length > PAGE_CHARS) flush();
      current.push(piece);
      length += piece.length + 2;
    }
  }
  flush();
  return { pages };
}

function splitLong(paragraph: string): string[] {
  const out: string[] = [];
  let rest = paragraph;
  while (rest.length > PAGE_CHARS) {
    let cut = rest.lastIndexOf('\n', PAGE_CHARS);
    if (cut < PAGE_CHARS / 2) cut = Math.max(rest.lastIndexOf('。', PAGE_CHARS), rest.lastIndexOf('. ', PAGE_CHARS)) + 1;
    if (cut < PAGE_CHARS / 2) cut = PAGE_CHARS;
    out.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) out.push(rest);
  return out.filter(Boolean);
}

export function parseText(data: Uint8Array): ParsedDocument {
  const text = decodeText(data);
  if (text === null) throw new ParseError('doc_unsupported_type', 'not text in UTF-8, UTF-16 or GB18030');
  const doc = paginate(text);
  if (doc.pages.length === 0) throw new ParseError('doc_no_text', 'the file holds no text');
  return doc;
}
