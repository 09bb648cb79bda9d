import { MINDMAP_XMIND_INFLATED_MAX_BYTES } from '@xueba/contract';
import { Unzip, UnzipInflate, zipSync } from 'fflate';
import { badRequest } from '../../../platform/errors.js';
import { invalidFile } from './limits.js';

/**
 * Entries of an .xmind archive, read with fflate's streaming unzip and
 * bounded by the bytes that come out, never by what the archive declares:
 * the archive is fed in small slices, so each slice inflates to at most
 * about a thousand times its size before the count sees it, and reading
 * stops as soon as the wanted entries pass the limit. Entries not asked for
 * are never inflated. (Documents use their own checks, decision 0021.)
 */

/** Real .xmind files hold a handful of entries, a few hundred with many attached images. */
export const XMIND_MAX_ENTRIES = 1000;
/** Deflate inflates at most ~1032x: a 4 KiB slice yields at most ~4 MiB before it is counted. */
const SLICE = 4096;

export interface ZipLimits {
  maxEntries: number;
  maxInflated: number;
}

const DEFAULT_LIMITS: ZipLimits = { maxEntries: XMIND_MAX_ENTRIES, maxInflated: MINDMAP_XMIND_INFLATED_MAX_BYTES };

const tooLarge = () => badRequest('mindmap_archive_too_large', { max: Math.round(MINDMAP_XMIND_INFLATED_MAX_BYTES / 1024 / 1024) });

class ZipRefused extends Error {
  constructor(readonly reason: 'bomb' | 'corrupt') {
    super(reason);
  }
}

/** The wanted entries' bytes (by exact name); entries missing from the archive are absent from the map. */
export function readZipEntries(data: Uint8Array, wanted: readonly string[], limits: ZipLimits = DEFAULT_LIMITS): Map<string, Uint8Array> {
  if (data.length < 4 || data[0] !== 0x50 || data[1] !== 0x4b || data[2] !== 0x03 || data[3] !== 0x04) throw invalidFile('xmind');
  const found = new Map<string, Uint8Array>();
  const chunks = new Map<string, Uint8Array[]>();
  let entries = 0;
  let inflated = 0;
  // fflate's inflate stream catches what its callback throws and hands it back as an error, so the reason is kept here.
  let overLimit = false;
  const refuse = (): never => {
    overLimit = true;
    throw new ZipRefused('bomb');
  };
  const unzip = new Unzip((file) => {
    entries += 1;
    if (entries > limits.maxEntries) refuse();
    if (!wanted.includes(file.name) || chunks.has(file.name)) return;
    if (file.originalSize !== undefined && file.originalSize > limits.maxInflated) refuse();
    const parts: Uint8Array[] = [];
    chunks.set(file.name, parts);
    file.ondata = (error, chunk, final) => {
      if (error || overLimit) throw new ZipRefused(overLimit ? 'bomb' : 'corrupt');
      inflated += chunk.length;
      if (inflated > limits.maxInflated) {
        file.terminate();
        refuse();
      }
      parts.push(chunk);
      if (final) found.set(file.name, concat(parts));
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let at = 0; at < data.length; at += SLICE) {
      const end = Math.min(data.length, at + SLICE);
      unzip.push(data.subarray(at, end), end === data.length);
    }
  } catch {
    // Anything else fflate or the checks above throw means the archive is broken.
    throw overLimit ? tooLarge() : invalidFile('xmind');
  }
  // An entry that started but never finished is a cut-off archive.
  for (const name of chunks.keys()) if (!found.has(name)) throw invalidFile('xmind');
  return found;
}

function concat(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(parts.reduce((sum, p) => sum + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** A deflated zip of the given entries, in order. */
export function writeZip(entries: [string, Uint8Array][]): Uint8Array {
  return zipSync(Object.fromEntries(entries), { level: 6, mtime: new Date('2020-01-01T00:00:00Z') });
}
