import { describe, expect, it } from 'vitest';
import { CitationFilter, citationCounts, formatGroup, invalidCitations, rewriteCitations, stripInvalid } from './citations.js';

describe('numbered citations', () => {
  it('finds numbers outside a ten-item bibliography, in groups and ranges, and leaves links alone', () => {
    expect(invalidCitations('Known [1], [3, 42] and [9-12]; see [the docs](https://x.org) and [^2].', 10)).toEqual([11, 12, 42]);
    expect(invalidCitations('All fine [1], [2, 3], [4-6], [10].', 10)).toEqual([]);
    expect(invalidCitations('Zero is no item [0].', 10)).toEqual([0]);
  });

  it('takes out a citation of nothing with its space, and keeps the valid part of a group', () => {
    expect(stripInvalid('Transformers changed NLP [42]. Later work [2, 42] agreed.', 10)).toEqual({ text: 'Transformers changed NLP. Later work [2] agreed.', removed: [42] });
    expect(stripInvalid('中文句子[42]，另一句[3]。', 10)).toEqual({ text: '中文句子，另一句[3]。', removed: [42] });
  });

  it('renumbers after a removal and prints runs as ranges', () => {
    const map = (n: number) => (n === 2 ? null : n > 2 ? n - 1 : n);
    expect(rewriteCitations('A [1], B [2], C [3], D [1-4].', map)).toEqual({ text: 'A [1], B, C [2], D [1-3].', removed: [2] });
    expect(formatGroup([5, 1, 2, 3, 7, 8])).toBe('1-3, 5, 7, 8');
  });

  it('counts citations per item', () => {
    expect([...citationCounts('[1] [1, 2] [2-3]').entries()]).toEqual([[1, 2], [2, 2], [3, 1]]);
  });

  it('holds back a citation split across chunks until it can be checked', () => {
    const filter = new CitationFilter(10);
    const shown: string[] = [];
    const fresh: number[][] = [];
    for (const chunk of ['Deep models [', '4', '2] outperform', ' baselines [3', '].', ' Also [1']) {
      const out = filter.push(chunk);
      shown.push(out.text);
      if (out.fresh.length) fresh.push(out.fresh);
    }
    const end = filter.flush();
    shown.push(end.text);
    const text = shown.join('');
    expect(text).not.toContain('42');
    expect(text).toBe('Deep models outperform baselines [3]. Also [1');
    expect(fresh).toEqual([[42]]);
    expect(filter.invalid).toEqual([42]);
  });
});
