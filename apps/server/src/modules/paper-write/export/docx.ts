import { AlignmentType, Document, HeadingLevel, Packer, Paragraph, TextRun, type IFontAttributesProperties } from 'docx';
import { blocks, citeLabel, referenceList, referencesHeading, spans, type ExportPaper } from './model.js';

/**
 * Fonts by script: Latin text in Times New Roman, Chinese body text in SimSun
 * (宋体) and headings in SimHei (黑体), the usual settings of Chinese journals
 * and theses; Word picks the East Asian font for CJK characters by itself.
 */
const BODY_FONT: IFontAttributesProperties = { ascii: 'Times New Roman', hAnsi: 'Times New Roman', cs: 'Times New Roman', eastAsia: 'SimSun' };
const HEADING_FONT: IFontAttributesProperties = { ascii: 'Times New Roman', hAnsi: 'Times New Roman', cs: 'Times New Roman', eastAsia: 'SimHei' };
const HEADINGS = [HeadingLevel.HEADING_1, HeadingLevel.HEADING_2, HeadingLevel.HEADING_3];

/** Runs of one paragraph: bold and italic spans; GB/T citations as superscript "[1]", APA ones as "(Author, year)". */
function runs(paper: ExportPaper, text: string, base: { italics?: boolean } = {}): TextRun[] {
  return spans(text).map((s) => {
    if (s.kind === 'cite') return new TextRun({ text: citeLabel(paper, s.numbers), superScript: paper.style === 'gbt7714', ...base });
    return new TextRun({ text: s.text, bold: s.bold, italics: s.italic || base.italics });
  });
}

export async function toDocx(paper: ExportPaper): Promise<Buffer> {
  const zh = paper.language === 'zh';
  const children: Paragraph[] = [new Paragraph({ heading: HeadingLevel.TITLE, alignment: AlignmentType.CENTER, children: [new TextRun({ text: paper.title })] })];
  for (const section of paper.sections) {
    children.push(new Paragraph({ heading: HEADINGS[Math.min(section.level, 3) - 1], children: [new TextRun({ text: `${section.number} ${section.heading}` })] }));
    let item = 0;
    for (const block of blocks(section.text)) {
      item = block.kind === 'numbered' ? item + 1 : 0;
      if (block.kind === 'quote') children.push(new Paragraph({ indent: { left: 720, right: 360 }, children: runs(paper, block.text, { italics: !zh }) }));
      else if (block.kind === 'bullet') children.push(new Paragraph({ bullet: { level: 0 }, children: runs(paper, block.text) }));
      else if (block.kind === 'numbered') children.push(new Paragraph({ indent: { left: 720, hanging: 360 }, children: [new TextRun({ text: `${item}. ` }), ...runs(paper, block.text)] }));
      else if (block.kind === 'heading') children.push(new Paragraph({ children: runs(paper, `**${block.text}**`) }));
      // Chinese body text starts each paragraph two characters in.
      else children.push(new Paragraph({ indent: zh ? { firstLine: 480 } : undefined, spacing: { after: 120 }, children: runs(paper, block.text) }));
    }
  }
  if (paper.bibliography.length > 0) {
    children.push(new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun({ text: referencesHeading(paper.language) })] }));
    for (const entry of referenceList(paper)) {
      const text = spans(entry.text).map((s) => (s.kind === 'cite' ? new TextRun({ text: `[${s.numbers.join(', ')}]` }) : new TextRun({ text: s.text, italics: s.italic })));
      children.push(new Paragraph({ indent: { left: 480, hanging: 480 }, spacing: { after: 80 }, children: [...(entry.label ? [new TextRun({ text: `${entry.label} ` })] : []), ...text] }));
    }
  }
  const heading = (size: number) => ({ run: { font: HEADING_FONT, size, bold: true, color: '000000' }, paragraph: { spacing: { before: 240, after: 120 } } });
  const doc = new Document({
    title: paper.title,
    creator: 'Xueba',
    styles: {
      default: {
        document: { run: { font: BODY_FONT, size: 24 }, paragraph: { spacing: { line: 360 } } },
        title: { run: { font: HEADING_FONT, size: 36, bold: true, color: '000000' } },
        heading1: heading(30),
        heading2: heading(28),
        heading3: heading(26),
      },
    },
    sections: [{ children }],
  });
  return Packer.toBuffer(doc);
}
