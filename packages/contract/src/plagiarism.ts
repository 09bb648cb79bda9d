import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { idSchema, okSchema, pageQuerySchema, pageSchema, safeString } from './common.js';
import { MEMBERSHIP_KINDS } from './membership-constants.js';

/**
 * Plagiarism checks (`/paper/check`): a text (pasted, or extracted from an
 * uploaded file by `POST /plagiarism/extract`) is compared, as a background
 * job, with the local paper corpus, the user's documents and the user's
 * earlier checks; the report gives CNKI's ratios and every matched passage
 * beside its source. Offsets are JavaScript string indices (UTF-16) of
 * `text`.
 *
 * Files: `POST /plagiarism/extract` (multipart `file`, pdf/docx/doc/txt/md
 * within the documents' limits) answers the envelope with
 * `plagiarismExtractSchema`; `GET /plagiarism/export?id=&format=pdf|html`
 * and `GET /plagiarism/shared/export?token=&format=` answer the report as an
 * attachment.
 */

/** Longest text checked at once, in characters (a doctoral thesis of about 100,000 Chinese characters fits). */
export const PLAGIARISM_MAX_CHARS = 150_000;
export const PLAGIARISM_TITLE_MAX = 200;
export const PLAGIARISM_EXTRACT_PATH = '/plagiarism/extract';
export const PLAGIARISM_EXPORT_PATH = '/plagiarism/export';
export const PLAGIARISM_SHARED_EXPORT_PATH = '/plagiarism/shared/export';
export const PLAGIARISM_EXPORT_FORMATS = ['pdf', 'html'] as const;
/** The public page of a shared report: `?token=`. */
export const PLAGIARISM_SHARE_PAGE = '/paper/check/shared';

export const PLAGIARISM_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export const plagiarismStatusSchema = z.enum(PLAGIARISM_STATUSES);
export type PlagiarismStatus = z.infer<typeof plagiarismStatusSchema>;

/** What a check is compared with; each may be left out. */
export const plagiarismScopeSchema = z.object({
  corpus: z.boolean().default(true),
  library: z.boolean().default(true),
  history: z.boolean().default(false),
});
export type PlagiarismScope = z.infer<typeof plagiarismScopeSchema>;

export const PLAGIARISM_SOURCE_KINDS = ['paper', 'document', 'check'] as const;
export type PlagiarismSourceKind = (typeof PLAGIARISM_SOURCE_KINDS)[number];

export const plagiarismCreateSchema = z.object({
  /** Empty (only spaces): 400 plagiarism_text_empty; longer than PLAGIARISM_MAX_CHARS: 400 plagiarism_text_too_long (checked by the server, which names the limit). */
  text: safeString({ error: 'plagiarism_text_empty' }).max(PLAGIARISM_MAX_CHARS * 4, 'payload_too_large'),
  title: safeString().trim().max(PLAGIARISM_TITLE_MAX, 'plagiarism_title_too_long').optional(),
  /** The uploaded file the text was extracted from (shown in the report). */
  filename: safeString().trim().max(255).optional(),
  scope: plagiarismScopeSchema.default({ corpus: true, library: true, history: false }),
  /** A key of the submitting page: the same key twice (a double click, a retried request) answers the first check. */
  client_key: safeString().trim().regex(/^[A-Za-z0-9_-]{8,64}$/, 'validation_failed').optional(),
});
export type PlagiarismCreateInput = z.input<typeof plagiarismCreateSchema>;

export const plagiarismItemSchema = z.object({
  id: z.number().int(),
  title: safeString(),
  filename: safeString().nullable(),
  status: plagiarismStatusSchema,
  /** 0–100. */
  progress: z.number().int(),
  /** Checks waiting before this one (queued only). */
  position: z.number().int(),
  /** Non-space characters checked. */
  chars: z.number().int(),
  scope: plagiarismScopeSchema,
  /** Word counts taken; 0 when the membership included it. */
  charged: z.number().int(),
  included: z.boolean(),
  /** The total copy ratio, 0–1, once done. */
  total_ratio: z.number().nullable(),
  /** Message key and text of a failure. */
  error: safeString().nullable(),
  error_msg: safeString().nullable(),
  shared: z.boolean(),
  created_at: safeString(),
  finished_at: safeString().nullable(),
});
export type PlagiarismItem = z.infer<typeof plagiarismItemSchema>;

export const plagiarismSourceSchema = z.object({
  kind: z.enum(PLAGIARISM_SOURCE_KINDS),
  title: safeString(),
  /** Site-relative link (a paper's page, the document, the earlier report); null when none. */
  link: safeString().nullable(),
  /** Share of the checked text's characters copied from this source, 0–1. */
  ratio: z.number(),
  chars: z.number().int(),
});
export type PlagiarismSource = z.infer<typeof plagiarismSourceSchema>;

/** [start, end) of a string. */
export const plagiarismRangeSchema = z.tuple([z.number().int(), z.number().int()]);
export type PlagiarismRange = z.infer<typeof plagiarismRangeSchema>;

export const plagiarismPassageSchema = z.object({
  /** Index into `sources`. */
  source: z.number().int(),
  /** The copied span of the checked text. */
  start: z.number().int(),
  end: z.number().int(),
  /** The source's side: its text around the match, and the match within that excerpt. */
  source_text: safeString(),
  source_start: z.number().int(),
  source_end: z.number().int(),
  /** Words found on both sides (red), as ranges of the checked text and of `source_text`. */
  marks: z.array(plagiarismRangeSchema),
  source_marks: z.array(plagiarismRangeSchema),
  /** Inside a quotation (left out of the quote-excluded ratio) or the reference list. */
  quoted: z.boolean(),
  in_references: z.boolean(),
  section: z.number().int(),
});
export type PlagiarismPassage = z.infer<typeof plagiarismPassageSchema>;

export const plagiarismSectionSchema = z.object({
  /** The heading; empty for what precedes the first heading. */
  title: safeString(),
  start: z.number().int(),
  end: z.number().int(),
  chars: z.number().int(),
  ratio: z.number(),
});

export const plagiarismReportSchema = z.object({
  chars: z.number().int(),
  copied_chars: z.number().int(),
  /** 总文字复制比. */
  total_ratio: z.number(),
  /** Quotations count as not copied (the denominator stays the whole text). */
  ratio_excluding_quotes: z.number(),
  /** The reference list is left out of both the copied and the whole text. */
  ratio_excluding_references: z.number(),
  /** 单篇最大文字复制比. */
  largest_source_ratio: z.number(),
  largest_source: z.number().int().nullable(),
  /** The text is a reference list and nothing else. */
  only_references: z.boolean(),
  quotes: z.array(plagiarismRangeSchema),
  /** Where the reference list starts and ends; null when none was found. */
  references: plagiarismRangeSchema.nullable(),
  sections: z.array(plagiarismSectionSchema),
  sources: z.array(plagiarismSourceSchema),
  passages: z.array(plagiarismPassageSchema),
  /** How many candidate sources were aligned, and the corpus size compared with. */
  candidates: z.number().int(),
  corpus_size: z.number().int(),
});
export type PlagiarismReport = z.infer<typeof plagiarismReportSchema>;

export const plagiarismDetailSchema = plagiarismItemSchema.extend({
  text: safeString(),
  report: plagiarismReportSchema.nullable(),
});
export type PlagiarismDetail = z.infer<typeof plagiarismDetailSchema>;

export const plagiarismSharedSchema = z.object({
  title: safeString(),
  filename: safeString().nullable(),
  chars: z.number().int(),
  finished_at: safeString().nullable(),
  text: safeString(),
  report: plagiarismReportSchema,
});
export type PlagiarismShared = z.infer<typeof plagiarismSharedSchema>;

export const plagiarismShareSchema = z.object({ token: safeString(), path: safeString(), created_at: safeString() });
export type PlagiarismShare = z.infer<typeof plagiarismShareSchema>;

/** What the admin sets: the price, and what memberships include. */
export const plagiarismSettingsSchema = z.object({
  is_open: z.boolean(),
  /** Word counts per 1,000 characters (started), 0: free. */
  price_per_thousand: z.number().int().min(0).max(1_000_000),
  /** Members of these kinds check without paying, up to `member_chars_per_month`. */
  member_kinds: z.array(z.enum(MEMBERSHIP_KINDS)).max(MEMBERSHIP_KINDS.length),
  /** Characters included per member and UTC calendar month; 0: no limit. Beyond it the check is paid. */
  member_chars_per_month: z.number().int().min(0).max(100_000_000),
});
export type PlagiarismSettings = z.infer<typeof plagiarismSettingsSchema>;

export const plagiarismOptionsSchema = plagiarismSettingsSchema.extend({
  max_chars: z.number().int(),
  /** The user's membership includes checks, and how many characters of this month's allowance are left (null: no limit). */
  member: z.boolean(),
  member_chars_left: z.number().int().nullable(),
  word_count: z.number().int(),
  corpus_size: z.number().int(),
});
export type PlagiarismOptions = z.infer<typeof plagiarismOptionsSchema>;

export const plagiarismExtractSchema = z.object({ filename: safeString(), text: safeString(), chars: z.number().int() });
export type PlagiarismExtract = z.infer<typeof plagiarismExtractSchema>;

export const plagiarismExportQuerySchema = z.object({ id: idSchema, format: z.enum(PLAGIARISM_EXPORT_FORMATS) });
const shareTokenSchema = safeString({ error: 'plagiarism_share_invalid' }).trim().min(16, 'plagiarism_share_invalid').max(64, 'plagiarism_share_invalid').regex(/^[A-Za-z0-9_-]+$/, 'plagiarism_share_invalid');
export const plagiarismSharedExportQuerySchema = z.object({ token: shareTokenSchema, format: z.enum(PLAGIARISM_EXPORT_FORMATS) });

const idBody = z.object({ id: idSchema });

export const plagiarismEndpoints = {
  plagiarismOptions: endpoint({ method: 'GET', path: '/plagiarism/options', auth: 'user', summary: 'Price, limits and what the membership includes', tags: ['plagiarism'], response: plagiarismOptionsSchema }),
  plagiarismCreate: endpoint({
    method: 'POST',
    path: '/plagiarism/create',
    auth: 'user',
    summary: 'Submit a check (charged now, refunded if it fails); it runs as a job',
    tags: ['plagiarism'],
    body: plagiarismCreateSchema,
    response: plagiarismItemSchema,
  }),
  plagiarismList: endpoint({ method: 'GET', path: '/plagiarism/list', auth: 'user', summary: "The user's checks, newest first, with status and progress", tags: ['plagiarism'], query: pageQuerySchema, response: pageSchema(plagiarismItemSchema) }),
  plagiarismDetail: endpoint({ method: 'GET', path: '/plagiarism/detail', auth: 'user', summary: 'A check with its text and report', tags: ['plagiarism'], query: idBody, response: plagiarismDetailSchema }),
  plagiarismDelete: endpoint({ method: 'POST', path: '/plagiarism/delete', auth: 'user', summary: 'Delete a check (a waiting one is cancelled and refunded)', tags: ['plagiarism'], body: idBody, response: okSchema }),
  plagiarismShare: endpoint({ method: 'POST', path: '/plagiarism/share', auth: 'user', summary: 'A new read-only link to the report (shown once; an earlier link stops working)', tags: ['plagiarism'], body: idBody, response: plagiarismShareSchema }),
  plagiarismShareRevoke: endpoint({ method: 'POST', path: '/plagiarism/share/revoke', auth: 'user', summary: 'Revoke the report link', tags: ['plagiarism'], body: idBody, response: okSchema }),
  plagiarismShared: endpoint({ method: 'GET', path: '/plagiarism/shared', auth: 'none', summary: 'A shared report by its link token', tags: ['plagiarism'], query: z.object({ token: shareTokenSchema }), response: plagiarismSharedSchema }),
  adminPlagiarismSettings: endpoint({ method: 'GET', path: '/admin/plagiarism/settings', auth: 'admin', summary: 'Plagiarism check price and membership allowance', tags: ['admin'], response: plagiarismSettingsSchema }),
  adminPlagiarismSettingsSave: endpoint({ method: 'POST', path: '/admin/plagiarism/settings', auth: 'admin', summary: 'Set the plagiarism check price and membership allowance', tags: ['admin'], body: plagiarismSettingsSchema, response: plagiarismSettingsSchema }),
};
