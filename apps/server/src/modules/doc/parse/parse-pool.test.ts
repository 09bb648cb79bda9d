import { describe, expect, it } from 'vitest';
import { ParsePool, type ParseProgress } from './parse-pool.js';

/**
 * The time limit applies per scanned page: each progress message restarts it,
 * so a long scan finishes while a page that hangs still ends the parse. A
 * scripted thread stands in for the parser (paced.worker.dev.mjs).
 */
const script = (value: object) => new TextEncoder().encode(JSON.stringify(value));

describe('parse pool time limit with progress', () => {
  it('lets a parse run past the limit while pages keep coming, and reports each page', async () => {
    const pool = new ParsePool({ entry: 'paced.worker' });
    try {
      const seen: ParseProgress[] = [];
      const outcome = await pool.parse('pdf', script({ pages: 8, everyMs: 150 }), { timeoutMs: 600, ocrPages: 10, onProgress: (p) => seen.push(p) });
      // 8 pages × 150 ms = 1.2 s, twice the limit.
      expect(outcome.ok).toBe(true);
      expect(seen.map((p) => p.page)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    } finally {
      await pool.close();
    }
  }, 30_000);

  it('ends a parse whose page stops making progress', async () => {
    const pool = new ParsePool({ entry: 'paced.worker' });
    try {
      const outcome = await pool.parse('pdf', script({ pages: 8, everyMs: 100, stallAfter: 2 }), { timeoutMs: 600, ocrPages: 10 });
      expect(outcome.ok ? 'ok' : outcome.reason).toBe('doc_parse_timeout');
    } finally {
      await pool.close();
    }
  }, 30_000);
});
