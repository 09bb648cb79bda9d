import { citeLabel, referenceList, referencesHeading, spans, type ExportPaper } from './model.js';

/** The paper as one Markdown file: title, numbered headings, text with its citations in the style, the reference list. */
export function toMarkdown(paper: ExportPaper): string {
  const out: string[] = [`# ${paper.title}`, ''];
  for (const section of paper.sections) {
    out.push(`${'#'.repeat(Math.min(section.level + 1, 6))} ${section.number} ${section.heading}`, '');
    if (section.text.trim()) {
      const text = paper.style === 'gbt7714' ? section.text : spans(section.text).map((s) => (s.kind === 'cite' ? citeLabel(paper, s.numbers) : s.bold ? `**${s.text}**` : s.italic ? `*${s.text}*` : s.text)).join('');
      out.push(text.trim(), '');
    }
  }
  if (paper.bibliography.length > 0) {
    out.push(`## ${referencesHeading(paper.language)}`, '');
    for (const entry of referenceList(paper)) out.push(entry.label ? `${entry.label} ${entry.text}` : entry.text, '');
  }
  return `${out.join('\n').trimEnd()}\n`;
}
