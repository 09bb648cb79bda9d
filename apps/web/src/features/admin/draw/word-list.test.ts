import { describe, expect, it } from 'vitest';
import { formatWordList, parseKeywords, parseWordList, WORD_MAX, WORDS_MAX } from './word-list';

describe('sensitive-word list', () => {
  it('takes one word per line, trimmed, without blanks or repeats (case-insensitively, first spelling kept)', () => {
    const parsed = parseWordList('  Bad \n\nworse\r\nbad\nBAD\n  \nworst');
    expect(parsed).toEqual({ words: ['Bad', 'worse', 'worst'], tooLong: [], tooMany: false });
  });

  it('keeps words with inner spaces and CJK text as written', () => {
    expect(parseWordList('暴力\nsome phrase\n暴力 ').words).toEqual(['暴力', 'some phrase']);
  });

  it('reports lines longer than the contract allows instead of sending them', () => {
    const long = 'x'.repeat(WORD_MAX + 1);
    const exact = '字'.repeat(WORD_MAX);
    const parsed = parseWordList(`${long}\n${exact}`);
    expect(parsed.words).toEqual([exact]);
    expect(parsed.tooLong).toEqual([long]);
  });

  it('says when the list is longer than the contract allows', () => {
    const many = Array.from({ length: WORDS_MAX + 1 }, (_, i) => `w${i}`).join('\n');
    expect(parseWordList(many).tooMany).toBe(true);
    expect(parseWordList(many.split('\n').slice(0, WORDS_MAX).join('\n')).tooMany).toBe(false);
  });

  it('round-trips through the textarea', () => {
    const words = ['a', 'b c', '丙'];
    expect(parseWordList(formatWordList(words)).words).toEqual(words);
    expect(parseWordList('').words).toEqual([]);
  });
});

describe('style keywords', () => {
  it('splits on lines and on Latin and Chinese commas', () => {
    expect(parseKeywords('photorealistic, 35mm\nsoft light，胶片感、 film grain ,,\n35mm')).toEqual(['photorealistic', '35mm', 'soft light', '胶片感', 'film grain']);
  });
});
