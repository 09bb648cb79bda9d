import type { PaperWriteExportFormat } from '@xueba/contract';
import { toDocx } from './docx.js';
import { latexZip } from './latex.js';
import { toMarkdown } from './markdown.js';
import { fileBase, type ExportPaper } from './model.js';

export type { ExportPaper } from './model.js';

export interface ExportFile {
  filename: string;
  contentType: string;
  body: Buffer;
}

export async function exportPaper(paper: ExportPaper, format: PaperWriteExportFormat): Promise<ExportFile> {
  const base = fileBase(paper.title);
  switch (format) {
    case 'docx':
      return { filename: `${base}.docx`, contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', body: await toDocx(paper) };
    case 'md':
      return { filename: `${base}.md`, contentType: 'text/markdown; charset=utf-8', body: Buffer.from(toMarkdown(paper), 'utf8') };
    case 'latex':
      return { filename: `${base}-latex.zip`, contentType: 'application/zip', body: latexZip(paper) };
  }
}
