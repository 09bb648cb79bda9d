import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { idSchema, okSchema, pageQuerySchema, pageSchema, safeString } from './common.js';
import { endEventSchema, errorEventSchema, deltaEventSchema, messageIdSchema } from './chat.js';
import { paperIdSchema } from './paper.js';
import { modelKeySchema } from './models.js';
import { mindmapNodeSchema } from './mindmap-tree.js';
import { mindmapConfigSchema } from './mindmap-config.js';
import { MINDMAP_EXPORT_FORMATS, MINDMAP_IMPORT_FORMATS, MINDMAP_SOURCES, MINDMAP_TITLE_MAX } from './mindmap-constants.js';

/** What the create request carries at most; the source's own limits (MINDMAP_SOURCE_MAX, MINDMAP_QUESTION_MAX) are checked by the server so the message names them. */
const MINDMAP_REQUEST_TEXT_MAX = 1_000_000;
/** A topic or question for the model. */
export const MINDMAP_QUESTION_MAX = 2000;

/**
 * Mind maps (`/app/mind_map`).
 *
 * `POST /mindmap/create` is a STREAM endpoint for every source (one client
 * path): once accepted it answers `200 text/event-stream` with the chat wire
 * format (`event: <type>\ndata: <json>\n\n`, see chat.ts). A refusal before
 * the stream (bad input, sign-in, closed, no model for a topic, balance,
 * limits) is a normal JSON envelope with an honest status.
 *
 * Frames, in order:
 * - `start`: the map's `id` (already stored), title, source, and whether a model writes it;
 * - `delta`…: only when a model writes it: the Markdown outline as it arrives
 *   (the client parses the text so far and grows the preview);
 * - `map`: the tree the server parsed and stored (the authority: replace the
 *   preview with it), its revision, and a notice when the outline was partial
 *   or the map is the document's structure without a model;
 * - exactly one `end` (chat's: usage, charge, balances) or `error` (chat's).
 *
 * A model failure after the start keeps whatever parsed (the `map` frame
 * comes before the `error` frame when anything parsed).
 *
 * Export (`GET /mindmap/export?id=&format=&layout=`, the file as an attachment,
 * signed in by the `token` header like every call) and import
 * (`POST /mindmap/import`, multipart `file`, answering the envelope with
 * `mindmapImportResultSchema`) are raw routes; their paths and schemas are
 * here too.
 *
 * Save conflicts: `POST /mindmap/save` names the revision the editor loaded;
 * when the stored map is newer the answer is 409 `mindmap_conflict` with
 * `data: {revision, updated_at}` of the stored map (reload, then save again).
 */

export const mindmapSourceSchema = z.enum(MINDMAP_SOURCES);
export type MindmapSource = z.infer<typeof mindmapSourceSchema>;
/** Where a stored map came from: a create source, or an imported file. A copy keeps its original's. */
export const mindmapOriginSchema = z.enum([...MINDMAP_SOURCES, 'import']);
export type MindmapOrigin = z.infer<typeof mindmapOriginSchema>;
export const mindmapExportFormatSchema = z.enum(MINDMAP_EXPORT_FORMATS);
export type MindmapExportFormat = z.infer<typeof mindmapExportFormatSchema>;
export const mindmapImportFormatSchema = z.enum(MINDMAP_IMPORT_FORMATS);
export type MindmapImportFormat = z.infer<typeof mindmapImportFormatSchema>;

/** generating: a model is writing it; done; failed: the model failed before anything parsed. */
export const MINDMAP_STATUSES = ['generating', 'done', 'failed'] as const;
export const mindmapStatusSchema = z.enum(MINDMAP_STATUSES);
export type MindmapStatus = z.infer<typeof mindmapStatusSchema>;

export const MINDMAP_EXPORT_PATH = '/mindmap/export';
export const MINDMAP_IMPORT_PATH = '/mindmap/import';

export const mindmapTitleSchema = safeString({ error: 'mindmap_title_empty' }).trim().min(1, 'mindmap_title_empty').max(MINDMAP_TITLE_MAX, 'mindmap_title_too_long');

/**
 * What a map is made from. `markdown`: the pasted outline (instant);
 * `topic`: a model writes it (streamed, metered); `document` / `paper`:
 * their structure (instant) or, with a model, a summary (streamed);
 * `answer`: a chat answer of the user's own (instant).
 */
export const mindmapCreateSchema = z
  .object({
    source: mindmapSourceSchema,
    /** Longer than MINDMAP_SOURCE_MAX characters: 400 mindmap_source_too_long (checked by the server, which names the limit). */
    markdown: safeString().max(MINDMAP_REQUEST_TEXT_MAX, 'payload_too_large').optional(),
    /** Longer than MINDMAP_QUESTION_MAX characters: 400 mindmap_question_too_long. */
    topic: safeString().trim().max(MINDMAP_REQUEST_TEXT_MAX, 'payload_too_large').optional(),
    doc_id: idSchema.optional(),
    paper_id: paperIdSchema.optional(),
    message_id: messageIdSchema.optional(),
    title: safeString().trim().max(MINDMAP_TITLE_MAX, 'mindmap_title_too_long').optional(),
    /** A chat model key (model sources); default: the site's default model. */
    model: modelKeySchema.optional(),
    /** document / paper: false keeps the structural map even when a model is available. */
    summarise: z.boolean().default(true),
  })
  .superRefine((v, ctx) => {
    const need = (ok: boolean, message: string, path: string) => {
      if (!ok) ctx.addIssue({ code: 'custom', message, path: [path] });
    };
    if (v.source === 'markdown') need((v.markdown ?? '').trim().length > 0, 'mindmap_markdown_empty', 'markdown');
    if (v.source === 'topic') need((v.topic ?? '').length > 0, 'mindmap_topic_empty', 'topic');
    if (v.source === 'document') need(v.doc_id !== undefined, 'doc_not_found', 'doc_id');
    if (v.source === 'paper') need(v.paper_id !== undefined, 'paper_not_found', 'paper_id');
    if (v.source === 'answer') need(v.message_id !== undefined, 'mindmap_answer_not_found', 'message_id');
  });
export type MindmapCreateInput = z.input<typeof mindmapCreateSchema>;

export const mindmapStartEventSchema = z.object({
  type: z.literal('start'),
  id: z.number().int(),
  title: safeString(),
  source: mindmapSourceSchema,
  /** true: `delta` frames follow (a model writes the outline); false: the `map` frame follows at once. */
  streaming: z.boolean(),
  /** Model key and display name; null when no model writes it. */
  model: safeString().nullable(),
  model_name: safeString().nullable(),
});

export const mindmapMapEventSchema = z.object({
  type: z.literal('map'),
  id: z.number().int(),
  title: safeString(),
  revision: z.number().int(),
  tree: mindmapNodeSchema,
  /** The document's or paper's own structure, not a model's summary (labelled as such on the page). */
  structural: z.boolean(),
  /** Message key and its text when the map is partial or labelled (e.g. mindmap_partial_outline, mindmap_structural_only). */
  notice: safeString().nullable(),
  notice_msg: safeString().nullable(),
});

export const mindmapStreamEventSchema = z.discriminatedUnion('type', [mindmapStartEventSchema, deltaEventSchema, mindmapMapEventSchema, endEventSchema, errorEventSchema]);
export type MindmapStreamEvent = z.infer<typeof mindmapStreamEventSchema>;

export const mindmapShareSchema = z.object({
  token: safeString(),
  /** Site-relative page of the read-only view: `/mind_map/share?token=`. */
  path: safeString(),
  created_at: safeString(),
});
export type MindmapShare = z.infer<typeof mindmapShareSchema>;

export const mindmapItemSchema = z.object({
  id: z.number().int(),
  title: safeString(),
  source: mindmapOriginSchema,
  status: mindmapStatusSchema,
  revision: z.number().int(),
  nodes: z.number().int(),
  /** A share link is active (its token is shown only when it is made). */
  shared: z.boolean(),
  created_at: safeString(),
  updated_at: safeString(),
});
export type MindmapItem = z.infer<typeof mindmapItemSchema>;

export const mindmapDetailSchema = mindmapItemSchema.extend({
  tree: mindmapNodeSchema,
  structural: z.boolean(),
  notice: safeString().nullable(),
  notice_msg: safeString().nullable(),
  /** Where it came from: document id, paper id or message id (as text); null for markdown, topic and imports. */
  source_ref: safeString().nullable(),
});
export type MindmapDetail = z.infer<typeof mindmapDetailSchema>;

export const mindmapSharedSchema = z.object({
  title: safeString(),
  tree: mindmapNodeSchema,
  updated_at: safeString(),
});

export const mindmapOptionsSchema = mindmapConfigSchema.extend({
  /** Model generations used today. */
  used_today: z.number().int(),
  /** false: only the offline channel (no model): the topic source is unavailable, documents and papers give their structure. */
  model: z.boolean(),
  member: z.boolean(),
  /** The user's word count balance. */
  word_count: z.number().int(),
});
export type MindmapOptions = z.infer<typeof mindmapOptionsSchema>;

/** Pictures (png, svg, pdf): main branches on both sides of the root (a mind map) or all to its right (a logical tree). */
export const MINDMAP_EXPORT_LAYOUTS = ['both', 'right'] as const;
export const mindmapExportQuerySchema = z.object({ id: idSchema, format: mindmapExportFormatSchema, layout: z.enum(MINDMAP_EXPORT_LAYOUTS).default('both') });
export const mindmapImportResultSchema = z.object({ id: z.number().int(), title: safeString(), nodes: z.number().int() });

const idBody = z.object({ id: idSchema });
const shareTokenSchema = safeString({ error: 'mindmap_share_invalid' }).trim().min(16, 'mindmap_share_invalid').max(64, 'mindmap_share_invalid').regex(/^[A-Za-z0-9_-]+$/, 'mindmap_share_invalid');

export const mindmapEndpoints = {
  /** STREAM: `mindmapStreamEventSchema` events (see above). */
  mindmapCreate: endpoint({
    method: 'POST',
    path: '/mindmap/create',
    auth: 'user',
    summary: 'STREAM (text/event-stream): make a map from an outline, a topic, a document, a paper or a chat answer',
    tags: ['mindmap'],
    body: mindmapCreateSchema,
    response: z.null(),
  }),
  mindmapOptions: endpoint({
    method: 'GET',
    path: '/mindmap/options',
    auth: 'user',
    summary: 'Whether maps are open, the free model generations today, the price and whether a model is available',
    tags: ['mindmap'],
    response: mindmapOptionsSchema,
  }),
  mindmapDetail: endpoint({
    method: 'GET',
    path: '/mindmap/detail',
    auth: 'user',
    summary: "One of the user's maps with its tree and revision",
    tags: ['mindmap'],
    query: idBody,
    response: mindmapDetailSchema,
  }),
  mindmapSave: endpoint({
    method: 'POST',
    path: '/mindmap/save',
    auth: 'user',
    summary: 'Save an edited tree over the given revision; 409 mindmap_conflict (data: {revision, updated_at} of the stored map) when it is newer',
    tags: ['mindmap'],
    body: z.object({ id: idSchema, revision: z.number().int().min(0), tree: mindmapNodeSchema, title: mindmapTitleSchema.optional() }),
    response: z.object({ id: z.number().int(), revision: z.number().int(), nodes: z.number().int(), updated_at: safeString() }),
  }),
  mindmapList: endpoint({
    method: 'GET',
    path: '/mindmap/list',
    auth: 'user',
    summary: "The user's maps, last edited first; keyword searches titles",
    tags: ['mindmap'],
    query: pageQuerySchema.extend({ keyword: safeString().trim().max(100).optional(), source: mindmapOriginSchema.optional() }),
    response: pageSchema(mindmapItemSchema),
  }),
  mindmapRename: endpoint({
    method: 'POST',
    path: '/mindmap/rename',
    auth: 'user',
    summary: 'Rename a map (the revision does not change)',
    tags: ['mindmap'],
    body: z.object({ id: idSchema, title: mindmapTitleSchema }),
    response: mindmapItemSchema,
    idempotent: true,
  }),
  mindmapDelete: endpoint({
    method: 'POST',
    path: '/mindmap/delete',
    auth: 'user',
    summary: 'Delete a map (its share link stops working)',
    tags: ['mindmap'],
    body: idBody,
    response: okSchema,
    idempotent: true,
  }),
  mindmapDuplicate: endpoint({
    method: 'POST',
    path: '/mindmap/duplicate',
    auth: 'user',
    summary: 'Copy a map (not its share link)',
    tags: ['mindmap'],
    body: idBody,
    response: mindmapItemSchema,
  }),
  mindmapShare: endpoint({
    method: 'POST',
    path: '/mindmap/share',
    auth: 'user',
    summary: 'Make a read-only share link (a new token; an earlier link stops working)',
    tags: ['mindmap'],
    body: idBody,
    response: mindmapShareSchema,
  }),
  mindmapShareRevoke: endpoint({
    method: 'POST',
    path: '/mindmap/share/revoke',
    auth: 'user',
    summary: 'Revoke the share link',
    tags: ['mindmap'],
    body: idBody,
    response: okSchema,
    idempotent: true,
  }),
  mindmapShared: endpoint({
    method: 'GET',
    path: '/mindmap/shared',
    auth: 'none',
    summary: 'A shared map, read-only, by its link token',
    tags: ['mindmap'],
    query: z.object({ token: shareTokenSchema }),
    response: mindmapSharedSchema,
  }),
};
