import { sql, type Selectable } from 'kysely';
import type { PaperWriteOutlineSection, PaperWriteProposal, PaperWriteSectionStatus, PaperWriteSourceKind } from '@xueba/contract';
import type { Db, Tx } from '../../platform/db/transaction.js';
import { likePattern } from '../chat/chat.repository.js';
import type { PaperWriteGenerationsTable, PaperWriteProjectsTable, PaperWriteSectionsTable, PaperWriteSourcesTable, SourceSnapshot } from './paper-write.tables.js';

export type ProjectRow = Selectable<PaperWriteProjectsTable>;
export type SourceRow = Selectable<PaperWriteSourcesTable>;
export type SectionRow = Selectable<PaperWriteSectionsTable>;
export type GenerationRow = Selectable<PaperWriteGenerationsTable>;

/** A project with the figures its list item shows. */
export interface ProjectStats {
  sources: number;
  written: number;
  generating: number;
  words: number;
}

export type NewProject = Omit<ProjectRow, 'id' | 'outline' | 'outline_revision' | 'created_at' | 'updated_at' | 'outline_updated_at'> & { outline: PaperWriteOutlineSection[]; now: Date };

/** How a section changes; what is left out keeps its value. */
export interface SectionPatch {
  status?: PaperWriteSectionStatus;
  text?: string;
  words?: number;
  by_model?: boolean;
  invalid_citations?: number[];
  notice?: string | null;
  proposal?: PaperWriteProposal | null;
  generation_id?: number | null;
  /** Raise the revision (the text changed). */
  bump?: boolean;
  now: Date;
}

/** All SQL of paper writing: projects and their outline, the bibliography, section drafts and model generations. */
export class PaperWriteRepository {
  insertProject(db: Db | Tx, p: NewProject): Promise<ProjectRow> {
    const { now, outline, ...rest } = p;
    return db
      .insertInto('paper_write_projects')
      .values({ ...rest, outline: JSON.stringify(outline), outline_revision: 1, outline_updated_at: now, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** The owner's project; someone else's is not found, like a missing one. */
  project(db: Db | Tx, userId: number, id: number): Promise<ProjectRow | undefined> {
    return db.selectFrom('paper_write_projects').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  }

  /** The project row locked for the rest of the transaction (bibliography changes renumber every section under it). */
  lockProject(tx: Tx, userId: number, id: number): Promise<ProjectRow | undefined> {
    return tx.selectFrom('paper_write_projects').selectAll().where('id', '=', id).where('user_id', '=', userId).forUpdate().executeTakeFirst();
  }

  async list(db: Db, userId: number, keyword: string | undefined, limit: number, offset: number): Promise<{ rows: ProjectRow[]; count: number }> {
    let query = db.selectFrom('paper_write_projects').where('user_id', '=', userId);
    if (keyword) {
      const pattern = likePattern(keyword);
      query = query.where((eb) => eb.or([eb('title', 'ilike', pattern), eb('topic', 'ilike', pattern)]));
    }
    const [rows, total] = await Promise.all([
      query.selectAll().orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
      query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, count: Number(total.n) };
  }

  /** Sources, written and generating sections and words of each project (sections still in its outline are counted by the caller; these are all rows). */
  async stats(db: Db | Tx, projectIds: number[]): Promise<Map<number, ProjectStats>> {
    const out = new Map<number, ProjectStats>(projectIds.map((id) => [id, { sources: 0, written: 0, generating: 0, words: 0 }]));
    if (projectIds.length === 0) return out;
    const [sources, sections] = await Promise.all([
      db.selectFrom('paper_write_sources').select(['project_id', (eb) => eb.fn.countAll<string>().as('n')]).where('project_id', 'in', projectIds).groupBy('project_id').execute(),
      db
        .selectFrom('paper_write_sections')
        .select([
          'project_id',
          sql<string>`count(*) FILTER (WHERE status IN ('done', 'extract') AND text <> '')`.as('written'),
          sql<string>`count(*) FILTER (WHERE status = 'generating')`.as('generating'),
          sql<string>`coalesce(sum(words), 0)`.as('words'),
        ])
        .where('project_id', 'in', projectIds)
        .groupBy('project_id')
        .execute(),
    ]);
    for (const s of sources) out.get(s.project_id)!.sources = Number(s.n);
    for (const s of sections) Object.assign(out.get(s.project_id)!, { written: Number(s.written), generating: Number(s.generating), words: Number(s.words) });
    return out;
  }

  updateProject(db: Db | Tx, userId: number, id: number, patch: Partial<Pick<ProjectRow, 'title' | 'topic' | 'discipline' | 'kind' | 'language' | 'target_length' | 'style'>>, now: Date): Promise<ProjectRow | undefined> {
    return db.updateTable('paper_write_projects').set({ ...patch, updated_at: now }).where('id', '=', id).where('user_id', '=', userId).returningAll().executeTakeFirst();
  }

  touch(db: Db | Tx, id: number, now: Date): Promise<unknown> {
    return db.updateTable('paper_write_projects').set({ updated_at: now }).where('id', '=', id).execute();
  }

  async deleteProject(db: Db | Tx, userId: number, id: number): Promise<boolean> {
    const result = await db.deleteFrom('paper_write_projects').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Saves over `revision`; null when the stored outline is newer (or the project is not the user's). */
  saveOutline(db: Db | Tx, userId: number, id: number, revision: number | null, outline: PaperWriteOutlineSection[], now: Date): Promise<ProjectRow | undefined> {
    let query = db
      .updateTable('paper_write_projects')
      .set((eb) => ({ outline: JSON.stringify(outline), outline_revision: eb('outline_revision', '+', 1), outline_updated_at: now, updated_at: now }))
      .where('id', '=', id)
      .where('user_id', '=', userId);
    if (revision !== null) query = query.where('outline_revision', '=', revision);
    return query.returningAll().executeTakeFirst();
  }

  sources(db: Db | Tx, projectId: number): Promise<SourceRow[]> {
    return db.selectFrom('paper_write_sources').selectAll().where('project_id', '=', projectId).orderBy('position').execute();
  }

  /** Appends an item; an item already kept is left where it is (returns false). */
  async addSource(tx: Tx, projectId: number, kind: PaperWriteSourceKind, ref: string, snapshot: SourceSnapshot, now: Date): Promise<boolean> {
    const last = await tx.selectFrom('paper_write_sources').select((eb) => eb.fn.max('position').as('p')).where('project_id', '=', projectId).executeTakeFirst();
    const result = await tx
      .insertInto('paper_write_sources')
      .values({ project_id: projectId, position: Number(last?.p ?? 0) + 1, kind, ref, snapshot: JSON.stringify(snapshot), created_at: now })
      .onConflict((oc) => oc.columns(['project_id', 'kind', 'ref']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async deleteSource(tx: Tx, projectId: number, sourceId: number): Promise<void> {
    await tx.deleteFrom('paper_write_sources').where('project_id', '=', projectId).where('id', '=', sourceId).execute();
  }

  /** Positions 1..n in the given order (two passes: the positions are not unique, but a reader never sees a half-written order). */
  async setPositions(tx: Tx, projectId: number, ids: number[]): Promise<void> {
    for (const [i, id] of ids.entries()) await tx.updateTable('paper_write_sources').set({ position: i + 1 }).where('project_id', '=', projectId).where('id', '=', id).execute();
  }

  /** Which of these documents still exist (the owner's). */
  async existingDocs(db: Db, userId: number, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await db.selectFrom('documents').select('id').where('user_id', '=', userId).where('id', 'in', ids).execute();
    return new Set(rows.map((r) => r.id));
  }

  /** Which of these local corpus papers (public ids are row numbers) still exist. */
  async existingPapers(db: Db, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await db.selectFrom('papers').select('id').where('source', '=', 'local').where('id', 'in', ids).execute();
    return new Set(rows.map((r) => Number(r.id)));
  }

  /** The text of a document's pages, in order, up to `maxPages`. */
  docPages(db: Db, docId: number, maxPages: number): Promise<{ page: number; text: string }[]> {
    return db.selectFrom('doc_pages').select(['page', 'text']).where('doc_id', '=', docId).orderBy('page').limit(maxPages).execute();
  }

  sections(db: Db | Tx, projectId: number): Promise<SectionRow[]> {
    return db.selectFrom('paper_write_sections').selectAll().where('project_id', '=', projectId).execute();
  }

  section(db: Db | Tx, projectId: number, key: string): Promise<SectionRow | undefined> {
    return db.selectFrom('paper_write_sections').selectAll().where('project_id', '=', projectId).where('key', '=', key).executeTakeFirst();
  }

  /** Drafts of sections no longer in the outline go with them. */
  async deleteSectionsNotIn(tx: Db | Tx, projectId: number, keys: string[]): Promise<void> {
    let query = tx.deleteFrom('paper_write_sections').where('project_id', '=', projectId);
    if (keys.length > 0) query = query.where('key', 'not in', keys);
    await query.execute();
  }

  async anyGenerating(db: Db | Tx, projectId: number): Promise<boolean> {
    const row = await db.selectFrom('paper_write_sections').select('key').where('project_id', '=', projectId).where('status', '=', 'generating').limit(1).executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Marks the section generating for this generation, unless it already is
   * (another tab or process is writing it): false then. The row is made when
   * the section has none yet.
   */
  async claimSection(tx: Tx, projectId: number, key: string, generationId: number, now: Date): Promise<boolean> {
    await tx.insertInto('paper_write_sections').values({ project_id: projectId, key, status: 'empty', notice: null, generation_id: null, updated_at: null }).onConflict((oc) => oc.columns(['project_id', 'key']).doNothing()).execute();
    const result = await tx
      .updateTable('paper_write_sections')
      .set({ status: 'generating', generation_id: generationId, notice: null, updated_at: now })
      .where('project_id', '=', projectId)
      .where('key', '=', key)
      .where('status', '<>', 'generating')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Writes a section. `generationId`: only while that generation still holds
   * it (a section whose outline entry was removed meanwhile is gone and stays
   * gone); `revision`: only over that revision (a user's save).
   */
  async patchSection(db: Db | Tx, projectId: number, key: string, patch: SectionPatch, guard: { generationId?: number; revision?: number } = {}): Promise<SectionRow | undefined> {
    const { bump, now, invalid_citations, proposal, ...rest } = patch;
    let query = db
      .updateTable('paper_write_sections')
      .set((eb) => ({
        ...rest,
        ...(invalid_citations !== undefined ? { invalid_citations: JSON.stringify(invalid_citations) } : {}),
        ...(proposal !== undefined ? { proposal: proposal === null ? null : JSON.stringify(proposal) } : {}),
        ...(bump ? { revision: eb('revision', '+', 1) } : {}),
        updated_at: now,
      }))
      .where('project_id', '=', projectId)
      .where('key', '=', key);
    if (guard.generationId !== undefined) query = query.where('generation_id', '=', guard.generationId).where('status', '=', 'generating');
    if (guard.revision !== undefined) query = query.where('revision', '=', guard.revision).where('status', '<>', 'generating');
    return query.returningAll().executeTakeFirst();
  }

  /** A user's save of a section that has no row yet (never written). */
  async insertSection(db: Db | Tx, projectId: number, key: string, patch: { text: string; words: number; status: PaperWriteSectionStatus; now: Date }): Promise<SectionRow | undefined> {
    return db
      .insertInto('paper_write_sections')
      .values({ project_id: projectId, key, status: patch.status, text: patch.text, words: patch.words, revision: 1, notice: null, generation_id: null, updated_at: patch.now })
      .onConflict((oc) => oc.columns(['project_id', 'key']).doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  insertGeneration(tx: Tx, g: { userId: number; projectId: number; sectionKey: string | null; task: 'outline' | 'draft' | 'polish'; model: string; now: Date }): Promise<GenerationRow> {
    return tx
      .insertInto('paper_write_generations')
      .values({ user_id: g.userId, project_id: g.projectId, section_key: g.sectionKey, task: g.task, status: 'generating', model: g.model, error: null, charged_asset: null, created_at: g.now, updated_at: g.now })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async settleGeneration(db: Db | Tx, id: number, s: { status: 'done' | 'stopped' | 'failed'; words: number; chargedAsset: string | null; charged: number; error: string | null; now: Date }): Promise<void> {
    await db
      .updateTable('paper_write_generations')
      .set({ status: s.status, words: s.words, charged_asset: s.chargedAsset, charged: s.charged, error: s.error, updated_at: s.now })
      .where('id', '=', id)
      .where('status', '=', 'generating')
      .execute();
  }

  /** Sections and generations a dead run left generating (no update since `before`) become failed. */
  async sweep(db: Db, before: Date, now: Date): Promise<number> {
    const sections = await db
      .updateTable('paper_write_sections')
      // A section that had text before the lost run keeps it (done); one that had none is failed.
      .set({ status: sql<'failed' | 'done'>`CASE WHEN text = '' THEN 'failed' ELSE 'done' END`, notice: 'paper_write_interrupted', generation_id: null, updated_at: now })
      .where('status', '=', 'generating')
      .where('updated_at', '<', before)
      .executeTakeFirst();
    await db.updateTable('paper_write_generations').set({ status: 'failed', error: 'paper_write_interrupted', updated_at: now }).where('status', '=', 'generating').where('updated_at', '<', before).execute();
    return Number(sections.numUpdatedRows);
  }
}
