import { z } from 'zod';
import { idSchema, okSchema, pageQuerySchema, pageSchema, safeString } from './common.js';
import { endpoint } from './endpoint.js';
import { modelKeySchema } from './models.js';
import { PAPER_WRITE_BRIEF_MAX, PAPER_WRITE_SECTION_TEXT_MAX } from './paper-write-constants.js';
import { paperIdSchema } from './paper.js';
import {
  PAPER_WRITE_DRAFT_MODES,
  paperWriteConfigSchema,
  paperWriteCreateSchema,
  paperWriteDetailSchema,
  paperWriteExportFormatSchema,
  paperWriteItemSchema,
  paperWriteOptionsSchema,
  paperWriteOutlineNodeSchema,
  paperWriteOutlineSectionSchema,
  paperWriteSectionKeySchema,
  paperWriteSectionSchema,
  paperWriteSourceSchema,
  paperWriteStyleSchema,
  paperWriteSuggestSchema,
  paperWriteUpdateSchema,
} from './paper-write.js';

/** Paper writing's endpoints; their schemas are in `paper-write.ts`. */
const idBody = z.object({ id: idSchema });
const sectionBody = z.object({ id: idSchema, section: paperWriteSectionKeySchema });

export const paperWriteExportQuerySchema = z.object({
  id: idSchema,
  format: paperWriteExportFormatSchema,
  /** Default: the project's style. */
  style: paperWriteStyleSchema.optional(),
});

export const paperWriteEndpoints = {
  paperWriteOptions: endpoint({
    method: 'GET',
    path: '/paper/write/options',
    auth: 'user',
    summary: 'Whether paper writing is open, its price, whether a model writes (false: extracts only), the paper membership and the word count balance',
    tags: ['paper-write'],
    response: paperWriteOptionsSchema,
  }),
  paperWriteList: endpoint({
    method: 'GET',
    path: '/paper/write/list',
    auth: 'user',
    summary: "The user's writing projects, last edited first; keyword searches titles and topics",
    tags: ['paper-write'],
    query: pageQuerySchema.extend({ keyword: safeString().trim().max(100).optional() }),
    response: pageSchema(paperWriteItemSchema),
  }),
  paperWriteCreate: endpoint({
    method: 'POST',
    path: '/paper/write/create',
    auth: 'user',
    summary: "Start a project: stored with the kind's default outline in its language and an empty bibliography",
    tags: ['paper-write'],
    body: paperWriteCreateSchema,
    response: paperWriteDetailSchema,
  }),
  paperWriteDetail: endpoint({
    method: 'GET',
    path: '/paper/write/detail',
    auth: 'user',
    summary: 'A project with its bibliography (in the project style), outline and every section draft with its status',
    tags: ['paper-write'],
    query: idBody,
    response: paperWriteDetailSchema,
  }),
  paperWriteUpdate: endpoint({
    method: 'POST',
    path: '/paper/write/update',
    auth: 'user',
    summary: 'Change the title, topic, discipline, kind, language, target length or reference style',
    tags: ['paper-write'],
    body: paperWriteUpdateSchema,
    response: paperWriteItemSchema,
    idempotent: true,
  }),
  paperWriteDelete: endpoint({
    method: 'POST',
    path: '/paper/write/delete',
    auth: 'user',
    summary: 'Delete a project with its bibliography and drafts (refused with 409 while a section is generating)',
    tags: ['paper-write'],
    body: idBody,
    response: okSchema,
    idempotent: true,
  }),
  paperWriteSuggest: endpoint({
    method: 'GET',
    path: '/paper/write/sources/suggest',
    auth: 'user',
    summary: "Papers the paper search proposes for the project's topic (or a keyword), marking those already kept",
    tags: ['paper-write'],
    query: z.object({
      id: idSchema,
      keyword: safeString().trim().max(200, 'paper_keyword_too_long').optional(),
      page_no: z.coerce.number().int().min(1).max(50).default(1),
      page_size: z.coerce.number().int().min(1).max(30).default(10),
    }),
    response: paperWriteSuggestSchema,
  }),
  paperWriteSourceAdd: endpoint({
    method: 'POST',
    path: '/paper/write/sources/add',
    auth: 'user',
    summary: 'Keep a paper (paper_id) or a document of the library (doc_id) as the last bibliography item; keeping it twice answers the list unchanged',
    tags: ['paper-write'],
    body: z
      .object({ id: idSchema, paper_id: paperIdSchema.optional(), doc_id: idSchema.optional() })
      .refine((v) => (v.paper_id === undefined) !== (v.doc_id === undefined), { message: 'paper_write_source_required', path: ['paper_id'] }),
    response: z.array(paperWriteSourceSchema),
    idempotent: true,
  }),
  paperWriteSourceRemove: endpoint({
    method: 'POST',
    path: '/paper/write/sources/remove',
    auth: 'user',
    summary: "Remove a bibliography item: later items move up and every section's citations are renumbered; citations of the removed item are taken out",
    tags: ['paper-write'],
    body: z.object({ id: idSchema, source_id: idSchema }),
    response: z.array(paperWriteSourceSchema),
    idempotent: true,
  }),
  paperWriteSourceMove: endpoint({
    method: 'POST',
    path: '/paper/write/sources/move',
    auth: 'user',
    summary: "Reorder the bibliography (every item id once, in the new order); every section's citations are renumbered",
    tags: ['paper-write'],
    body: z.object({ id: idSchema, order: z.array(idSchema).min(1).max(200) }),
    response: z.array(paperWriteSourceSchema),
    idempotent: true,
  }),
  paperWriteOutlineDefault: endpoint({
    method: 'GET',
    path: '/paper/write/outline/default',
    auth: 'user',
    summary: "The default outline of the project's kind in its language (not saved; load it into the editor, then save)",
    tags: ['paper-write'],
    query: idBody,
    response: z.object({ outline: z.array(paperWriteOutlineNodeSchema) }),
  }),
  /** STREAM: `paperWriteStreamEventSchema` events (start, delta…, outline, end | error). 503 paper_write_model_required with no model. */
  paperWriteOutlineGenerate: endpoint({
    method: 'POST',
    path: '/paper/write/outline/generate',
    auth: 'user',
    summary: 'STREAM (text/event-stream): a model writes the outline from the topic and bibliography; the stored outline is replaced (its revision goes up)',
    tags: ['paper-write'],
    body: z.object({ id: idSchema, model: modelKeySchema.optional() }),
    response: z.null(),
  }),
  paperWriteOutlineSave: endpoint({
    method: 'POST',
    path: '/paper/write/outline/save',
    auth: 'user',
    summary: 'Save an edited outline over the given revision; 409 paper_write_conflict (data: {revision, updated_at}) when it is newer; answers the outline with keys and the drafts',
    tags: ['paper-write'],
    body: z.object({ id: idSchema, revision: z.number().int().min(0), outline: z.array(paperWriteOutlineNodeSchema) }),
    response: z.object({ outline: z.array(paperWriteOutlineSectionSchema), revision: z.number().int(), updated_at: safeString(), drafts: z.array(paperWriteSectionSchema) }),
  }),
  /** STREAM: `paperWriteStreamEventSchema` events (start, delta…, citation…, section, end | error). */
  paperWriteSectionDraft: endpoint({
    method: 'POST',
    path: '/paper/write/section/draft',
    auth: 'user',
    summary: 'STREAM (text/event-stream): write (or rewrite) one section citing only the bibliography as [n]; with no model, fill it with cited extracts',
    tags: ['paper-write'],
    body: sectionBody.extend({
      mode: z.enum(PAPER_WRITE_DRAFT_MODES).default('auto'),
      /** An extra wish for this generation ("shorter", "compare [2] and [3]"). */
      instruction: safeString().trim().max(PAPER_WRITE_BRIEF_MAX, 'paper_write_brief_too_long').optional(),
      model: modelKeySchema.optional(),
    }),
    response: z.null(),
  }),
  /** STREAM: `paperWriteStreamEventSchema` events (start, delta…, section with its proposal, end | error). 503 paper_write_model_required with no model. */
  paperWriteSectionPolish: endpoint({
    method: 'POST',
    path: '/paper/write/section/polish',
    auth: 'user',
    summary: "STREAM (text/event-stream): polish a section's text; the result is stored as a proposal (revised text and change table), the text is unchanged",
    tags: ['paper-write'],
    body: sectionBody.extend({ model: modelKeySchema.optional() }),
    response: z.null(),
  }),
  paperWriteSectionSave: endpoint({
    method: 'POST',
    path: '/paper/write/section/save',
    auth: 'user',
    summary: "Save a section's text edited by the user over its revision (409 paper_write_conflict when newer; 400 paper_write_citation_invalid for a [n] outside the bibliography); clears a proposal",
    tags: ['paper-write'],
    body: sectionBody.extend({
      revision: z.number().int().min(0),
      text: safeString().max(PAPER_WRITE_SECTION_TEXT_MAX, 'paper_write_text_too_long'),
    }),
    response: paperWriteSectionSchema,
  }),
  paperWriteProposalDiscard: endpoint({
    method: 'POST',
    path: '/paper/write/section/proposal/discard',
    auth: 'user',
    summary: "Discard a section's polish proposal",
    tags: ['paper-write'],
    body: sectionBody,
    response: paperWriteSectionSchema,
    idempotent: true,
  }),
  adminPaperWriteConfig: endpoint({
    method: 'GET',
    path: '/admin/paper/write/config',
    auth: 'admin',
    summary: 'Paper writing: open or closed, and the price in word counts per 1,000 words',
    tags: ['admin', 'paper-write'],
    response: paperWriteConfigSchema,
  }),
  adminSetPaperWriteConfig: endpoint({
    method: 'POST',
    path: '/admin/paper/write/config',
    auth: 'admin',
    summary: 'Open or close paper writing and set its price',
    tags: ['admin', 'paper-write'],
    body: paperWriteConfigSchema,
    response: paperWriteConfigSchema,
  }),
};
