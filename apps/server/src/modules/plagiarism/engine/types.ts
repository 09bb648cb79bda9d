/**
 * The plagiarism engine's surface (text in, passages out). Offsets and lengths
 * are in UTF-16 code units of the strings given (JavaScript string indices);
 * the PAN evaluation converts to characters where they differ.
 */

/** One aligned passage: `[suspOffset, suspOffset + suspLength)` of the checked text copies `[sourceOffset, …)` of the source. */
export interface AlignedPassage {
  suspOffset: number;
  suspLength: number;
  sourceOffset: number;
  sourceLength: number;
}

/** A candidate source from the fingerprint index and how many fingerprints it shares with the checked text. */
export interface CandidateSource {
  id: string;
  shared: number;
}

/** Fingerprints (winnowed n-grams) of many sources, to find candidates for a text fast. */
export interface FingerprintIndex {
  readonly size: number;
  add(id: string, text: string): void;
  remove(id: string): void;
  has(id: string): boolean;
  /** Sources sharing at least `minShared` fingerprints with `text`, most shared first, at most `limit`. */
  candidates(text: string, options?: { limit?: number; minShared?: number }): CandidateSource[];
}

export interface PlagiarismEngine {
  createIndex(): FingerprintIndex;
  /** Seed–extend–merge alignment of one pair: each copied passage once, not in fragments. */
  align(suspicious: string, source: string): AlignedPassage[];
}
