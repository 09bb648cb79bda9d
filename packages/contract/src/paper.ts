import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { pageQuerySchema, pageSchema, safeString } from './common.js';
import { PAPER_KEYWORD_MAX } from './limits.js';

/**
 * Academic paper search: search, detail with references / cited-by /
 * related papers, favourites, citation export, AI interpretation (SSE) and AI
 * search, plus the admin's source choice and corpus upload.
 *
 * Paper ids are strings: a paper of the local corpus is its row number ("42");
 * a paper of a remote source carries the source as prefix ("openalex:W2741809807",
 * "s2:649def34f8be52c8b66281af98ae884c09aef38b"). Every endpoint taking `id`
 * accepts both, whatever source is active.
 */

/** Spec §3 paper types. */
export const PAPER_TYPES = [
  'journal',
  'conference',
  'review',
  'short',
  'survey',
  'applied_research',
  'experimental',
  'abstract',
  'report',
  'book_chapter',
  'newspaper',
  'news',
] as const;
export const paperTypeSchema = z.enum(PAPER_TYPES);
export type PaperType = z.infer<typeof paperTypeSchema>;

export const PAPER_SOURCES = ['local', 'openalex', 'semanticscholar'] as const;
export const paperSourceSchema = z.enum(PAPER_SOURCES);
export type PaperSourceName = z.infer<typeof paperSourceSchema>;
/**
 * What the admin chooses: one source, or `merged` (the default): the local
 * corpus, then OpenAlex when it answers in time, de-duplicated.
 */
export const PAPER_SOURCE_MODES = ['merged', ...PAPER_SOURCES] as const;
export const paperSourceModeSchema = z.enum(PAPER_SOURCE_MODES);
export type PaperSourceMode = z.infer<typeof paperSourceModeSchema>;
/** Why a source of a merged search was left out: it timed out, failed, or failed so often it is rested for a while. */
export const PAPER_SKIP_REASONS = ['timeout', 'unavailable', 'resting'] as const;
export const paperSkippedSourceSchema = z.object({ source: paperSourceSchema, reason: z.enum(PAPER_SKIP_REASONS) });
export type PaperSkippedSource = z.infer<typeof paperSkippedSourceSchema>;

export const PAPER_SORTS = ['relevance', 'citations', 'newest'] as const;
export const CITE_FORMATS = ['bibtex', 'ris', 'apa', 'mla', 'gbt7714'] as const;
export const citeFormatSchema = z.enum(CITE_FORMATS);
export type CiteFormat = z.infer<typeof citeFormatSchema>;

/** Longest accepted search text (characters). */
/** Deepest result reachable by paging (page_no * page_size). */
export const PAPER_RESULT_WINDOW = 1000;

export const paperIdSchema = safeString({ error: 'paper_not_found' })
  .trim()
  .min(1, 'paper_not_found')
  .max(200, 'paper_not_found')
  .regex(/^(?:\d{1,10}|openalex:W\d{1,15}|s2:[A-Za-z0-9]{1,64})$/, 'paper_not_found');

const yearSchema = z.coerce.number().int().min(1000).max(3000);
const boolQuery = z.enum(['1', '0', 'true', 'false']).transform((v) => v === '1' || v === 'true');

export const paperSearchQuerySchema = pageQuerySchema.extend({
  /** Empty: browse the corpus (newest first unless sort says otherwise). */
  keyword: safeString().trim().max(PAPER_KEYWORD_MAX, 'paper_keyword_too_long').default(''),
  page_size: z.coerce.number().int().min(1).max(50).default(10),
  year_from: yearSchema.optional(),
  year_to: yearSchema.optional(),
  type: paperTypeSchema.optional(),
  /** Case-insensitive part of the venue name ("NAACL", "Findings"). */
  venue: safeString().trim().max(200).optional(),
  open_access: boolQuery.optional(),
  sort: z.enum(PAPER_SORTS).default('relevance'),
});
export type PaperSearchQuery = z.output<typeof paperSearchQuerySchema>;

export const paperAuthorSchema = safeString();

export const paperItemSchema = z.object({
  id: safeString(),
  source: paperSourceSchema,
  /** The id in the imported file or at the remote source (ACL id, arXiv id, OpenAlex W-id, S2 paperId, BEIR _id). */
  source_id: safeString(),
  title: safeString(),
  authors: z.array(paperAuthorSchema),
  venue: safeString(),
  year: z.number().int().nullable(),
  type: paperTypeSchema,
  citation_count: z.number().int(),
  open_access: z.boolean(),
  /**
   * The best abstract window (about 240 characters) as HTML: everything is
   * escaped except `<mark>` and `</mark>` around matched words. Render as HTML.
   */
  snippet: safeString(),
});
export type PaperItem = z.infer<typeof paperItemSchema>;

export const paperSearchResponseSchema = pageSchema(paperItemSchema).extend({
  /** The source (or the merged mode) that answered. */
  source: paperSourceModeSchema,
  /** A note in the request locale for the user (e.g. a Chinese query over an English corpus offline), or null. */
  hint: safeString().nullable(),
  /** The query actually run, when it differs from the keyword (translated by the model), else null. */
  query_used: safeString().nullable(),
  /** The Chinese query put into English by the offline dictionary and searched as well ("machine learning"), else null. */
  also_searched: safeString().nullable(),
  /** Sources of a merged search that were left out this time, and why. */
  skipped: z.array(paperSkippedSourceSchema),
});
export type PaperSearchResponse = z.infer<typeof paperSearchResponseSchema>;

export const paperReferenceSchema = z.object({
  position: z.number().int(),
  /** The reference as printed in the citing paper. */
  text: safeString(),
  /** Detail id when the reference resolves to a paper we have, else null. */
  id: safeString().nullable(),
  /** Title of the resolved paper, else null. */
  title: safeString().nullable(),
  /** External id ("doi:10.1090/tran/8674", "arxiv:2104.06921", "openalex:W4225968159", "s2:<sha>") or null. */
  external_id: safeString().nullable(),
  /** A public URL for the external id (doi.org, arxiv.org, openalex.org, semanticscholar.org) or null. */
  url: safeString().nullable(),
});

export const paperDetailSchema = paperItemSchema.omit({ snippet: true }).extend({
  abstract: safeString(),
  doi: safeString().nullable(),
  /** Landing page. */
  url: safeString().nullable(),
  /** Open PDF ("read with Xueba" when open_access and pdf_url are set). */
  pdf_url: safeString().nullable(),
  keywords: z.array(safeString()),
  references: z.array(paperReferenceSchema),
  /** Number of references (the list may be capped at 500). */
  reference_count: z.number().int(),
  /** Papers of the same source whose references resolve to this one. */
  cited_by: z.array(paperItemSchema),
  related: z.array(paperItemSchema),
  /** Whether the signed-in user saved it (false when signed out). */
  is_favorite: z.boolean(),
});
export type PaperDetail = z.infer<typeof paperDetailSchema>;

export const paperFavoriteItemSchema = paperItemSchema.extend({ favorited_at: safeString() });

export const paperAiSearchResponseSchema = z.object({
  source: paperSourceModeSchema,
  /** Keywords the question became. */
  keywords: z.array(safeString()),
  query_used: safeString(),
  /** Markdown, citing results as [n] (n = position in `lists`, from 1). */
  answer: safeString(),
  /** true when a configured model wrote the answer; false for the offline extract. */
  by_model: z.boolean(),
  hint: safeString().nullable(),
  lists: z.array(paperItemSchema),
  count: z.number().int(),
});

/** Events of `POST /paper/interpret` (text/event-stream, one JSON object per `data:` line). */
export const PAPER_SECTIONS = ['problem', 'method', 'findings', 'limitations'] as const;
export const paperSectionSchema = z.enum(PAPER_SECTIONS);
export const paperInterpretEventSchema = z.discriminatedUnion('type', [
  /** First event: whether a model writes it, and a notice (request locale) when not. */
  z.object({ type: z.literal('start'), by_model: z.boolean(), notice: safeString().nullable() }),
  /** A section begins; `title` is in the request locale. */
  z.object({ type: z.literal('section'), section: paperSectionSchema, title: safeString() }),
  /** Text of the current section (Markdown), appended in order. */
  z.object({ type: z.literal('delta'), section: paperSectionSchema, text: safeString() }),
  z.object({ type: z.literal('done') }),
  /** Ends the stream on failure; `msg` is in the request locale. */
  z.object({ type: z.literal('error'), msg: safeString() }),
]);
export type PaperInterpretEvent = z.infer<typeof paperInterpretEventSchema>;
export const PAPER_INTERPRET_PATH = '/paper/interpret';
export const paperInterpretBodySchema = z.object({ id: paperIdSchema });

export const paperSourceSettingsSchema = z.object({
  source: paperSourceModeSchema,
  /** Whether a Semantic Scholar API key is stored (the key itself is never returned). */
  semanticscholar_key_set: z.boolean(),
  /** Papers in the local corpus. */
  local_count: z.number().int(),
});

export const paperImportResultSchema = z.object({
  files: z.array(z.object({ name: safeString(), format: safeString(), papers: z.number().int(), references: z.number().int() })),
  inserted: z.number().int(),
  updated: z.number().int(),
  references: z.number().int(),
  /** References newly linked to a paper of the corpus. */
  resolved: z.number().int(),
  seconds: z.number(),
  papers_per_second: z.number(),
});
export type PaperImportResult = z.infer<typeof paperImportResultSchema>;
/** Admin upload of corpus files: multipart field `file` (repeatable), registered by hand. */
export const PAPER_IMPORT_PATH = '/admin/paper/import';
export const PAPER_IMPORT_MAX_BYTES = 64 * 1024 * 1024;

const idQuery = z.object({ id: paperIdSchema });

export const paperEndpoints = {
  paperSearch: endpoint({
    method: 'GET',
    path: '/paper/search',
    auth: 'none',
    summary: 'Search papers in the active source (empty keyword: browse newest)',
    tags: ['paper'],
    query: paperSearchQuerySchema,
    response: paperSearchResponseSchema,
  }),
  paperDetail: endpoint({
    method: 'GET',
    path: '/paper/detail',
    auth: 'optional',
    summary: 'A paper with abstract, references, cited-by and related papers',
    tags: ['paper'],
    query: idQuery,
    response: paperDetailSchema,
  }),
  paperVenues: endpoint({
    method: 'GET',
    path: '/paper/venues',
    auth: 'none',
    summary: 'Venues of the local corpus with paper counts (for the venue filter)',
    tags: ['paper'],
    response: z.object({ lists: z.array(z.object({ venue: safeString(), count: z.number().int() })) }),
  }),
  paperCite: endpoint({
    method: 'GET',
    path: '/paper/cite',
    auth: 'none',
    summary: 'A citation in BibTeX, RIS, APA, MLA or GB/T 7714-2015',
    tags: ['paper'],
    query: z.object({ id: paperIdSchema, format: citeFormatSchema.default('gbt7714') }),
    response: z.object({ format: citeFormatSchema, text: safeString() }),
  }),
  paperFavorite: endpoint({
    method: 'POST',
    path: '/paper/favorite',
    auth: 'user',
    summary: 'Save a paper to favourites (idempotent)',
    tags: ['paper'],
    body: idQuery,
    response: z.object({ is_favorite: z.literal(true) }),
    idempotent: true,
  }),
  paperUnfavorite: endpoint({
    method: 'POST',
    path: '/paper/unfavorite',
    auth: 'user',
    summary: 'Remove a paper from favourites (idempotent)',
    tags: ['paper'],
    body: idQuery,
    response: z.object({ is_favorite: z.literal(false) }),
    idempotent: true,
  }),
  paperFavorites: endpoint({
    method: 'GET',
    path: '/paper/favorites',
    auth: 'user',
    summary: 'The signed-in user saved papers, newest first',
    tags: ['paper'],
    query: pageQuerySchema,
    response: pageSchema(paperFavoriteItemSchema),
  }),
  paperAiSearch: endpoint({
    method: 'POST',
    path: '/paper/aiSearch',
    auth: 'optional',
    summary: 'A question becomes keywords, runs the search and gets a short answer citing [n]',
    tags: ['paper'],
    body: z.object({
      question: safeString({ error: 'paper_question_required' }).trim().min(1, 'paper_question_required').max(PAPER_KEYWORD_MAX, 'paper_keyword_too_long'),
      page_size: z.number().int().min(1).max(20).default(8),
    }),
    response: paperAiSearchResponseSchema,
  }),
  /** STREAM: `paperInterpretEventSchema` events (`event: <type>` + `data: <json>`); refusals before the stream are JSON envelopes. */
  paperInterpret: endpoint({
    method: 'POST',
    path: PAPER_INTERPRET_PATH,
    auth: 'optional',
    summary: 'STREAM (text/event-stream): AI interpretation (problem, method, findings, limitations) in the request locale',
    tags: ['paper'],
    body: paperInterpretBodySchema,
    response: paperInterpretEventSchema,
  }),
  adminPaperSource: endpoint({
    method: 'GET',
    path: '/admin/paper/source',
    auth: 'admin',
    summary: 'The active paper source',
    tags: ['admin', 'paper'],
    response: paperSourceSettingsSchema,
  }),
  adminSetPaperSource: endpoint({
    method: 'POST',
    path: '/admin/paper/source',
    auth: 'admin',
    summary: 'Choose the active paper source; `semanticscholar_key` "" clears the key, absent keeps it',
    tags: ['admin', 'paper'],
    body: z.object({ source: paperSourceModeSchema, semanticscholar_key: safeString().trim().max(200).optional() }),
    response: paperSourceSettingsSchema,
  }),
};
