import { describe, expect, it } from 'vitest';
import { CharCounter, headingOf, isCitationLine, quotations, referenceList, sectionsOf, subtract, union } from './text-structure.js';

describe('text structure of a checked text', () => {
  it('finds quotations in Chinese, Japanese and straight quotes, and Markdown block quotes; not unclosed or cross-paragraph ones', () => {
    const text = '他说：“学而时习之。”又见「引用」。He said "quoted words" here.\n> a block quote line\nAn "unclosed one\n\nnext paragraph" end.';
    const got = quotations(text).map(([s, e]) => text.slice(s, e));
    expect(got).toEqual(['“学而时习之。”', '「引用」', '"quoted words"', '> a block quote line']);
  });

  it('finds the reference list by its heading, up to an appendix', () => {
    const text = '# Intro\nBody text.\n\n参考文献\n[1] 王强. 题目[J]. 期刊, 2020.\n\n附录 A\nTables.';
    const { range, only } = referenceList(text);
    expect(only).toBe(false);
    expect(text.slice(range![0], range![1])).toBe('参考文献\n[1] 王强. 题目[J]. 期刊, 2020.\n\n');
  });

  it('finds a closing citation list without a heading, and a text that is only references', () => {
    const body = 'Our study shows things.\n';
    const refs = ['[1] Smith J. A title. Journal, 2020, 1: 2-3.', '[2] Lee K, et al. Another title. Nature, 2019.', '[3] 李明. 中文题目[M]. 北京: 出版社, 2018.'];
    const text = `${body}${refs.join('\n')}`;
    expect(referenceList(text).range).toEqual([body.length, text.length]);
    expect(referenceList(refs.join('\n'))).toEqual({ range: [0, refs.join('\n').length], only: true });
    expect(referenceList('Just a sentence from 2020, nothing more.').range).toBeNull();
    expect(isCitationLine('Smith, J. A. (2020). Title of the work. Publisher.')).toBe(true);
    expect(isCitationLine('In 2020, the rain fell.')).toBe(false);
  });

  it('cuts sections at Markdown, numbered, Chinese-numbered and named headings, not at sentences', () => {
    expect(headingOf('## 2 Methods')).toBe('2 Methods');
    expect(headingOf('1.2 Data collection')).toBe('1.2 Data collection');
    expect(headingOf('第三章 实验结果')).toBe('第三章 实验结果');
    expect(headingOf('二、研究方法')).toBe('二、研究方法');
    expect(headingOf('摘要')).toBe('摘要');
    expect(headingOf('Conclusion')).toBe('Conclusion');
    expect(headingOf('1. We found that the rain fell.')).toBeNull();
    expect(headingOf('2020 was a dry year')).toBeNull();
    const text = 'Preface words.\n1 Intro\nText.\n2 End\nMore.';
    expect(sectionsOf(text).map((s) => s.title)).toEqual(['', '1 Intro', '2 End']);
  });

  it('counts non-space characters of ranges, a character outside the BMP once', () => {
    const c = new CharCounter('ab c\n中文 𠀀');
    expect(c.total).toBe(6);
    expect(c.count([[0, 4]])).toBe(3);
    expect(union([[5, 9], [0, 2], [1, 3]])).toEqual([[0, 3], [5, 9]]);
    expect(subtract([[0, 10]], [[2, 4], [6, 8]])).toEqual([[0, 2], [4, 6], [8, 10]]);
  });
});
