import { TextDecoder } from 'node:util';
import { countWords } from '../../providers/ai/tokens.js';
import type { FileStorage } from '../../providers/storage/storage.js';
import { looksLikeText, type TextEncoding } from './parse/text.js';
import { centralDirectoryOffset, zipDirectory, ZIP_TAIL_BYTES, type ZipEntry } from './parse/zip.js';

/** Characters of a text's start that looksLikeText judges (as decodeText does). */
const SAMPLE_CHARS = 20_000;
/** Everything a word (countWords' Latin run) may hold: a cut anywhere else cannot split one. */
const WORD_CHAR = /[\p{L}\p{N}'’-]/u;
const CJK_GLOBAL = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;

/** One candidate encoding, decoded as the bytes flow, with its word count and opening sample. */
class Candidate {
  private readonly decoder: TextDecoder;
  failed = false;
  sample = '';
  words = 0;
  /** The unfinished word at the end of what was decoded so far. */
  private carry = '';

  constructor(readonly encoding: TextEncoding) {
    this.decoder = new TextDecoder(encoding, { fatal: true });
  }

  push(bytes: Uint8Array, last: boolean): void {
    if (this.failed) return;
    let text: string;
    try {
      text = this.decoder.decode(bytes, { stream: !last });
    } catch {
      this.failed = true;
      return;
    }
    if (this.sample.length < SAMPLE_CHARS) this.sample += text.slice(0, SAMPLE_CHARS - this.sample.length);
    this.count(text, last);
  }

  /** countWords over the whole text, a piece at a time: CJK characters as they come, Latin runs cut only between words. */
  private count(text: string, last: boolean): void {
    const cjk = text.match(CJK_GLOBAL)?.length ?? 0;
    const piece = this.carry + (cjk > 0 ? text.replace(CJK_GLOBAL, ' ') : text);
    let cut = piece.length;
    if (!last) {
      while (cut > 0 && WORD_CHAR.test(piece[cut - 1]!)) cut -= 1;
    }
    this.words += cjk + countWords(piece.slice(0, cut));
    this.carry = piece.slice(cut);
  }
}

/**
 * decodeText and countWords for a file that arrives in chunks: the same
 * answers (encoding by BOM, else strict UTF-8, else strict GB18030; NUL bytes
 * in the first 8 KiB mean binary; the opening must look like text), holding
 * only the opening sample and the unfinished word, never the text.
 */
export class StreamingTextCheck {
  private readonly candidates: Candidate[];
  private bom: number;

  constructor(head: Uint8Array) {
    const bom =
      head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf
        ? { encoding: 'utf-8' as const, bom: 3 }
        : head[0] === 0xff && head[1] === 0xfe
          ? { encoding: 'utf-16le' as const, bom: 2 }
          : head[0] === 0xfe && head[1] === 0xff
            ? { encoding: 'utf-16be' as const, bom: 2 }
            : null;
    this.bom = bom?.bom ?? 0;
    if (bom) this.candidates = [new Candidate(bom.encoding)];
    else if (head.subarray(0, 8192).includes(0)) this.candidates = [];
    else this.candidates = [new Candidate('utf-8'), new Candidate('gb18030')];
  }

  push(chunk: Uint8Array): void {
    const bytes = this.bom > 0 ? chunk.subarray(Math.min(this.bom, chunk.length)) : chunk;
    this.bom = Math.max(0, this.bom - chunk.length);
    for (const candidate of this.candidates) candidate.push(bytes, false);
  }

  /** After the last chunk: the word count of a text file, or null when the file is not text. */
  finish(): { words: number } | null {
    for (const candidate of this.candidates) candidate.push(new Uint8Array(0), true);
    const found = this.candidates.find((c) => !c.failed);
    if (!found || !looksLikeText(found.sample)) return null;
    return { words: found.words };
  }
}

async function readRange(storage: FileStorage, key: string, start: number, end: number): Promise<Buffer | null> {
  const file = await storage.open(key, { start, end });
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/**
 * The entries of a stored ZIP from its end alone (two range reads: the last
 * 64 KiB, then from the central directory on when it starts earlier), so a
 * .docx is checked without reading its contents. null when it is not a ZIP.
 */
export async function storedZipEntries(storage: FileStorage, key: string, size: number): Promise<ZipEntry[] | null> {
  if (size < 22) return null;
  const tailStart = Math.max(0, size - ZIP_TAIL_BYTES);
  const tail = await readRange(storage, key, tailStart, size - 1);
  if (!tail) return null;
  const central = centralDirectoryOffset(tail);
  if (central === null || central >= size) return null;
  if (central >= tailStart) return zipDirectory(tail, tailStart)?.entries ?? null;
  const directory = await readRange(storage, key, central, size - 1);
  return directory ? (zipDirectory(directory, central)?.entries ?? null) : null;
}
