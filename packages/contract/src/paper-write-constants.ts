/**
 * Paper writing constants and the word counter, apart from the zod schemas of
 * paper-write.ts so the editor can count words as the user types without
 * pulling zod into its first screen.
 */

/** What is written: a journal article, a chapter of a thesis, a literature review, a report. */
export const PAPER_WRITE_KINDS = ['article', 'thesis_chapter', 'review', 'report'] as const;
export type PaperWriteKind = (typeof PAPER_WRITE_KINDS)[number];

/** The language the paper is written in (prompts, default outline headings, export fonts). */
export const PAPER_WRITE_LANGUAGES = ['zh', 'en'] as const;
export type PaperWriteLanguage = (typeof PAPER_WRITE_LANGUAGES)[number];

/** Reference styles: GB/T 7714-2015 numeric (顺序编码制) and APA 7 (the list ordered as the bibliography, cited as [n]). */
export const PAPER_WRITE_STYLES = ['gbt7714', 'apa'] as const;
export type PaperWriteStyle = (typeof PAPER_WRITE_STYLES)[number];

/** Export files: Word, Markdown, and a zip of `main.tex` + `references.bib`. */
export const PAPER_WRITE_EXPORT_FORMATS = ['docx', 'md', 'latex'] as const;
export type PaperWriteExportFormat = (typeof PAPER_WRITE_EXPORT_FORMATS)[number];

/**
 * A section's drafting state: `empty` (nothing written), `generating` (a model
 * is writing it now: a reload sees it), `done` (text by a model or the user),
 * `extract` (filled with cited passages of the bibliography, no model),
 * `failed` (the model failed before writing anything; the reason is kept).
 */
export const PAPER_WRITE_SECTION_STATUSES = ['empty', 'generating', 'done', 'extract', 'failed'] as const;
export type PaperWriteSectionStatus = (typeof PAPER_WRITE_SECTION_STATUSES)[number];

/** Where a bibliography item came from: the paper search, or the user's documents library. */
export const PAPER_WRITE_SOURCE_KINDS = ['paper', 'doc'] as const;
export type PaperWriteSourceKind = (typeof PAPER_WRITE_SOURCE_KINDS)[number];

export const PAPER_WRITE_TITLE_MAX = 200;
export const PAPER_WRITE_TOPIC_MAX = 2000;
export const PAPER_WRITE_DISCIPLINE_MAX = 100;
/** Target length: words (English) or characters (Chinese), as `paperWriteCount` counts them. */
export const PAPER_WRITE_TARGET_MIN = 300;
export const PAPER_WRITE_TARGET_MAX = 200_000;
/** Bibliography items of one project. */
export const PAPER_WRITE_SOURCES_MAX = 80;
/** Sections of one outline (all levels) and its depth (1: top-level sections only). */
export const PAPER_WRITE_SECTIONS_MAX = 60;
export const PAPER_WRITE_DEPTH_MAX = 3;
export const PAPER_WRITE_HEADING_MAX = 200;
/** What a section should say (a line the writer, human or model, follows). */
export const PAPER_WRITE_BRIEF_MAX = 1000;
/** Text of one section (Markdown). */
export const PAPER_WRITE_SECTION_TEXT_MAX = 60_000;
/** A section key: stable across outline edits, so its text follows it. */
export const PAPER_WRITE_SECTION_KEY_RE = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * Words of a text as the target counts them: each CJK character (Han, kana,
 * Hangul) is one, each run of other letters or digits is one. Markdown marks
 * and citation marks `[n]` are not words.
 */
export function paperWriteCount(text: string): number {
  const plain = text.replace(/\[\d+(?:\s*[-–,，]\s*\d+)*\]/g, ' ').replace(/[#*_>`~|]/g, ' ');
  const cjk = plain.match(/[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]/gu)?.length ?? 0;
  const rest = plain.replace(/[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]/gu, ' ');
  const words = rest.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu)?.length ?? 0;
  return cjk + words;
}
