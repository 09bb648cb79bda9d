import { describe, expect, it } from 'vitest';
import { fingerprints, winnow, WinnowingIndex } from './fingerprint.js';
import { HOST_EN, HOST_ZH, OTHER_EN, SOURCE_EN, SOURCE_ZH } from './test/texts.js';

describe('winnow', () => {
  it('keeps the rightmost minimum of every window', () => {
    // Windows of 3: [5,3,8] -> 3, [3,8,1] -> 1, [8,1,9] -> 1, [1,9,4] -> 1, [9,4,4] -> 4 (rightmost).
    expect([...winnow([5, 3, 8, 1, 9, 4, 4], 3)].sort((a, b) => a - b)).toEqual([1, 3, 4]);
  });

  it('keeps the minimum of a sequence shorter than a window, and nothing of an empty one', () => {
    expect([...winnow([7, 2], 4)]).toEqual([2]);
    expect(winnow([], 4).size).toBe(0);
  });

  it('gives a shared run of text shared fingerprints whatever surrounds it', () => {
    const a = fingerprints(`${HOST_EN} ${SOURCE_EN}`);
    const b = fingerprints(`${OTHER_EN} ${SOURCE_EN} ${HOST_ZH}`);
    const shared = [...a].filter((h) => b.has(h));
    expect(shared.length).toBeGreaterThan(10);
    expect([...fingerprints(HOST_EN)].filter((h) => fingerprints(OTHER_EN).has(h))).toEqual([]);
  });
});

describe('WinnowingIndex', () => {
  it('finds the source of a copied passage first, and not unrelated texts', () => {
    const index = new WinnowingIndex();
    index.add('source', SOURCE_EN);
    index.add('host', HOST_EN);
    index.add('zh', SOURCE_ZH);
    const found = index.candidates(`${OTHER_EN} ${SOURCE_EN.slice(0, 400)}`);
    expect(found[0]?.id).toBe('source');
    expect(found.map((c) => c.id)).not.toContain('host');
    expect(index.candidates(`${HOST_ZH}${SOURCE_ZH.slice(20, 120)}`)[0]?.id).toBe('zh');
  });

  it('honours limit and minShared, and forgets removed sources', () => {
    const index = new WinnowingIndex();
    index.add('a', SOURCE_EN);
    index.add('b', `${SOURCE_EN.slice(0, 300)} ${OTHER_EN}`);
    expect(index.size).toBe(2);
    expect(index.candidates(SOURCE_EN).map((c) => c.id)).toEqual(['a', 'b']);
    expect(index.candidates(SOURCE_EN, { limit: 1 }).map((c) => c.id)).toEqual(['a']);
    const all = index.candidates(SOURCE_EN)[0]!.shared;
    expect(index.candidates(SOURCE_EN, { minShared: all + 1 })).toEqual([]);
    index.remove('a');
    expect(index.has('a')).toBe(false);
    expect(index.size).toBe(1);
    expect(index.candidates(SOURCE_EN).map((c) => c.id)).toEqual(['b']);
    index.add('b', HOST_EN);
    expect(index.candidates(SOURCE_EN)).toEqual([]);
  });

  it('finds nothing for an empty text', () => {
    const index = new WinnowingIndex();
    index.add('a', SOURCE_EN);
    expect(index.candidates('')).toEqual([]);
    index.add('empty', '');
    expect(index.has('empty')).toBe(true);
  });
});
