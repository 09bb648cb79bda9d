/**
 * Reads a ZIP archive's central directory without inflating anything: the
 * entry names and their declared sizes. Enough to tell a .docx (a ZIP holding
 * word/document.xml) from other archives, and to refuse a ZIP bomb before any
 * byte is decompressed.
 */
export interface ZipEntry {
  name: string;
  compressed: number;
  uncompressed: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;

/** null when the bytes are not a readable ZIP. */
export function zipEntries(data: Uint8Array, maxEntries = 10_000): ZipEntry[] | null {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  // The end-of-central-directory record sits in the last 64 KiB + 22 bytes.
  const stop = Math.max(0, data.length - 65_557);
  let eocd = -1;
  for (let i = data.length - 22; i >= stop; i -= 1) {
    if (view.getUint32(i, true) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = view.getUint16(eocd + 10, true);
  let offset = view.getUint32(eocd + 16, true);
  if (count > maxEntries) return null;
  const entries: ZipEntry[] = [];
  const decoder = new TextDecoder();
  for (let n = 0; n < count; n += 1) {
    if (offset + 46 > data.length || view.getUint32(offset, true) !== CENTRAL) return null;
    const compressed = view.getUint32(offset + 20, true);
    const uncompressed = view.getUint32(offset + 24, true);
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    if (offset + 46 + nameLength > data.length) return null;
    const name = decoder.decode(data.subarray(offset + 46, offset + 46 + nameLength));
    // ZIP64 marks sizes as 0xFFFFFFFF: count them as huge, which refuses them (no real .docx needs ZIP64).
    entries.push({ name, compressed, uncompressed: uncompressed === 0xffffffff ? Number.MAX_SAFE_INTEGER : uncompressed });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Unpacked bytes a .docx may declare (text, styles, embedded images): far above any real 20 MB document. */
export const DOCX_MAX_UNPACKED = 256 * 1024 * 1024;
/** Compression ratio above which an archive is treated as a bomb (text XML compresses ~10-20x). */
export const DOCX_MAX_RATIO = 200;

export function isZipBomb(entries: ZipEntry[]): boolean {
  let total = 0;
  for (const e of entries) {
    total += e.uncompressed;
    if (e.uncompressed > 1024 * 1024 && e.uncompressed / Math.max(1, e.compressed) > DOCX_MAX_RATIO) return true;
  }
  return total > DOCX_MAX_UNPACKED;
}
