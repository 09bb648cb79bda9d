import { strToU8, zipSync } from 'fflate';
import { bibtexEntry } from '../bibliography.js';
import { blocks, spans, type ExportPaper } from './model.js';

const ESCAPES: Record<string, string> = { '\\': '\\textbackslash{}', '{': '\\{', '}': '\\}', $: '\\$', '&': '\\&', '#': '\\#', '%': '\\%', _: '\\_', '^': '\\textasciicircum{}', '~': '\\textasciitilde{}' };

export function escapeLatex(text: string): string {
  return text.replace(/[\\{}$&#%_^~]/g, (c) => ESCAPES[c]!);
}

function inline(paper: ExportPaper, text: string): string {
  const cite = paper.style === 'gbt7714' ? '\\cite' : '\\citep';
  return spans(text)
    .map((s) => (s.kind === 'cite' ? `${cite}{${s.numbers.filter((n) => n >= 1 && n <= paper.bibliography.length).map((n) => `ref${n}`).join(',')}}` : s.bold ? `\\textbf{${escapeLatex(s.text)}}` : s.italic ? `\\emph{${escapeLatex(s.text)}}` : escapeLatex(s.text)))
    .join('');
}

const COMMANDS = ['section', 'subsection', 'subsubsection'];

/**
 * `main.tex`: ctexart for Chinese (xelatex), article otherwise; GB/T 7714
 * through the gbt7714 package's numerical style, APA through natbib's
 * author–year citations with apalike. `references.bib` holds one entry per
 * bibliography item, keyed ref1, ref2… in its order.
 */
export function toLatex(paper: ExportPaper): { tex: string; bib: string } {
  const zh = paper.language === 'zh';
  const head = [
    zh ? '% Compile with xelatex, then bibtex, then xelatex twice.' : '% Compile with pdflatex (or xelatex), then bibtex, then twice more.',
    zh ? '\\documentclass[UTF8]{ctexart}' : '\\documentclass{article}',
    ...(zh ? [] : ['\\usepackage[utf8]{inputenc}', '\\usepackage[T1]{fontenc}']),
    paper.style === 'gbt7714' ? '\\usepackage{gbt7714}' : '\\usepackage[round]{natbib}',
    '\\usepackage{csquotes}',
    `\\title{${escapeLatex(paper.title)}}`,
    '\\date{}',
    '\\begin{document}',
    '\\maketitle',
    '',
  ];
  const body: string[] = [];
  for (const section of paper.sections) {
    body.push(`\\${COMMANDS[Math.min(section.level, 3) - 1]}{${escapeLatex(section.heading)}}`, '');
    let list: 'itemize' | 'enumerate' | null = null;
    const close = () => {
      if (list) body.push(`\\end{${list}}`, '');
      list = null;
    };
    for (const block of blocks(section.text)) {
      const want = block.kind === 'bullet' ? 'itemize' : block.kind === 'numbered' ? 'enumerate' : null;
      if (want !== list) {
        close();
        if (want) {
          body.push(`\\begin{${want}}`);
          list = want;
        }
      }
      if (block.kind === 'bullet' || block.kind === 'numbered') body.push(`  \\item ${inline(paper, block.text)}`);
      else if (block.kind === 'quote') body.push('\\begin{quote}', inline(paper, block.text), '\\end{quote}', '');
      else if (block.kind === 'heading') body.push(`\\paragraph{${inline(paper, block.text)}}`, '');
      else body.push(inline(paper, block.text), '');
    }
    close();
  }
  const tail = paper.bibliography.length > 0 ? [paper.style === 'gbt7714' ? '\\bibliographystyle{gbt7714-numerical}' : '\\bibliographystyle{apalike}', '\\bibliography{references}', ''] : [];
  const tex = [...head, ...body, ...tail, '\\end{document}', ''].join('\n');
  const bib = paper.bibliography.map((s, i) => bibtexEntry(s, i + 1)).join('\n\n') + '\n';
  return { tex, bib };
}

/** The zip the user downloads: main.tex and references.bib side by side. */
export function latexZip(paper: ExportPaper): Buffer {
  const { tex, bib } = toLatex(paper);
  return Buffer.from(zipSync({ 'main.tex': strToU8(tex), 'references.bib': strToU8(bib) }, { level: 6 }));
}
