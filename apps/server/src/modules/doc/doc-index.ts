import { tokenize } from '../../platform/search/tokenize.js';
import { cosine } from '../../providers/ai/embeddings.js';

/**
 * Keyword retrieval over a user's document passages: BM25 (k1 1.2, b 0.75)
 * with the shared CJK-aware tokenizer, statistics taken over the documents
 * asked. Passages and their stored terms are loaded from the database once
 * per document and kept in a bounded in-process cache (documents do not
 * change after processing; a deleted one simply stops being asked for), so
 * PGlite and PostgreSQL answer identically.
 */
export interface IndexedChunk {
  /** doc_chunks.id (bigserial, as text). */
  id: string;
  docId: number;
  page: number;
  start: number;
  end: number;
  text: string;
  /** The passage's box on its page (PDF units, origin lower-left), when the format has one. */
  bbox: [number, number, number, number] | null;
  tf: Map<string, number>;
  length: number;
  /** The passage's embedding by `DocPassages.vectorModel`, when hybrid retrieval has one. */
  vector?: Float32Array;
}

export interface DocPassages {
  docId: number;
  chunks: IndexedChunk[];
  /** Document frequency of each term within this document. */
  df: Map<string, number>;
  /** The embedding model whose vectors are attached (null: none were looked up). */
  vectorModel: string | null;
}

export interface ScoredChunk {
  chunk: IndexedChunk;
  score: number;
}

export function buildPassages(
  docId: number,
  rows: { id: string; page: number; start_offset: number; end_offset: number; text: string; terms: string; bbox?: [number, number, number, number] | null }[],
  vectors: { model: string; byChunk: Map<string, Float32Array> } | null = null,
): DocPassages {
  const df = new Map<string, number>();
  const chunks = rows.map((row) => {
    const terms = row.terms ? row.terms.split(' ') : [];
    const tf = new Map<string, number>();
    for (const term of terms) tf.set(term, (tf.get(term) ?? 0) + 1);
    for (const term of tf.keys()) df.set(term, (df.get(term) ?? 0) + 1);
    const vector = vectors?.byChunk.get(String(row.id));
    return { id: String(row.id), docId, page: row.page, start: row.start_offset, end: row.end_offset, text: row.text, bbox: row.bbox ?? null, tf, length: terms.length, ...(vector ? { vector } : {}) };
  });
  return { docId, chunks, df, vectorModel: vectors?.model ?? null };
}

const K1 = 1.2;
const B = 0.75;

export function rankPassages(query: string, docs: DocPassages[], limit: number): ScoredChunk[] {
  const terms = [...new Set(tokenize(query))];
  if (terms.length === 0) return [];
  let n = 0;
  let totalLength = 0;
  const df = new Map<string, number>();
  for (const doc of docs) {
    n += doc.chunks.length;
    for (const chunk of doc.chunks) totalLength += chunk.length;
    for (const term of terms) df.set(term, (df.get(term) ?? 0) + (doc.df.get(term) ?? 0));
  }
  if (n === 0) return [];
  const avg = totalLength / n || 1;
  const idf = new Map(terms.map((t) => [t, Math.log(1 + (n - (df.get(t) ?? 0) + 0.5) / ((df.get(t) ?? 0) + 0.5))]));
  const scored: ScoredChunk[] = [];
  for (const doc of docs) {
    for (const chunk of doc.chunks) {
      let score = 0;
      for (const term of terms) {
        const f = chunk.tf.get(term);
        if (!f) continue;
        score += idf.get(term)! * ((f * (K1 + 1)) / (f + K1 * (1 - B + (B * chunk.length) / avg)));
      }
      if (score > 0) scored.push({ chunk, score });
    }
  }
  scored.sort((a, b) => b.score - a.score || a.chunk.docId - b.chunk.docId || a.chunk.page - b.chunk.page);
  return scored.slice(0, limit);
}

/** Passages by cosine similarity of their vectors to the question's (passages without a vector are skipped). */
export function rankByVector(query: Float32Array, docs: DocPassages[], limit: number): ScoredChunk[] {
  const scored: ScoredChunk[] = [];
  for (const doc of docs) {
    for (const chunk of doc.chunks) {
      if (chunk.vector) scored.push({ chunk, score: cosine(query, chunk.vector) });
    }
  }
  scored.sort((a, b) => b.score - a.score || a.chunk.docId - b.chunk.docId || a.chunk.page - b.chunk.page);
  return scored.slice(0, limit);
}

/** Reciprocal rank fusion constant (Cormack et al. 2009): damps the weight of the very first ranks. */
export const RRF_K = 60;

/**
 * Reciprocal rank fusion of several rankings: each passage scores the sum of
 * 1 / (k + rank) over the lists it appears in (rank from 1). Rank-based, so
 * BM25 scores and cosines need no calibration against each other.
 */
export function fuseRankings(lists: ScoredChunk[][], limit: number, k = RRF_K): ScoredChunk[] {
  const fused = new Map<IndexedChunk, number>();
  for (const list of lists) {
    list.forEach((hit, i) => fused.set(hit.chunk, (fused.get(hit.chunk) ?? 0) + 1 / (k + i + 1)));
  }
  return [...fused]
    .map(([chunk, score]) => ({ chunk, score }))
    .sort((a, b) => b.score - a.score || a.chunk.docId - b.chunk.docId || a.chunk.page - b.chunk.page || a.chunk.start - b.chunk.start)
    .slice(0, limit);
}

/** Most recently used documents' passages (bounded by passage count). */
export class PassageCache {
  private readonly entries = new Map<number, DocPassages>();
  private size = 0;
  constructor(private readonly maxChunks = 200_000) {}

  get(docId: number): DocPassages | undefined {
    const entry = this.entries.get(docId);
    if (entry) {
      this.entries.delete(docId);
      this.entries.set(docId, entry);
    }
    return entry;
  }

  set(entry: DocPassages): void {
    this.delete(entry.docId);
    this.entries.set(entry.docId, entry);
    this.size += entry.chunks.length;
    for (const [id, old] of this.entries) {
      if (this.size <= this.maxChunks || id === entry.docId) break;
      this.entries.delete(id);
      this.size -= old.chunks.length;
    }
  }

  delete(docId: number): void {
    const old = this.entries.get(docId);
    if (!old) return;
    this.entries.delete(docId);
    this.size -= old.chunks.length;
  }
}
