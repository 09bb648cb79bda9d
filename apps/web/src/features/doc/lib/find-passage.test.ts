import { describe, expect, it } from 'vitest';
import { findPassage, piecesInRange } from './find-passage';

describe('findPassage', () => {
  it('finds a passage despite different spacing, hyphenation and ligatures', () => {
    const page = 'Intro text.  We pro-\npose a new ﬁne-tuning method\nthat works. More text.';
    const range = findPassage(page, 'We propose a new fine-tuning method that works.');
    expect(range).not.toBeNull();
    expect(page.slice(range!.start, range!.end)).toBe('We pro-\npose a new ﬁne-tuning method\nthat works');
  });

  it('finds Chinese text regardless of spaces and punctuation', () => {
    const page = '第一章 绪论\n本文 提出了一种 新的方法，用于文档问答。';
    const range = findPassage(page, '本文提出了一种新的方法, 用于文档问答');
    expect(page.slice(range!.start, range!.end)).toBe('本文 提出了一种 新的方法，用于文档问答');
  });

  it('falls back to the leading part of a passage that continues on the next page', () => {
    const page = 'Other words here. The results show that retrieval with citations improves';
    const range = findPassage(page, 'The results show that retrieval with citations improves accuracy on every benchmark we tried by a wide margin');
    expect(range).not.toBeNull();
    expect(page.slice(range!.start)).toMatch(/^The results show/);
  });

  it('finds the tail of a passage that started on the previous page', () => {
    const page = 'margin across all of the seven benchmarks. Next section starts.';
    const range = findPassage(page, 'The results show that retrieval improves accuracy by a wide margin across all of the seven benchmarks.');
    expect(range).not.toBeNull();
    expect(page.slice(range!.start, range!.end)).toContain('seven benchmarks');
  });

  it('returns null when the passage is not on the page', () => {
    expect(findPassage('Completely unrelated words on this page.', 'A passage about transformers and attention heads.')).toBeNull();
    expect(findPassage('', 'x')).toBeNull();
  });
});

describe('piecesInRange', () => {
  it('lists the pieces that overlap a range', () => {
    // "ab" "cd" "ef" joined by "\n": a=0 b=1 \n=2 c=3 d=4 \n=5 e=6 f=7
    expect(piecesInRange(['ab', 'cd', 'ef'], { start: 1, end: 4 }, '\n')).toEqual([0, 1]);
    expect(piecesInRange(['ab', 'cd', 'ef'], { start: 6, end: 8 }, '\n')).toEqual([2]);
  });
});
