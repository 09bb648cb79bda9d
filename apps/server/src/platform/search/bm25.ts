import { tokenize } from './tokenize.js';

/**
 * An in-memory inverted index ranked with BM25F (Robertson & Zaragoza 2009):
 * each field's term frequency is length-normalised with its own b, weighted,
 * summed into one pseudo-frequency, and saturated once with k1.
 *
 * Memory is what limits a per-process index, so nothing per document is kept
 * in a Map or object: postings are typed arrays (4 bytes of document number +
 * one byte of raw frequency per field), document lengths are one Uint16 per
 * field. Normalisation is applied at query time from the raw frequencies, so
 * adding documents never rebuilds postings; only the per-document norm factors
 * are refreshed (O(documents)) when the average lengths have drifted.
 */
export interface FieldSpec {
  name: string;
  weight: number;
  /** BM25 b for this field (length normalisation). */
  b?: number;
}

export interface SearchHit {
  /** Internal document number (insertion order). */
  doc: number;
  score: number;
}

export interface Bm25Options {
  k1?: number;
  /** Pre-tokenised input instead of `tokenize` (tests, other analysers). */
  tokenizer?: (text: string) => string[];
}

class Postings {
  docs: Uint32Array;
  /** Raw term frequency per field, clamped to 255: `tfs[i * fields + f]`. */
  tfs: Uint8Array;
  size = 0;
  constructor(private readonly fields: number) {
    this.docs = new Uint32Array(2);
    this.tfs = new Uint8Array(2 * fields);
  }
  push(doc: number, tf: Uint8Array): void {
    if (this.size === this.docs.length) {
      const capacity = Math.ceil(this.size * 1.5) + 2;
      const docs = new Uint32Array(capacity);
      docs.set(this.docs);
      this.docs = docs;
      const tfs = new Uint8Array(capacity * this.fields);
      tfs.set(this.tfs);
      this.tfs = tfs;
    }
    this.docs[this.size] = doc;
    this.tfs.set(tf, this.size * this.fields);
    this.size += 1;
  }
  /** Drops postings of removed documents, in place. */
  purge(alive: Uint8Array): void {
    const f = this.fields;
    let out = 0;
    for (let i = 0; i < this.size; i += 1) {
      const doc = this.docs[i]!;
      if (!alive[doc]) continue;
      if (out !== i) {
        this.docs[out] = doc;
        this.tfs.copyWithin(out * f, i * f, i * f + f);
      }
      out += 1;
    }
    this.size = out;
  }
  bytes(): number {
    return this.docs.byteLength + this.tfs.byteLength;
  }
}

/** A bounded min-heap on score that keeps the best `limit` hits. */
function pushTop(heapDocs: number[], heapScores: number[], limit: number, doc: number, score: number): void {
  const n = heapDocs.length;
  if (n < limit) {
    heapDocs.push(doc);
    heapScores.push(score);
    let i = n;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!worse(heapScores[i]!, heapDocs[i]!, heapScores[parent]!, heapDocs[parent]!)) break;
      swap(heapDocs, heapScores, i, parent);
      i = parent;
    }
    return;
  }
  if (!worse(heapScores[0]!, heapDocs[0]!, score, doc)) return;
  heapDocs[0] = doc;
  heapScores[0] = score;
  let i = 0;
  for (;;) {
    const l = 2 * i + 1;
    const r = l + 1;
    let m = i;
    if (l < n && worse(heapScores[l]!, heapDocs[l]!, heapScores[m]!, heapDocs[m]!)) m = l;
    if (r < n && worse(heapScores[r]!, heapDocs[r]!, heapScores[m]!, heapDocs[m]!)) m = r;
    if (m === i) break;
    swap(heapDocs, heapScores, i, m);
    i = m;
  }
}

/** Ranking order: higher score first, then lower document number (stable ties). */
function worse(scoreA: number, docA: number, scoreB: number, docB: number): boolean {
  return scoreA < scoreB || (scoreA === scoreB && docA > docB);
}

function swap(docs: number[], scores: number[], i: number, j: number): void {
  const d = docs[i]!;
  docs[i] = docs[j]!;
  docs[j] = d;
  const s = scores[i]!;
  scores[i] = scores[j]!;
  scores[j] = s;
}

export interface SearchResult {
  hits: SearchHit[];
  /** Live documents that matched at least one term and passed the filter. */
  total: number;
}

export class Bm25Index {
  private readonly postings = new Map<string, Postings>();
  private readonly nFields: number;
  private readonly weights: Float64Array;
  private readonly bs: Float64Array;
  private readonly k1: number;
  private readonly tokenizer: (text: string) => string[];
  private readonly lengthSums: Float64Array;
  private count = 0;
  private capacity = 1024;
  private liveCount = 0;
  private removedSincePurge = 0;
  private totalPostings = 0;
  private alive = new Uint8Array(1024);
  /** Field lengths in tokens, clamped to 65535: `lengths[f * capacity + doc]`. */
  private lengths = new Uint16Array(1024);
  /** weight_f / (1 - b_f + b_f * len / avg_f), per field and document; refreshed lazily before a query. */
  private norms = new Float32Array(1024);
  private normsDirty = true;
  /** Documents below this number have norm factors computed against `normAverages`. */
  private normedCount = 0;
  private normAverages: Float64Array;
  private scores = new Float32Array(1024);
  private touchedFlag = new Uint8Array(1024);
  private readonly scratch: Uint8Array;

  constructor(
    private readonly fields: FieldSpec[],
    k1OrOptions: number | Bm25Options = 1.2,
  ) {
    const options = typeof k1OrOptions === 'number' ? { k1: k1OrOptions } : k1OrOptions;
    this.k1 = options.k1 ?? 1.2;
    this.tokenizer = options.tokenizer ?? tokenize;
    this.nFields = fields.length;
    this.weights = Float64Array.from(fields.map((f) => f.weight));
    this.bs = Float64Array.from(fields.map((f) => f.b ?? 0.75));
    this.lengthSums = new Float64Array(this.nFields);
    this.normAverages = new Float64Array(this.nFields);
    this.lengths = new Uint16Array(this.capacity * this.nFields);
    this.norms = new Float32Array(this.capacity * this.nFields);
    this.scratch = new Uint8Array(this.nFields);
  }

  get size(): number {
    return this.liveCount;
  }

  /** Tokenises the query the way documents were tokenised (distinct terms, in order). */
  terms(query: string): string[] {
    return [...new Set(this.tokenizer(query))];
  }

  /** Number of live documents containing the term (an IDF input for callers such as keyword extraction). */
  documentFrequency(term: string): number {
    return this.postings.get(term)?.size ?? 0;
  }

  /** Adds a document; returns its internal number. `values` are in field order. */
  add(values: readonly string[]): number {
    const doc = this.count;
    this.count += 1;
    this.ensureCapacity(this.count);
    const perTerm = new Map<string, Uint8Array>();
    for (let f = 0; f < this.nFields; f += 1) {
      const tokens = this.tokenizer(values[f] ?? '');
      this.lengths[f * this.capacity + doc] = Math.min(tokens.length, 65535);
      this.lengthSums[f]! += tokens.length;
      for (const token of tokens) {
        let tf = perTerm.get(token);
        if (!tf) perTerm.set(token, (tf = new Uint8Array(this.nFields)));
        if (tf[f]! < 255) tf[f]! += 1;
      }
    }
    for (const [term, tf] of perTerm) {
      let list = this.postings.get(term);
      if (!list) this.postings.set(term, (list = new Postings(this.nFields)));
      list.push(doc, tf);
    }
    this.totalPostings += perTerm.size;
    this.alive[doc] = 1;
    this.liveCount += 1;
    this.normsDirty = true;
    return doc;
  }

  remove(doc: number): void {
    if (doc >= this.count || !this.alive[doc]) return;
    this.alive[doc] = 0;
    this.liveCount -= 1;
    for (let f = 0; f < this.nFields; f += 1) this.lengthSums[f]! -= this.lengths[f * this.capacity + doc]!;
    // Postings of the removed document stay until enough pile up to be worth a purge.
    this.removedSincePurge += 1;
    this.normsDirty = true;
  }

  /** Top `limit` documents for the query, best first; `filter` may exclude documents. */
  search(query: string, limit: number, filter?: (doc: number) => boolean): SearchHit[] {
    return this.searchTerms(this.terms(query), limit, filter).hits;
  }

  /** Like `search`, for already tokenised terms, with the number of matching documents. */
  searchTerms(terms: readonly string[], limit: number, filter?: (doc: number) => boolean, boosts?: readonly number[]): SearchResult {
    if (terms.length === 0 || this.liveCount === 0) return { hits: [], total: 0 };
    this.maybePurge();
    this.refreshNorms();
    const touched: number[] = [];
    const scores = this.scores;
    const flag = this.touchedFlag;
    const alive = this.alive;
    const n = this.liveCount;
    const k1 = this.k1;
    const nf = this.nFields;
    const cap = this.capacity;
    const norms = this.norms;
    terms.forEach((term, t) => {
      const list = this.postings.get(term);
      if (!list) return;
      // Postings of removed documents count until purged: a small, temporary IDF bias.
      const df = list.size;
      const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5)) * (boosts?.[t] ?? 1);
      const { docs, tfs, size } = list;
      for (let i = 0; i < size; i += 1) {
        const doc = docs[i]!;
        if (!alive[doc]) continue;
        let tf = 0;
        const base = i * nf;
        for (let f = 0; f < nf; f += 1) {
          const raw = tfs[base + f]!;
          if (raw !== 0) tf += raw * norms[f * cap + doc]!;
        }
        if (!flag[doc]) {
          flag[doc] = 1;
          touched.push(doc);
        }
        scores[doc]! += (idf * tf * (k1 + 1)) / (tf + k1);
      }
    });
    const heapDocs: number[] = [];
    const heapScores: number[] = [];
    let total = 0;
    for (const doc of touched) {
      const score = scores[doc]!;
      scores[doc] = 0;
      flag[doc] = 0;
      if (filter && !filter(doc)) continue;
      total += 1;
      if (limit > 0) pushTop(heapDocs, heapScores, limit, doc, score);
    }
    const hits = heapDocs.map((doc, i) => ({ doc, score: heapScores[i]! }));
    hits.sort((a, b) => b.score - a.score || a.doc - b.doc);
    return { hits, total };
  }

  /** Approximate bytes held by the index (typed arrays plus a per-term estimate for the dictionary). */
  memoryBytes(): number {
    let bytes = this.alive.byteLength + this.lengths.byteLength + this.norms.byteLength + this.scores.byteLength + this.touchedFlag.byteLength;
    for (const [term, list] of this.postings) bytes += list.bytes() + 2 * term.length + 120;
    return bytes;
  }

  stats(): { documents: number; terms: number; postings: number } {
    return { documents: this.liveCount, terms: this.postings.size, postings: this.totalPostings };
  }

  /** Recomputes per-document norm factors when documents came or went since the last query. */
  private refreshNorms(): void {
    if (!this.normsDirty) return;
    const live = Math.max(1, this.liveCount);
    const cap = this.capacity;
    for (let f = 0; f < this.nFields; f += 1) {
      const avg = this.lengthSums[f]! / live || 1;
      // Averages move slowly: skip the O(documents) pass when they moved by under 1%
      // and only new documents need factors.
      const stale = Math.abs(avg - this.normAverages[f]!) > 0.01 * avg;
      const from = stale ? 0 : this.normedCount;
      if (stale) this.normAverages[f] = avg;
      const used = this.normAverages[f]!;
      const w = this.weights[f]!;
      const b = this.bs[f]!;
      for (let doc = from; doc < this.count; doc += 1) {
        this.norms[f * cap + doc] = w / (1 - b + (b * this.lengths[f * cap + doc]!) / used);
      }
    }
    this.normedCount = this.count;
    this.normsDirty = false;
  }

  private maybePurge(): void {
    // A removed document leaves its postings behind; purge them once removals
    // since the last purge exceed a fifth of all documents ever added.
    if (this.removedSincePurge === 0 || this.removedSincePurge * 5 < this.count) return;
    for (const [term, list] of this.postings) {
      list.purge(this.alive);
      if (list.size === 0) this.postings.delete(term);
    }
    this.removedSincePurge = 0;
  }

  private ensureCapacity(size: number): void {
    if (size <= this.capacity) return;
    let capacity = this.capacity;
    while (capacity < size) capacity *= 2;
    const old = this.capacity;
    const alive = new Uint8Array(capacity);
    alive.set(this.alive);
    this.alive = alive;
    this.touchedFlag = new Uint8Array(capacity);
    this.scores = new Float32Array(capacity);
    // Per-field arrays are laid out field-major, so each field's block moves to its new offset.
    const lengths = new Uint16Array(capacity * this.nFields);
    const norms = new Float32Array(capacity * this.nFields);
    for (let f = 0; f < this.nFields; f += 1) {
      lengths.set(this.lengths.subarray(f * old, f * old + old), f * capacity);
      norms.set(this.norms.subarray(f * old, f * old + old), f * capacity);
    }
    this.lengths = lengths;
    this.norms = norms;
    this.capacity = capacity;
  }
}
