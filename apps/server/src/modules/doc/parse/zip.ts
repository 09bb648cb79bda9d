import { inflateRawSync } from 'node:zlib';
import { ParseError } from './types.js';

/**
 * ZIP archives (.docx). Two steps, both bounded by the bytes that really come
 * out, never only by what the archive says about itself:
 *
 * - `zipDirectory` + `isZipBomb` read the central directory without inflating
 *   anything: names and declared sizes. Enough to tell a .docx from other
 *   archives and to refuse an honest bomb at upload, on the server's thread.
 * - `verifiedArchive` (in the parse thread) inflates every entry with a hard
 *   cap at its declared size, so an archive that under-declares is stopped after
 *   that many bytes, and rebuilds the archive with the verified bytes stored
 *   uncompressed: whatever reads it next (mammoth, through jszip) inflates
 *   nothing. See docs/decisions/0021-zip-bombs-and-nul-bytes.md.
 */
export interface ZipEntry {
  name: string;
  nameBytes: Uint8Array;
  method: number;
  flags: number;
  crc: number;
  compressed: number;
  uncompressed: number;
  /** Where the entry's local header starts. */
  localOffset: number;
}

export interface ZipDirectory {
  entries: ZipEntry[];
  /** Where the central directory starts: no entry's data may reach into it. */
  centralOffset: number;
}

/** Entries a .docx may hold: real ones hold a few dozen, a few hundred with many images. */
export const DOCX_MAX_ENTRIES = 2_000;
/** Unpacked bytes a .docx may hold (XML and images): far above any real document within the 100,000-word limit. */
export const DOCX_MAX_UNPACKED = 128 * 1024 * 1024;
/** Compression ratio above which an entry (or the whole archive) past 1 MB is a bomb: text XML compresses ~10-20x. */
export const DOCX_MAX_RATIO = 200;
const RATIO_FLOOR = 1024 * 1024;

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;
/** General-purpose flag: the name is UTF-8. */
const UTF8_NAME = 0x0800;

/** Where the central directory starts, from the end-of-central-directory record in the last 64 KiB + 22 bytes of a file; null when there is none. */
export function centralDirectoryOffset(tail: Uint8Array): number | null {
  const view = new DataView(tail.buffer, tail.byteOffset, tail.byteLength);
  const stop = Math.max(0, tail.length - 65_557);
  for (let i = tail.length - 22; i >= stop; i -= 1) {
    if (view.getUint32(i, true) === EOCD) return view.getUint32(i + 16, true);
  }
  return null;
}

/** Bytes at the end of a file that hold its end-of-central-directory record. */
export const ZIP_TAIL_BYTES = 65_557;

/**
 * null when the bytes are not a readable ZIP. `data` may be only the end of
 * the file, from file offset `base` (a stored file read by range): it must
 * reach back to the central directory.
 */
export function zipDirectory(data: Uint8Array, base = 0): ZipDirectory | null {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  // The end-of-central-directory record sits in the last 64 KiB + 22 bytes.
  const stop = Math.max(0, data.length - ZIP_TAIL_BYTES);
  let eocd = -1;
  for (let i = data.length - 22; i >= stop; i -= 1) {
    if (view.getUint32(i, true) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = view.getUint16(eocd + 10, true);
  const centralOffset = view.getUint32(eocd + 16, true);
  let offset = centralOffset - base;
  if (offset < 0) return null;
  const entries: ZipEntry[] = [];
  const decoder = new TextDecoder();
  for (let n = 0; n < count; n += 1) {
    if (offset + 46 > data.length || view.getUint32(offset, true) !== CENTRAL) return null;
    const uncompressed = view.getUint32(offset + 24, true);
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    if (offset + 46 + nameLength > data.length) return null;
    const nameBytes = data.subarray(offset + 46, offset + 46 + nameLength);
    entries.push({
      name: decoder.decode(nameBytes),
      nameBytes,
      flags: view.getUint16(offset + 8, true),
      method: view.getUint16(offset + 10, true),
      crc: view.getUint32(offset + 16, true),
      compressed: view.getUint32(offset + 20, true),
      // ZIP64 marks sizes as 0xFFFFFFFF: count them as huge, which refuses them (no real .docx needs ZIP64).
      uncompressed: uncompressed === 0xffffffff ? Number.MAX_SAFE_INTEGER : uncompressed,
      localOffset: view.getUint32(offset + 42, true),
    });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return { entries, centralOffset };
}

/** From the declared sizes alone: too many entries, too much unpacked, or an entry or archive compressed beyond any real document. */
export function isZipBomb(entries: ZipEntry[]): boolean {
  if (entries.length > DOCX_MAX_ENTRIES) return true;
  let total = 0;
  let packed = 0;
  for (const e of entries) {
    total += e.uncompressed;
    packed += e.compressed;
    if (e.uncompressed > RATIO_FLOOR && e.uncompressed / Math.max(1, e.compressed) > DOCX_MAX_RATIO) return true;
  }
  return total > DOCX_MAX_UNPACKED || (total > RATIO_FLOOR && total / Math.max(1, packed) > DOCX_MAX_RATIO);
}

const corrupt = (detail: string) => new ParseError('docx_loading_failed', detail);
const bomb = (detail: string) => new ParseError('doc_archive_too_large', detail);

/** Where each entry's compressed bytes are; refuses entries outside the file or sharing bytes with another (overlapping-entry bombs). */
function dataRanges(data: Uint8Array, directory: ZipDirectory): { start: number; end: number }[] {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const ranges = directory.entries.map((e) => {
    if (e.localOffset + 30 > directory.centralOffset || view.getUint32(e.localOffset, true) !== LOCAL) throw corrupt(`${e.name}: no local header`);
    const start = e.localOffset + 30 + view.getUint16(e.localOffset + 26, true) + view.getUint16(e.localOffset + 28, true);
    const end = start + e.compressed;
    if (end > directory.centralOffset) throw corrupt(`${e.name}: data runs past the archive`);
    return { header: e.localOffset, start, end };
  });
  const sorted = [...ranges].sort((a, b) => a.header - b.header);
  for (let i = 1; i < sorted.length; i += 1) {
    if (sorted[i]!.header < sorted[i - 1]!.end) throw bomb('entries overlap');
  }
  return ranges;
}

/** One entry's bytes, inflated with a hard cap at its declared size: zlib counts the output as it goes and stops past the cap. */
function inflateEntry(entry: ZipEntry, packed: Uint8Array): Buffer {
  if (entry.flags & 1) throw corrupt(`${entry.name}: encrypted`);
  let out: Buffer;
  if (entry.method === STORED) {
    out = Buffer.from(packed.buffer, packed.byteOffset, packed.byteLength);
  } else if (entry.method === DEFLATED) {
    try {
      out = inflateRawSync(packed, { maxOutputLength: Math.max(1, entry.uncompressed) });
    } catch (error) {
      if (error instanceof RangeError && (error as RangeError & { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
        throw bomb(`${entry.name}: inflates past its declared ${entry.uncompressed} bytes`);
      }
      throw corrupt(`${entry.name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  } else {
    throw corrupt(`${entry.name}: compression method ${entry.method}`);
  }
  if (out.length !== entry.uncompressed) throw corrupt(`${entry.name}: ${out.length} bytes, declared ${entry.uncompressed}`);
  return out;
}

/**
 * The fields a local header and a central-directory record share, in the same
 * order (version needed, flags, method, time, date, CRC, sizes, name length,
 * extra length), for a stored entry with a UTF-8 name and no extra field.
 */
function writeStoredFields(out: Buffer, at: number, e: ZipEntry): void {
  out.writeUInt16LE(10, at);
  out.writeUInt16LE(UTF8_NAME, at + 2);
  out.writeUInt32LE(e.crc, at + 10);
  out.writeUInt32LE(e.uncompressed, at + 14);
  out.writeUInt32LE(e.uncompressed, at + 18);
  out.writeUInt16LE(e.nameBytes.length, at + 22);
}

/**
 * The archive rebuilt from verified bytes: every entry inflated (each stopped
 * at its declared size, the declared sizes already within the limits), then
 * written back stored, with the original names and CRCs. Memory is bounded by
 * the declared total, which `isZipBomb` holds at DOCX_MAX_UNPACKED.
 */
export function verifiedArchive(data: Uint8Array, directory: ZipDirectory): Buffer {
  const { entries } = directory;
  if (isZipBomb(entries)) throw bomb('declared unpacked size too large');
  const ranges = dataRanges(data, directory);
  let size = 22;
  for (const e of entries) size += 30 + 46 + 2 * e.nameBytes.length + e.uncompressed;
  const out = Buffer.alloc(size);
  const central: number[] = [];
  let at = 0;
  entries.forEach((e, i) => {
    const { start, end } = ranges[i]!;
    const content = inflateEntry(e, data.subarray(start, end));
    central.push(at);
    out.writeUInt32LE(LOCAL, at);
    writeStoredFields(out, at + 4, e);
    out.set(e.nameBytes, at + 30);
    out.set(content, at + 30 + e.nameBytes.length);
    at += 30 + e.nameBytes.length + e.uncompressed;
  });
  const centralOffset = at;
  entries.forEach((e, i) => {
    out.writeUInt32LE(CENTRAL, at);
    out.writeUInt16LE(20, at + 4);
    writeStoredFields(out, at + 6, e);
    out.writeUInt32LE(central[i]!, at + 42);
    out.set(e.nameBytes, at + 46);
    at += 46 + e.nameBytes.length;
  });
  out.writeUInt32LE(EOCD, at);
  out.writeUInt16LE(entries.length, at + 8);
  out.writeUInt16LE(entries.length, at + 10);
  out.writeUInt32LE(at - centralOffset, at + 12);
  out.writeUInt32LE(centralOffset, at + 16);
  return out;
}
