import { describe, expect, it } from 'vitest';
import { docxParagraphs, zipText } from '../../../test/paper-write-fixture.js';
import { emptyRecord } from '../../paper/paper.types.js';
import { exportPaper, type ExportPaper } from './index.js';
import { toLatex } from './latex.js';
import { toMarkdown } from './markdown.js';

const paper = (style: 'gbt7714' | 'apa', language: 'en' | 'zh' = 'en'): ExportPaper => ({
  title: 'Learning on graphs: a survey',
  language,
  style,
  sections: [
    { number: '1', level: 1, heading: 'Introduction', text: 'Graphs are everywhere [1]. **Bold** and *italic* words [1, 2].\n\n- a point [2]\n- another' },
    { number: '1.1', level: 2, heading: 'Scope & aims', text: '> A quoted passage [2]' },
    { number: '2', level: 1, heading: 'Empty section', text: '' },
  ],
  bibliography: [
    { ...emptyRecord('local', 'a', 'Semi-supervised classification with graph convolutional networks'), authors: ['Thomas Kipf', 'Max Welling'], year: 2017, venue: 'International Conference on Learning Representations', type: 'conference' },
    { ...emptyRecord('local', 'b', '图神经网络综述'), authors: ['张三', '李四'], year: 2020, venue: '计算机学报', type: 'journal', volume: '43', issue: '5', pages: '755-780' },
  ],
});

describe('paper export', () => {
  it('writes DOCX headings, superscript numbered citations and the GB/T reference list', async () => {
    const file = await exportPaper(paper('gbt7714'), 'docx');
    expect(file.filename).toBe('Learning on graphs a survey.docx');
    const files = zipText(file.body);
    const paragraphs = docxParagraphs(files['word/document.xml']!);
    expect(paragraphs.filter((p) => p.style?.startsWith('Heading')).map((p) => [p.style, p.text])).toEqual([
      ['Heading1', '1 Introduction'],
      ['Heading2', '1.1 Scope & aims'],
      ['Heading1', '2 Empty section'],
      ['Heading1', 'References'],
    ]);
    expect(paragraphs.map((p) => p.text)).toContain('Graphs are everywhere [1]. Bold and italic words [1, 2].');
    expect(paragraphs.map((p) => p.text)).toContain('[2] 张三, 李四. 图神经网络综述[J]. 计算机学报, 2020, 43(5): 755-780.');
    expect(paragraphs.at(-2)!.text).toMatch(/^\[1\] KIPF T, WELLING M\. Semi-supervised classification/);
    expect(files['word/document.xml']).toContain('<w:vertAlign w:val="superscript"/>');
    expect(files['word/styles.xml']).toContain('w:eastAsia="SimSun"');
  });

  it('writes APA author-date citations and an alphabetical list with italics', async () => {
    const xml = zipText((await exportPaper(paper('apa'), 'docx')).body)['word/document.xml']!;
    const texts = docxParagraphs(xml).map((p) => p.text);
    expect(texts).toContain('Graphs are everywhere (Kipf & Welling, 2017). Bold and italic words (Kipf & Welling, 2017; 张三 & 李四, 2020).');
    expect(texts.slice(-2)).toEqual([
      'Kipf, T., & Welling, M. (2017). Semi-supervised classification with graph convolutional networks. In International Conference on Learning Representations.',
      '张三, & 李四. (2020). 图神经网络综述. 计算机学报, 43(5), 755–780.',
    ]);
    expect(xml).toContain('<w:i/>');
  });

  it('writes Markdown with numbered headings and the reference list', () => {
    const md = toMarkdown(paper('gbt7714'));
    expect(md).toContain('# Learning on graphs: a survey\n\n## 1 Introduction\n\nGraphs are everywhere [1].');
    expect(md).toContain('### 1.1 Scope & aims\n\n> A quoted passage [2]');
    expect(md.trimEnd().split('\n').slice(-3)).toEqual(['[1] KIPF T, WELLING M. Semi-supervised classification with graph convolutional networks[C]//International Conference on Learning Representations. 2017.', '', '[2] 张三, 李四. 图神经网络综述[J]. 计算机学报, 2020, 43(5): 755-780.']);
  });

  it('writes LaTeX with escaped text, \\cite keys matching the BibTeX entries, and a zip of both', async () => {
    const { tex, bib } = toLatex(paper('gbt7714'));
    expect(tex).toContain('\\subsection{Scope \\& aims}');
    expect(tex).toContain('Graphs are everywhere \\cite{ref1}. \\textbf{Bold} and \\emph{italic} words \\cite{ref1,ref2}.');
    expect(tex).toContain('\\begin{itemize}\n  \\item a point \\cite{ref2}\n  \\item another\n\\end{itemize}');
    expect(tex).toContain('\\begin{quote}\nA quoted passage \\cite{ref2}\n\\end{quote}');
    expect(bib).toMatch(/^@inproceedings\{ref1,/);
    expect(bib).toContain('@article{ref2,');
    expect(toLatex(paper('apa', 'zh')).tex).toContain('\\documentclass[UTF8]{ctexart}');
    expect(toLatex(paper('apa')).tex).toContain('\\citep{ref1}');
    const zip = zipText((await exportPaper(paper('gbt7714'), 'latex')).body);
    expect(Object.keys(zip).sort()).toEqual(['main.tex', 'references.bib']);
  });
});
