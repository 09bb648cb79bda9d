import { once } from 'node:events';
import { createDeflateRaw, deflateRawSync } from 'node:zlib';

/**
 * Hand-built ZIP archives for the bomb tests: headers say exactly what they
 * are told, honest or not, so an archive can declare 4 KB and inflate to
 * hundreds of megabytes.
 */
export interface RawEntry {
  name: string;
  /** The entry's bytes as stored in the archive (deflated unless `method` is 0). */
  packed: Buffer;
  /** Uncompressed size written in both the local header and the central directory. */
  declared: number;
  method?: number;
}

/** The fields a local header and a central-directory record share, in the same order, from version-needed on. */
function sharedFields(entry: RawEntry, nameBytes: Buffer): Buffer {
  const fields = Buffer.alloc(26);
  fields.writeUInt16LE(20, 0);
  fields.writeUInt16LE(entry.method ?? 8, 4);
  fields.writeUInt32LE(entry.packed.length, 14);
  fields.writeUInt32LE(entry.declared, 18);
  fields.writeUInt16LE(nameBytes.length, 22);
  return fields;
}

function localHeader(entry: RawEntry, nameBytes: Buffer): Buffer {
  const signature = Buffer.alloc(4);
  signature.writeUInt32LE(0x04034b50, 0);
  return Buffer.concat([signature, sharedFields(entry, nameBytes)]);
}

function centralRecord(entry: RawEntry, nameBytes: Buffer, localOffset: number): Buffer {
  const head = Buffer.alloc(6);
  head.writeUInt32LE(0x02014b50, 0);
  head.writeUInt16LE(20, 4);
  const tail = Buffer.alloc(14);
  tail.writeUInt32LE(localOffset, 10);
  return Buffer.concat([head, sharedFields(entry, nameBytes), tail, nameBytes]);
}

function endRecord(count: number, centralLength: number, centralOffset: number): Buffer {
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(centralLength, 12);
  end.writeUInt32LE(centralOffset, 16);
  return end;
}

/** A ZIP of the given entries, one after the other. */
export function zipOf(entries: RawEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const nameBytes = Buffer.from(entry.name);
    const local = Buffer.concat([localHeader(entry, nameBytes), nameBytes, entry.packed]);
    centrals.push(centralRecord(entry, nameBytes, offset));
    locals.push(local);
    offset += local.length;
  }
  const central = Buffer.concat(centrals);
  return Buffer.concat([...locals, central, endRecord(entries.length, central.length, offset)]);
}

/**
 * An overlapping-entry bomb: one local header and one deflated kernel, and
 * `count` central-directory records (different names) all pointing at it, so
 * the kernel is inflated once per record.
 */
export function overlappingZip(kernel: RawEntry, names: string[]): Buffer {
  const nameBytes = Buffer.from(kernel.name);
  const local = Buffer.concat([localHeader(kernel, nameBytes), nameBytes, kernel.packed]);
  const central = Buffer.concat(names.map((name) => centralRecord(kernel, Buffer.from(name), 0)));
  return Buffer.concat([local, central, endRecord(names.length, central.length, local.length)]);
}

/** A ZIP with one deflated entry whose declared size is what the deflated data really inflates to. */
export function zipWith(name: string, content: Buffer): Buffer {
  return zipOf([{ name, packed: deflateRawSync(content, { level: 9 }), declared: content.length }]);
}

/** `megabytes` MiB of one byte, deflated as a stream (the plain bytes are never held in memory at once). */
export async function deflatedFill(megabytes: number, byte = 0x20): Promise<Buffer> {
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const chunk = Buffer.alloc(1024 * 1024, byte);
  for (let i = 0; i < megabytes; i += 1) {
    if (!deflate.write(chunk)) await once(deflate, 'drain');
  }
  deflate.end();
  await once(deflate, 'end');
  return Buffer.concat(out);
}

/** A minimal Word package: word/document.xml holding one paragraph per string. */
export function wordXml(paragraphs: string[]): Buffer {
  const body = paragraphs.map((p) => `<w:p><w:r><w:t>${p}</w:t></w:r></w:p>`).join('');
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
  );
}

/** A deflated entry whose declared size is the truth. */
export function honest(name: string, content: Buffer): RawEntry {
  return { name, packed: deflateRawSync(content), declared: content.length };
}
