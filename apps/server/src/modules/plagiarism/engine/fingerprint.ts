import type { CandidateSource, FingerprintIndex } from './types.js';
import { contentIndices, hashString, TokenKind, tokenize, type Tokens } from './tokenize.js';

/**
 * Winnowing (Schleimer, Wilkerson and Aiken 2003) over n-grams of content
 * tokens: word 3-grams, CJK character 4-grams (a character carries less than
 * a word). Of every `window` consecutive n-gram hashes the smallest is kept,
 * so any shared run of `window + n - 1` content tokens yields a shared
 * fingerprint while only about 2 / (window + 1) of the n-grams are stored.
 */
export interface FingerprintOptions {
  wordGram: number;
  cjkGram: number;
  window: number;
}

export const DEFAULT_FINGERPRINT: FingerprintOptions = { wordGram: 3, cjkGram: 4, window: 4 };

/** Hashes of the content-token n-grams of a text, in order. */
export function gramHashes(tokens: Tokens, options: FingerprintOptions = DEFAULT_FINGERPRINT): number[] {
  const content = contentIndices(tokens);
  const tokenHash = content.map((i) => hashString(tokens.keys[i]!));
  const out: number[] = [];
  for (let p = 0; p < content.length; p += 1) {
    const n = tokens.kinds[content[p]!] === TokenKind.Word ? options.wordGram : options.cjkGram;
    if (p + n > content.length) break;
    let h = 0x9e3779b9;
    for (let q = p; q < p + n; q += 1) h = (Math.imul(h ^ tokenHash[q]!, 0x85ebca6b) + 0x27d4eb2f) >>> 0;
    out.push((h ^ (h >>> 15)) >>> 0);
  }
  return out;
}

/** The winnowed fingerprints (distinct hashes) of a list of n-gram hashes. */
export function winnow(hashes: readonly number[], window: number): Set<number> {
  const out = new Set<number>();
  if (hashes.length === 0) return out;
  if (hashes.length <= window) {
    // Shorter than a window: its smallest hash, like any window would pick.
    out.add(Math.min(...hashes));
    return out;
  }
  for (let s = 0; s + window <= hashes.length; s += 1) {
    let best = s;
    // Rightmost minimum, so equal hashes in overlapping windows choose one position.
    for (let q = s + 1; q < s + window; q += 1) if (hashes[q]! <= hashes[best]!) best = q;
    out.add(hashes[best]!);
  }
  return out;
}

export function fingerprints(text: string, options: FingerprintOptions = DEFAULT_FINGERPRINT): Set<number> {
  return winnow(gramHashes(tokenize(text), options), options.window);
}

/** An in-memory inverted index: fingerprint -> the sources holding it. */
export class WinnowingIndex implements FingerprintIndex {
  private readonly postings = new Map<number, number[]>();
  private readonly docs = new Map<string, { slot: number; prints: Uint32Array }>();
  private readonly ids: (string | undefined)[] = [];
  private readonly free: number[] = [];

  constructor(private readonly options: FingerprintOptions = DEFAULT_FINGERPRINT) {}

  get size(): number {
    return this.docs.size;
  }

  has(id: string): boolean {
    return this.docs.has(id);
  }

  add(id: string, text: string): void {
    if (this.docs.has(id)) this.remove(id);
    const slot = this.free.pop() ?? this.ids.length;
    this.ids[slot] = id;
    const prints = Uint32Array.from(fingerprints(text, this.options));
    this.docs.set(id, { slot, prints });
    for (const h of prints) {
      const list = this.postings.get(h);
      if (list) list.push(slot);
      else this.postings.set(h, [slot]);
    }
  }

  remove(id: string): void {
    const doc = this.docs.get(id);
    if (!doc) return;
    for (const h of doc.prints) {
      const list = this.postings.get(h);
      if (!list) continue;
      const at = list.indexOf(doc.slot);
      if (at >= 0) {
        list[at] = list[list.length - 1]!;
        list.pop();
      }
      if (list.length === 0) this.postings.delete(h);
    }
    this.docs.delete(id);
    this.ids[doc.slot] = undefined;
    this.free.push(doc.slot);
  }

  candidates(text: string, options: { limit?: number; minShared?: number } = {}): CandidateSource[] {
    const limit = options.limit ?? 50;
    const minShared = Math.max(1, options.minShared ?? 2);
    const counts = new Map<number, number>();
    for (const h of fingerprints(text, this.options)) {
      const list = this.postings.get(h);
      if (!list) continue;
      for (const slot of list) counts.set(slot, (counts.get(slot) ?? 0) + 1);
    }
    const out: CandidateSource[] = [];
    for (const [slot, shared] of counts) {
      const id = this.ids[slot];
      if (id !== undefined && shared >= minShared) out.push({ id, shared });
    }
    out.sort((a, b) => b.shared - a.shared || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    return out.slice(0, limit);
  }
}
