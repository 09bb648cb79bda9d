import { describe, expect, it } from 'vitest';
import type { MindmapNode } from '@xueba/contract';
import { documentStructure, headingOf, keySentences, linkPageMarks } from './mindmap-structure.js';

const link = (page: number) => `https://x.test/doc/details?id=7&page=${page}`;

describe('maps from a document without a model', () => {
  it('reads the usual kinds of headings and leaves sentences alone', () => {
    expect(headingOf('## Methods')).toEqual({ level: 2, title: 'Methods' });
    expect(headingOf('2.1 Data sets')).toEqual({ level: 2, title: '2.1 Data sets' });
    expect(headingOf('3 Results')).toEqual({ level: 1, title: '3 Results' });
    expect(headingOf('第二章 研究方法')).toEqual({ level: 1, title: '第二章 研究方法' });
    expect(headingOf('第三节 数据')).toEqual({ level: 2, title: '第三节 数据' });
    expect(headingOf('一、引言')).toEqual({ level: 1, title: '一、引言' });
    expect(headingOf('（二）样本')).toEqual({ level: 2, title: '（二）样本' });
    expect(headingOf('References')).toEqual({ level: 1, title: 'References' });
    expect(headingOf('摘要：')).toEqual({ level: 1, title: '摘要' });
    expect(headingOf('3 mice were tested on each day.')).toBeNull();
    expect(headingOf('12. The results were clear, and we moved on.')).toBeNull();
    expect(headingOf('We measured soil carbon in forty plots.')).toBeNull();
    expect(headingOf('')).toBeNull();
  });

  it('takes whole sentences of a readable length, not figure captions or reference lines', () => {
    const text = 'Short. Figure 2 shows the sampling design in detail here. We sampled forty plots across three regions. [12] Smith J, Lee K (2020) Soil carbon under cover crops. Soil Biol 4:1-9. 结果表明土壤碳增加了百分之十二左右。';
    expect(keySentences(text, 5)).toEqual(['We sampled forty plots across three regions.', '结果表明土壤碳增加了百分之十二左右。']);
  });

  it('nests sections by level with their first sentences, each linked to its page', () => {
    const tree = documentStructure({
      docId: 7,
      name: 'Soil study',
      locale: 'en',
      pageLink: link,
      pages: [
        { page: 1, text: 'A report for the county.\n1 Introduction\nSoil stores more carbon than the air and all plants together.\n' },
        { page: 2, text: '2 Methods\n2.1 Sampling\nSamples were taken at three depths in every plot.\n2.2 Analysis\nCarbon was measured by dry combustion in the lab.\n' },
        { page: 3, text: '3 Results\nCarbon rose by twelve percent under cover crops.\nReferences\n[1] A. Author. Something, 2020.\n' },
      ],
    });
    const shape = (n: MindmapNode): unknown => ({ t: n.topic, l: n.link, c: n.children.map(shape) });
    expect(shape(tree)).toEqual({
      t: 'Soil study',
      l: link(1),
      c: [
        { t: '1 Introduction', l: link(1), c: [{ t: 'Soil stores more carbon than the air and all plants together.', l: link(1), c: [] }] },
        {
          t: '2 Methods',
          l: link(2),
          c: [
            { t: '2.1 Sampling', l: link(2), c: [{ t: 'Samples were taken at three depths in every plot.', l: link(2), c: [] }] },
            { t: '2.2 Analysis', l: link(2), c: [{ t: 'Carbon was measured by dry combustion in the lab.', l: link(2), c: [] }] },
          ],
        },
        { t: '3 Results', l: link(3), c: [{ t: 'Carbon rose by twelve percent under cover crops.', l: link(3), c: [] }] },
        { t: 'References', l: link(3), c: [] },
      ],
    });
    expect(tree.note).toBe('A report for the county.');
  });

  it('gives one branch a page when the text has no headings', () => {
    const tree = documentStructure({
      docId: 7,
      name: '扫描件',
      locale: 'zh',
      pageLink: link,
      pages: [
        { page: 1, text: '这是第一页的一段较长的文字，用来说明研究的背景和目的。' },
        { page: 2, text: '' },
        { page: 3, text: '第三页给出了主要结论：覆盖作物使土壤碳增加。' },
      ],
    });
    expect(tree.children.map((c) => [c.topic, c.link, c.children.length])).toEqual([
      ['第1页', link(1), 1],
      ['第3页', link(3), 1],
    ]);
  });

  it('turns page marks a model was asked for into links, and drops marks past the last page', () => {
    const tree: MindmapNode = { topic: 'Root', children: [{ topic: 'Finding [p. 2]', children: [] }, { topic: 'Claim （第3页）', children: [] }, { topic: 'Made up (p. 40)', children: [] }, { topic: 'Linked [p. 1]', link: 'https://a.test/', children: [] }] };
    linkPageMarks(tree, link, 3);
    expect(tree.children).toEqual([
      { topic: 'Finding', link: link(2), children: [] },
      { topic: 'Claim', link: link(3), children: [] },
      { topic: 'Made up', children: [] },
      { topic: 'Linked', link: 'https://a.test/', children: [] },
    ]);
  });
});
