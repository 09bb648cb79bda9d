/**
 * What a parser hands back: text per page in reading order, with the
 * paragraphs' positions when the format has them (PDF). Failures are message
 * keys so the document's reason is readable in every locale.
 */
/** `image`: a PNG or JPEG photo or scan of one page, read by OCR. */
export type ParsedFormat = 'pdf' | 'docx' | 'doc' | 'txt' | 'md' | 'image';

export interface ParsedBlock {
  /** Character offsets of the paragraph in the page text. */
  start: number;
  end: number;
  /** PDF user-space box [x0, y0, x1, y1] (origin bottom-left), when known. */
  bbox?: [number, number, number, number];
}

export interface ParsedPage {
  text: string;
  blocks: ParsedBlock[];
}

export interface ParsedDocument {
  pages: ParsedPage[];
  /** Pages read by OCR (they count against the page budget). */
  ocrPages?: number;
}

/** Reasons a parse fails; each is a message key of the contract. */
export type ParseFailure =
  | 'doc_password_protected'
  | 'doc_not_support_loading'
  | 'doc_parsing_failed'
  | 'docx_loading_failed'
  | 'doc_archive_too_large'
  | 'doc_no_text'
  | 'doc_unsupported_type'
  | 'doc_parse_timeout'
  | 'doc_ocr_budget_exceeded'
  | 'doc_image_too_large';

export class ParseError extends Error {
  constructor(
    readonly reason: ParseFailure,
    detail: string,
  ) {
    super(detail);
    this.name = 'ParseError';
  }
}

export type ParseOutcome = { ok: true; doc: ParsedDocument } | { ok: false; reason: ParseFailure; detail: string };
