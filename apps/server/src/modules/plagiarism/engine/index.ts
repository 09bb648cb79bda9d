import { alignTexts, DEFAULT_ALIGN, type AlignOptions } from './align.js';
import { DEFAULT_FINGERPRINT, WinnowingIndex, type FingerprintOptions } from './fingerprint.js';
import type { PlagiarismEngine } from './types.js';

export type { AlignedPassage, CandidateSource, FingerprintIndex, PlagiarismEngine } from './types.js';
export { alignTexts, DEFAULT_ALIGN, type AlignOptions } from './align.js';
export { DEFAULT_FINGERPRINT, WinnowingIndex, fingerprints, winnow, type FingerprintOptions } from './fingerprint.js';
export { tokenize, normalizeKey, type Tokens } from './tokenize.js';

/** An engine with its own settings (the evaluation tunes them; the product uses the defaults). */
export function createPlagiarismEngine(options: { align?: Partial<AlignOptions>; fingerprint?: Partial<FingerprintOptions> } = {}): PlagiarismEngine {
  const align: AlignOptions = { ...DEFAULT_ALIGN, ...options.align };
  const fingerprint: FingerprintOptions = { ...DEFAULT_FINGERPRINT, ...options.fingerprint };
  return {
    createIndex: () => new WinnowingIndex(fingerprint),
    align: (suspicious, source) => alignTexts(suspicious, source, align),
  };
}

export const plagiarismEngine: PlagiarismEngine = createPlagiarismEngine();
