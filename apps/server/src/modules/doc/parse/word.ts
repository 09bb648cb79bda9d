import mammoth from 'mammoth';
import WordExtractor from 'word-extractor';
import { paginate } from './text.js';
import { ParseError, type ParsedDocument } from './types.js';
import { verifiedArchive, zipDirectory } from './zip.js';

/**
 * Word documents. DOCX through mammoth's HTML (so headings survive as
 * Markdown-style `#` lines and tables as rows), from the archive rebuilt out of
 * verified entries (zip.ts): an entry inflating past its declared size stops
 * there, and mammoth gets stored bytes it cannot inflate further. DOC
 * (Word 97-2003, an OLE compound file) through word-extractor: body, then
 * footnotes and endnotes.
 */

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
    if (code.startsWith('#x') || code.startsWith('#X')) return String.fromCodePoint(parseInt(code.slice(2), 16));
    if (code.startsWith('#')) return String.fromCodePoint(Number(code.slice(1)));
    return ENTITIES[code.toLowerCase()] ?? whole;
  });
}

/** mammoth's HTML as text: headings as `#` lines, paragraphs and list items as paragraphs, table cells tab-separated. */
export function htmlToText(html: string): string {
  const text = html
    // A cell's paragraphs stay on the row's line: cells are tab-separated, rows end the line.
    .replace(/<t([dh])[^>]*>([\s\S]*?)<\/t\1>/gi, (_, _tag: string, inner: string) => `${inner.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim()}\t`)
    .replace(/<h([1-6])[^>]*>/gi, (_, level: string) => `\n\n${'#'.repeat(Number(level))} `)
    .replace(/<\/h[1-6]>/gi, '\n\n')
    .replace(/<li[^>]*>/gi, '\n\n- ')
    .replace(/<\/(p|li|ul|ol|table)>/gi, '\n\n')
    .replace(/<\/tr>/gi, '\n')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<[^>]+>/g, '');
  return decodeEntities(text)
    .replace(/\t+\n/g, '\n')
    .replace(/[ \t]*\n[ \t]*(?=\n)/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export async function parseDocx(data: Uint8Array): Promise<ParsedDocument> {
  const directory = zipDirectory(data);
  if (!directory || !directory.entries.some((e) => e.name === 'word/document.xml')) throw new ParseError('docx_loading_failed', 'not a Word package');
  const archive = verifiedArchive(data, directory);
  let html: string;
  try {
    // Images become empty <img>: only the text is kept, so reading them (as base64 data URIs by default) would only cost memory.
    const result = await mammoth.convertToHtml({ buffer: archive }, { externalFileAccess: false, convertImage: mammoth.images.imgElement(() => Promise.resolve({ src: '' })) });
    html = result.value;
  } catch (error) {
    throw new ParseError('docx_loading_failed', error instanceof Error ? error.message : String(error));
  }
  const doc = paginate(htmlToText(html));
  if (doc.pages.length === 0) throw new ParseError('doc_no_text', 'the document holds no text');
  return doc;
}

export async function parseDoc(data: Uint8Array): Promise<ParsedDocument> {
  let text: string;
  try {
    const extracted = await new WordExtractor().extract(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
    text = [extracted.getBody(), extracted.getFootnotes(), extracted.getEndnotes()].map((t) => t.trim()).filter(Boolean).join('\n\n');
  } catch (error) {
    throw new ParseError('doc_parsing_failed', error instanceof Error ? error.message : String(error));
  }
  const doc = paginate(text);
  if (doc.pages.length === 0) throw new ParseError('doc_no_text', 'the document holds no text');
  return doc;
}
