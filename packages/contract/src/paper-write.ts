import { z } from 'zod';
import { idSchema, safeString } from './common.js';
import { deltaEventSchema, endEventSchema, errorEventSchema } from './chat.js';
import { paperItemSchema, paperSkippedSourceSchema, paperSourceModeSchema, paperTypeSchema } from './paper.js';
import {
  PAPER_WRITE_BRIEF_MAX,
  PAPER_WRITE_DISCIPLINE_MAX,
  PAPER_WRITE_EXPORT_FORMATS,
  PAPER_WRITE_HEADING_MAX,
  PAPER_WRITE_KINDS,
  PAPER_WRITE_LANGUAGES,
  PAPER_WRITE_SECTION_KEY_RE,
  PAPER_WRITE_SECTION_STATUSES,
  PAPER_WRITE_SOURCE_KINDS,
  PAPER_WRITE_STYLES,
  PAPER_WRITE_TARGET_MAX,
  PAPER_WRITE_TARGET_MIN,
  PAPER_WRITE_TITLE_MAX,
  PAPER_WRITE_TOPIC_MAX,
} from './paper-write-constants.js';

export * from './paper-write-constants.js';

/**
 * Paper writing (`/paper/write`, `/paper/write/:id`): a project of the user's
 * own, written in three steps.
 *
 * 1. Sources: the paper search proposes papers for the topic
 *    (`/paper/write/sources/suggest`); the user keeps, removes, reorders and
 *    adds them (a search result, or a document of their library, see
 *    `docLists`). The kept list, in order, is the bibliography: item `n` is
 *    cited as `[n]`. Each item stores a snapshot of its metadata when added,
 *    so a document deleted later or a remote paper that vanished still cites
 *    correctly (`available: false` says the original is gone). Removing or
 *    moving an item renumbers the citations in every section's text; a
 *    citation of a removed item is taken out and the section says so.
 * 2. Outline: a tree of sections (`key`, heading, brief, children). A new
 *    project starts with the kind's default outline; a model can write one
 *    (STREAM `/paper/write/outline/generate`); the user edits it and saves
 *    it over the revision they loaded (409 `paper_write_conflict`, data:
 *    `{revision, updated_at}` of the stored outline, as mind maps do). A
 *    section's text follows its `key`; a section removed from the outline
 *    loses its text.
 * 3. Drafting: section by section (STREAM `/paper/write/section/draft`).
 *    The prompt numbers the bibliography; every `[n]` the model writes is
 *    checked before it is shown: a number outside the bibliography is taken
 *    out of the `delta` frames and of the saved text, and reported by a
 *    `citation` frame and the section's `invalid_citations`. With no model
 *    (the offline channel), or with `mode: "extract"`, a section is filled
 *    with the bibliography's passages most relevant to its heading and brief,
 *    each cited `[n]`, labelled as extracts (`status: "extract"`); the
 *    options' `model: false` tells the page a model would write prose.
 *    Polish (STREAM `/paper/write/section/polish`) leaves the text alone and
 *    stores a proposal (revised text + change table) the user applies by
 *    saving it, or discards. The user edits a section's text in place
 *    (`/paper/write/section/save`, over the section's revision; a `[n]`
 *    outside the bibliography is refused with 400
 *    `paper_write_citation_invalid`).
 *
 * Progress survives a reload: each section's status is stored (`generating`
 * while a model writes it), and the detail answers all of them.
 *
 * Metering: a model's words are charged in word counts per 1,000 words at the
 * admin's price (`/admin/paper/write/config`; 0: the chat model's own price)
 * through the ledger, idempotent per generation and refunded when it fails;
 * an active `paper` membership (spec §3, sold by the admin's packages) pays
 * nothing. Extracts are free.
 *
 * STREAM endpoints answer `200 text/event-stream` with the chat wire format
 * (`event: <type>\ndata: <json>\n\n`); a refusal before the stream (bad
 * input, sign-in, not found, closed, balance, a section already generating)
 * is a normal JSON envelope with an honest status. Frames, in order:
 * - `start`: the project, the task, the section key (draft, polish) and
 *   whether a model writes it;
 * - `delta`…: only when a model writes: text as it arrives, citations checked
 *   (draft: the section's Markdown; outline: the model's Markdown outline;
 *   polish: the model's answer);
 * - `citation`: numbers taken out because they cite nothing (any time);
 * - `outline` (outline task) or `section` (draft and polish tasks): what the
 *   server stored (the authority: replace the preview with it);
 * - exactly one `end` (chat's: usage, charge, balances) or `error` (chat's).
 *
 * Export (`GET /paper/write/export?id=&format=&style=`, the file as an
 * attachment, signed in by the `token` header like every call) is a raw route:
 * DOCX (headings, CJK fonts, numbered citations, reference list), Markdown,
 * or LaTeX (a zip of `main.tex` and `references.bib`).
 *
 * Every project endpoint answers 404 `paper_write_not_found` for a project
 * that is not the caller's.
 */

export const paperWriteKindSchema = z.enum(PAPER_WRITE_KINDS);
export const paperWriteLanguageSchema = z.enum(PAPER_WRITE_LANGUAGES);
export const paperWriteStyleSchema = z.enum(PAPER_WRITE_STYLES);
export const paperWriteExportFormatSchema = z.enum(PAPER_WRITE_EXPORT_FORMATS);
export const paperWriteSectionStatusSchema = z.enum(PAPER_WRITE_SECTION_STATUSES);
export const paperWriteSourceKindSchema = z.enum(PAPER_WRITE_SOURCE_KINDS);

export const PAPER_WRITE_EXPORT_PATH = '/paper/write/export';

export const paperWriteTitleSchema = safeString({ error: 'paper_write_title_empty' })
  .trim()
  .min(1, 'paper_write_title_empty')
  .max(PAPER_WRITE_TITLE_MAX, 'paper_write_title_too_long');
export const paperWriteTopicSchema = safeString({ error: 'paper_write_topic_empty' })
  .trim()
  .min(1, 'paper_write_topic_empty')
  .max(PAPER_WRITE_TOPIC_MAX, 'paper_write_topic_too_long');
export const paperWriteDisciplineSchema = safeString().trim().max(PAPER_WRITE_DISCIPLINE_MAX, 'paper_write_discipline_too_long');
export const paperWriteTargetSchema = z
  .number({ error: 'paper_write_target_invalid' })
  .int('paper_write_target_invalid')
  .min(PAPER_WRITE_TARGET_MIN, 'paper_write_target_invalid')
  .max(PAPER_WRITE_TARGET_MAX, 'paper_write_target_invalid');
export const paperWriteSectionKeySchema = safeString({ error: 'paper_write_section_not_found' }).regex(PAPER_WRITE_SECTION_KEY_RE, 'paper_write_section_not_found');

/** A new project. `topic`: what the paper is about (the search query and the model's brief). */
export const paperWriteCreateSchema = z.object({
  title: paperWriteTitleSchema,
  topic: paperWriteTopicSchema,
  discipline: paperWriteDisciplineSchema.default(''),
  kind: paperWriteKindSchema.default('article'),
  language: paperWriteLanguageSchema.default('zh'),
  target_length: paperWriteTargetSchema.default(5000),
  style: paperWriteStyleSchema.default('gbt7714'),
});
export type PaperWriteCreateInput = z.input<typeof paperWriteCreateSchema>;

/** Fields left out keep their value. Changing `kind` does not replace the outline (the default outline is there to load). */
export const paperWriteUpdateSchema = z.object({
  id: idSchema,
  title: paperWriteTitleSchema.optional(),
  topic: paperWriteTopicSchema.optional(),
  discipline: paperWriteDisciplineSchema.optional(),
  kind: paperWriteKindSchema.optional(),
  language: paperWriteLanguageSchema.optional(),
  target_length: paperWriteTargetSchema.optional(),
  style: paperWriteStyleSchema.optional(),
});

/**
 * A node of the outline. `key` is the section's stable id: the server gives
 * one to every node sent without it (a new section) and answers the tree with
 * keys; a key the server did not give (or given twice) is refused.
 * Limits (PAPER_WRITE_SECTIONS_MAX nodes, PAPER_WRITE_DEPTH_MAX levels) are
 * checked by the server so the message names them.
 */
export interface PaperWriteOutlineNode {
  key?: string;
  heading: string;
  brief?: string;
  children: PaperWriteOutlineNode[];
}
export const paperWriteOutlineNodeSchema: z.ZodType<PaperWriteOutlineNode> = z.lazy(() =>
  z.object({
    key: paperWriteSectionKeySchema.optional(),
    heading: safeString({ error: 'paper_write_heading_empty' }).trim().min(1, 'paper_write_heading_empty').max(PAPER_WRITE_HEADING_MAX, 'paper_write_heading_too_long'),
    brief: safeString().trim().max(PAPER_WRITE_BRIEF_MAX, 'paper_write_brief_too_long').optional(),
    children: z.array(paperWriteOutlineNodeSchema),
  }),
);
/** The outline as stored: every node has its key. */
export interface PaperWriteOutlineSection {
  key: string;
  heading: string;
  brief: string;
  children: PaperWriteOutlineSection[];
}
export const paperWriteOutlineSectionSchema: z.ZodType<PaperWriteOutlineSection> = z.lazy(() =>
  z.object({ key: safeString(), heading: safeString(), brief: safeString(), children: z.array(paperWriteOutlineSectionSchema) }),
);

/** One bibliography item: its number, where it came from and the metadata snapshot it cites with. */
export const paperWriteSourceSchema = z.object({
  /** The item's own id (for remove and move). */
  id: z.number().int(),
  /** Its number in the bibliography, from 1: cited as `[n]`. */
  n: z.number().int(),
  kind: paperWriteSourceKindSchema,
  /** The paper id ("42", "openalex:W…", "s2:…") or the document id (as text). */
  ref: safeString(),
  title: safeString(),
  authors: z.array(safeString()),
  venue: safeString(),
  year: z.number().int().nullable(),
  type: paperTypeSchema,
  doi: safeString().nullable(),
  url: safeString().nullable(),
  /** The stored abstract (or the document's opening), shortened to about 600 characters. */
  abstract: safeString(),
  /** false: the document was deleted or the remote paper no longer answers; it still cites from its snapshot. */
  available: z.boolean(),
  /** The reference as printed in the project's style. */
  citation: safeString(),
  /** Times `[n]` appears in the sections' text. */
  cited: z.number().int(),
});
export type PaperWriteSource = z.infer<typeof paperWriteSourceSchema>;

/** A change of a polish proposal (the polish template's change table). */
export const paperWriteChangeSchema = z.object({ original: safeString(), revised: safeString(), reason: safeString() });
export const paperWriteProposalSchema = z.object({
  /** The polished text (citations checked). */
  revised: safeString(),
  changes: z.array(paperWriteChangeSchema),
  created_at: safeString(),
});
export type PaperWriteProposal = z.infer<typeof paperWriteProposalSchema>;

/** A section's draft, in outline order. */
export const paperWriteSectionSchema = z.object({
  key: safeString(),
  heading: safeString(),
  /** 1 for a top-level section. */
  level: z.number().int(),
  /** Its number as printed ("2.1"). */
  number: safeString(),
  status: paperWriteSectionStatusSchema,
  /** Markdown, citing `[n]`. */
  text: safeString(),
  words: z.number().int(),
  /** A model wrote the current text (false: the user, extracts, or nothing yet). */
  by_model: z.boolean(),
  /** Numbers that cited nothing and were taken out (by the last generation, or when a source was removed). */
  invalid_citations: z.array(z.number().int()),
  /** Message key and its text: why it failed, or what the user should know (extracts, citations taken out). */
  notice: safeString().nullable(),
  notice_msg: safeString().nullable(),
  /** Saves name it; a newer stored revision answers 409 `paper_write_conflict`. */
  revision: z.number().int(),
  proposal: paperWriteProposalSchema.nullable(),
  updated_at: safeString().nullable(),
});
export type PaperWriteSection = z.infer<typeof paperWriteSectionSchema>;

export const paperWriteItemSchema = z.object({
  id: z.number().int(),
  title: safeString(),
  topic: safeString(),
  discipline: safeString(),
  kind: paperWriteKindSchema,
  language: paperWriteLanguageSchema,
  target_length: z.number().int(),
  style: paperWriteStyleSchema,
  sources: z.number().int(),
  sections: z.number().int(),
  /** Sections with text (done or extract). */
  written: z.number().int(),
  /** Sections a model is writing now. */
  generating: z.number().int(),
  /** Words of all sections (paperWriteCount), against target_length. */
  words: z.number().int(),
  created_at: safeString(),
  updated_at: safeString(),
});
export type PaperWriteItem = z.infer<typeof paperWriteItemSchema>;

export const paperWriteDetailSchema = paperWriteItemSchema.extend({
  bibliography: z.array(paperWriteSourceSchema),
  outline: z.array(paperWriteOutlineSectionSchema),
  outline_revision: z.number().int(),
  outline_updated_at: safeString(),
  /** In outline order (depth first). */
  drafts: z.array(paperWriteSectionSchema),
});
export type PaperWriteDetail = z.infer<typeof paperWriteDetailSchema>;

/** Admin settings (money): whether the feature is open and its price. */
export const paperWriteConfigSchema = z.object({
  is_open: z.boolean(),
  /** Word counts per 1,000 generated words for users without the paper membership; 0: the chat model's own price. */
  price: z.number().int().min(0).max(1_000_000),
});
export type PaperWriteConfig = z.infer<typeof paperWriteConfigSchema>;

export const paperWriteOptionsSchema = paperWriteConfigSchema.extend({
  /** false: no model (the offline channel): outlines are the kind's default, sections are filled with extracts; the page says a model would write prose. */
  model: z.boolean(),
  /** An active `paper` membership: model writing is free. */
  member: z.boolean(),
  member_expires_at: safeString().nullable(),
  /** The user's word count balance. */
  word_count: z.number().int(),
});
export type PaperWriteOptions = z.infer<typeof paperWriteOptionsSchema>;

export const paperWriteSuggestItemSchema = paperItemSchema.extend({
  /** Already in the bibliography. */
  kept: z.boolean(),
});
export const paperWriteSuggestSchema = z.object({
  lists: z.array(paperWriteSuggestItemSchema),
  count: z.number().int(),
  page_no: z.number().int(),
  page_size: z.number().int(),
  /** The query run (the keyword, or the project's topic when none was given). */
  query: safeString(),
  source: paperSourceModeSchema,
  hint: safeString().nullable(),
  skipped: z.array(paperSkippedSourceSchema),
});
export type PaperWriteSuggest = z.infer<typeof paperWriteSuggestSchema>;

/* Stream frames (see the module comment). */
export const PAPER_WRITE_TASKS = ['outline', 'draft', 'polish'] as const;
export const paperWriteTaskSchema = z.enum(PAPER_WRITE_TASKS);

export const paperWriteStartEventSchema = z.object({
  type: z.literal('start'),
  project_id: z.number().int(),
  task: paperWriteTaskSchema,
  /** The section key (draft, polish); null for the outline. */
  section: safeString().nullable(),
  /** true: `delta` frames follow; false: the result frame follows at once (extracts). */
  by_model: z.boolean(),
  model: safeString().nullable(),
  model_name: safeString().nullable(),
});
export const paperWriteCitationEventSchema = z.object({
  type: z.literal('citation'),
  section: safeString().nullable(),
  /** Numbers taken out of the text because the bibliography has no such item. */
  invalid: z.array(z.number().int()),
  /** How many items the bibliography has. */
  max: z.number().int(),
});
export const paperWriteOutlineEventSchema = z.object({
  type: z.literal('outline'),
  project_id: z.number().int(),
  outline: z.array(paperWriteOutlineSectionSchema),
  revision: z.number().int(),
  drafts: z.array(paperWriteSectionSchema),
  /** e.g. paper_write_outline_partial when the model's answer was not a clean outline. */
  notice: safeString().nullable(),
  notice_msg: safeString().nullable(),
});
export const paperWriteSectionEventSchema = z.object({
  type: z.literal('section'),
  project_id: z.number().int(),
  section: paperWriteSectionSchema,
  /** The project's words after this section. */
  words: z.number().int(),
});
export const paperWriteStreamEventSchema = z.discriminatedUnion('type', [
  paperWriteStartEventSchema,
  deltaEventSchema,
  paperWriteCitationEventSchema,
  paperWriteOutlineEventSchema,
  paperWriteSectionEventSchema,
  endEventSchema,
  errorEventSchema,
]);
export type PaperWriteStreamEvent = z.infer<typeof paperWriteStreamEventSchema>;

/** `auto`: a model when one is available, else extracts; `extract`: extracts even with a model (free). */
export const PAPER_WRITE_DRAFT_MODES = ['auto', 'extract'] as const;
