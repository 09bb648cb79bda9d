import {
  Code,
  PAPER_WRITE_SOURCES_MAX,
  paperWriteConfigSchema,
  type Locale,
  type PaperWriteConfig,
  type PaperWriteExportFormat,
  type PaperWriteStyle,
  type PaperWriteDetail,
  type PaperWriteItem,
  type PaperWriteOptions,
  type PaperWriteOutlineNode,
  type PaperWriteSection,
  type PaperWriteSource,
  type PaperWriteSuggest,
  type paperWriteCreateSchema,
  type paperWriteUpdateSchema,
} from '@xueba/contract';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { transaction, type Db, type Tx } from '../../platform/db/transaction.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.js';
import { pageOffset } from '../../platform/http/paging.js';
import type { Logger } from '../../platform/logger.js';
import type { DocService } from '../doc/doc.service.js';
import type { ModelsService } from '../models/models.service.js';
import type { PaperService } from '../paper/paper.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { UserInfoService } from '../user/user-info.service.js';
import { docSnapshot, paperSnapshot, presentSource } from './bibliography.js';
import { citationCounts, invalidCitations, rewriteCitations } from './citations.js';
import { defaultOutline, flatten, keyOutline, outlineKeys, unkeyed } from './outline.js';
import { PaperWriteRepository, type ProjectRow, type SourceRow } from './paper-write.repository.js';
import { presentItem, presentSection, wordsOf } from './present.js';
import { exportPaper, type ExportFile } from './export/index.js';

type CreateBody = z.output<typeof paperWriteCreateSchema>;
type UpdateBody = z.output<typeof paperWriteUpdateSchema>;

const CONFIG_KEY = 'paper_write_config';
const CONFIG_DEFAULT: PaperWriteConfig = { is_open: true, price: 0 };
/** Pages of a document read for its opening (the snapshot's abstract). */
const OPENING_PAGES = 3;

export interface PaperWriteDeps {
  settings: Pick<SettingsService, 'getRaw' | 'setRaw'>;
  papers: Pick<PaperService, 'search' | 'paper'>;
  docs: Pick<DocService, 'get'>;
  userInfo: Pick<UserInfoService, 'get'>;
  models: Pick<ModelsService, 'resolve'>;
}

/**
 * Writing projects: the project, its bibliography (snapshots, renumbering),
 * its outline (revisions), the user's edits of a section, the options and
 * the admin's settings. Model work is in PaperWriteStreams.
 */
export class PaperWriteService {
  readonly repo = new PaperWriteRepository();

  constructor(
    private readonly ctx: AppContext,
    private readonly deps: PaperWriteDeps,
  ) {}

  async config(): Promise<PaperWriteConfig> {
    const stored = paperWriteConfigSchema.partial().safeParse(await this.deps.settings.getRaw(CONFIG_KEY));
    return { ...CONFIG_DEFAULT, ...(stored.success ? stored.data : {}) };
  }

  async setConfig(config: PaperWriteConfig): Promise<PaperWriteConfig> {
    await this.deps.settings.setRaw(CONFIG_KEY, config);
    return this.config();
  }

  async requireOpen(): Promise<PaperWriteConfig> {
    const config = await this.config();
    if (!config.is_open) throw new AppError('paper_write_closed', 403);
    return config;
  }

  /** Spec §3: the `paper` membership, as the admin's packages grant it. */
  async membership(userId: number): Promise<{ active: boolean; expires_at: string | null; word_count: number }> {
    const info = await this.deps.userInfo.get(userId);
    const now = this.ctx.now().getTime();
    const expiry = (m: { expires_at: string | null }) => (m.expires_at === null ? Infinity : Date.parse(m.expires_at));
    const active = (info?.memberships ?? []).filter((m) => m.kind === 'paper' && expiry(m) > now).sort((a, b) => expiry(b) - expiry(a))[0];
    return { active: Boolean(active), expires_at: active?.expires_at ?? null, word_count: info?.balance.word_count ?? 0 };
  }

  async options(userId: number, locale: Locale): Promise<PaperWriteOptions> {
    const [config, model, member] = await Promise.all([this.config(), this.deps.models.resolve(undefined, locale), this.membership(userId)]);
    return { ...config, model: model.client !== null, member: member.active, member_expires_at: member.expires_at, word_count: member.word_count };
  }

  async owned(db: Db | Tx, userId: number, id: number): Promise<ProjectRow> {
    const row = await this.repo.project(db, userId, id);
    if (!row) throw notFound('paper_write_not_found');
    return row;
  }

  async create(userId: number, body: CreateBody, locale: Locale): Promise<PaperWriteDetail> {
    await this.requireOpen();
    const row = await this.repo.insertProject(this.ctx.db, { user_id: userId, ...body, outline: defaultOutline(body.kind, body.language), now: this.ctx.now() });
    return this.detail(userId, row.id, locale);
  }

  async list(userId: number, query: { page_no: number; page_size: number; keyword?: string }) {
    const { rows, count } = await this.repo.list(this.ctx.db, userId, query.keyword || undefined, query.page_size, pageOffset(query));
    const stats = await this.repo.stats(this.ctx.db, rows.map((r) => r.id));
    return { lists: rows.map((r) => presentItem(r, stats.get(r.id)!, flatten(r.outline).length)), count, page_no: query.page_no, page_size: query.page_size };
  }

  async item(userId: number, id: number): Promise<PaperWriteItem> {
    const row = await this.owned(this.ctx.db, userId, id);
    const stats = await this.repo.stats(this.ctx.db, [id]);
    return presentItem(row, stats.get(id)!, flatten(row.outline).length);
  }

  async detail(userId: number, id: number, locale: Locale): Promise<PaperWriteDetail> {
    const row = await this.owned(this.ctx.db, userId, id);
    const [sources, sectionRows] = await Promise.all([this.repo.sources(this.ctx.db, id), this.repo.sections(this.ctx.db, id)]);
    const flat = flatten(row.outline);
    const byKey = new Map(sectionRows.map((s) => [s.key, s]));
    const drafts = flat.map((f) => presentSection(f, byKey.get(f.key), locale));
    const bibliography = await this.presentSources(userId, row, sources, drafts);
    const written = drafts.filter((d) => (d.status === 'done' || d.status === 'extract') && d.text !== '').length;
    return {
      ...presentItem(row, { sources: sources.length, written, generating: drafts.filter((d) => d.status === 'generating').length, words: drafts.reduce((n, d) => n + d.words, 0) }, flat.length),
      bibliography,
      outline: row.outline,
      outline_revision: row.outline_revision,
      outline_updated_at: row.outline_updated_at.toISOString(),
      drafts,
    };
  }

  /** The bibliography in the project's style; `available` says whether the original (document, local paper) is still there. */
  async presentSources(userId: number, project: ProjectRow, sources: SourceRow[], drafts: { text: string }[]): Promise<PaperWriteSource[]> {
    const counts = new Map<number, number>();
    for (const d of drafts) for (const [n, c] of citationCounts(d.text)) counts.set(n, (counts.get(n) ?? 0) + c);
    const docIds = sources.filter((s) => s.kind === 'doc').map((s) => Number(s.ref));
    const localIds = sources.filter((s) => s.kind === 'paper' && /^\d+$/.test(s.ref)).map((s) => Number(s.ref));
    const [docs, papers] = await Promise.all([this.repo.existingDocs(this.ctx.db, userId, docIds), this.repo.existingPapers(this.ctx.db, localIds)]);
    return sources.map((s, i) => {
      // Remote papers are not asked again on every view: their snapshot cites them whether or not they still answer.
      const available = s.kind === 'doc' ? docs.has(Number(s.ref)) : /^\d+$/.test(s.ref) ? papers.has(Number(s.ref)) : true;
      return presentSource(s, i + 1, project.style, available, counts.get(i + 1) ?? 0);
    });
  }

  async update(userId: number, body: UpdateBody): Promise<PaperWriteItem> {
    const { id, ...patch } = body;
    const row = await this.repo.updateProject(this.ctx.db, userId, id, patch, this.ctx.now());
    if (!row) throw notFound('paper_write_not_found');
    return this.item(userId, id);
  }

  async delete(userId: number, id: number): Promise<void> {
    const row = await this.repo.project(this.ctx.db, userId, id);
    if (!row) return;
    if (await this.repo.anyGenerating(this.ctx.db, id)) throw conflict('paper_write_busy');
    await this.repo.deleteProject(this.ctx.db, userId, id);
  }

  /** The paper search's proposals for the topic (or the keyword), as the search itself answers them, marked when already kept. */
  async suggest(userId: number, query: { id: number; keyword?: string; page_no: number; page_size: number }, locale: Locale, log?: Logger): Promise<PaperWriteSuggest> {
    const row = await this.owned(this.ctx.db, userId, query.id);
    const keyword = query.keyword || [...row.topic].slice(0, 200).join('');
    const [result, sources] = await Promise.all([
      this.deps.papers.search({ keyword, page_no: query.page_no, page_size: query.page_size, sort: 'relevance' }, locale, log),
      this.repo.sources(this.ctx.db, row.id),
    ]);
    const kept = new Set(sources.filter((s) => s.kind === 'paper').map((s) => s.ref));
    return { lists: result.lists.map((p) => ({ ...p, kept: kept.has(p.id) })), count: result.count, page_no: result.page_no, page_size: result.page_size, query: keyword, source: result.source, hint: result.hint, skipped: result.skipped };
  }

  async addSource(userId: number, body: { id: number; paper_id?: string; doc_id?: number }, locale: Locale): Promise<PaperWriteSource[]> {
    const row = await this.owned(this.ctx.db, userId, body.id);
    // Read outside the transaction: a remote paper's lookup may take seconds, and PGlite has one connection.
    const kind = body.paper_id !== undefined ? 'paper' : 'doc';
    const ref = body.paper_id ?? String(body.doc_id);
    const existing = await this.repo.sources(this.ctx.db, row.id);
    if (!existing.some((s) => s.kind === kind && s.ref === ref)) {
      if (existing.length >= PAPER_WRITE_SOURCES_MAX) throw badRequest('paper_write_sources_too_many', { max: PAPER_WRITE_SOURCES_MAX });
      const snapshot = body.paper_id !== undefined ? paperSnapshot(await this.deps.papers.paper(body.paper_id)) : await this.docOpening(userId, body.doc_id!);
      await transaction(this.ctx.db, async (tx) => {
        await this.lock(tx, userId, row.id);
        const count = (await this.repo.sources(tx, row.id)).length;
        if (count >= PAPER_WRITE_SOURCES_MAX) throw badRequest('paper_write_sources_too_many', { max: PAPER_WRITE_SOURCES_MAX });
        await this.repo.addSource(tx, row.id, kind, ref, snapshot, this.ctx.now());
        await this.repo.touch(tx, row.id, this.ctx.now());
      });
    }
    return this.sourcesOf(userId, row.id, locale);
  }

  private async docOpening(userId: number, docId: number) {
    const doc = await this.deps.docs.get(userId, docId);
    const pages = await this.repo.docPages(this.ctx.db, doc.id, OPENING_PAGES);
    return docSnapshot(doc, pages.map((p) => p.text).join('\n'));
  }

  async sourcesOf(userId: number, id: number, locale: Locale): Promise<PaperWriteSource[]> {
    return (await this.detail(userId, id, locale)).bibliography;
  }

  private async lock(tx: Tx, userId: number, id: number): Promise<ProjectRow> {
    const row = await this.repo.lockProject(tx, userId, id);
    if (!row) throw notFound('paper_write_not_found');
    return row;
  }

  async removeSource(userId: number, id: number, sourceId: number, locale: Locale): Promise<PaperWriteSource[]> {
    await transaction(this.ctx.db, async (tx) => {
      await this.lock(tx, userId, id);
      const sources = await this.repo.sources(tx, id);
      if (!sources.some((s) => s.id === sourceId)) return;
      const order = sources.filter((s) => s.id !== sourceId).map((s) => s.id);
      await this.reorder(tx, id, sources, order);
      await this.repo.deleteSource(tx, id, sourceId);
    });
    return this.sourcesOf(userId, id, locale);
  }

  async moveSource(userId: number, id: number, order: number[], locale: Locale): Promise<PaperWriteSource[]> {
    await transaction(this.ctx.db, async (tx) => {
      await this.lock(tx, userId, id);
      const sources = await this.repo.sources(tx, id);
      const ids = new Set(sources.map((s) => s.id));
      if (order.length !== sources.length || new Set(order).size !== order.length || order.some((o) => !ids.has(o))) throw badRequest('paper_write_order_invalid');
      await this.reorder(tx, id, sources, order);
    });
    return this.sourcesOf(userId, id, locale);
  }

  /**
   * The bibliography becomes `order` (item ids; one left out is being
   * removed): positions are rewritten and so is every `[n]` of every section,
   * in the same transaction, so text and list never disagree. A section whose
   * text changed gets a new revision (an editor open on the old numbers must
   * reload rather than save them back); one that lost citations says which.
   */
  private async reorder(tx: Tx, projectId: number, sources: SourceRow[], order: number[]): Promise<void> {
    const oldNumber = new Map(sources.map((s, i) => [s.id, i + 1]));
    const mapping = new Map<number, number>();
    order.forEach((sourceId, i) => mapping.set(oldNumber.get(sourceId)!, i + 1));
    const map = (n: number) => mapping.get(n) ?? null;
    const now = this.ctx.now();
    for (const section of await this.repo.sections(tx, projectId)) {
      if (section.status === 'generating' || section.text === '') continue;
      const result = rewriteCitations(section.text, (n) => (n >= 1 && n <= sources.length ? map(n) : null));
      const proposal = section.proposal ? { ...section.proposal, revised: rewriteCitations(section.proposal.revised, (n) => (n >= 1 && n <= sources.length ? map(n) : null)).text } : null;
      if (result.text === section.text && proposal?.revised === section.proposal?.revised) continue;
      const lost = result.removed.length > 0;
      await this.repo.patchSection(tx, projectId, section.key, {
        text: result.text,
        words: wordsOf(result.text),
        proposal,
        ...(lost ? { invalid_citations: result.removed, notice: 'paper_write_citations_removed' } : {}),
        bump: true,
        now,
      });
    }
    await this.repo.setPositions(tx, projectId, order);
    await this.repo.touch(tx, projectId, now);
  }

  async outlineDefault(userId: number, id: number): Promise<{ outline: PaperWriteOutlineNode[] }> {
    const row = await this.owned(this.ctx.db, userId, id);
    return { outline: unkeyed(defaultOutline(row.kind, row.language)) };
  }

  /**
   * Saves over the revision the editor loaded (409 paper_write_conflict with
   * the stored revision otherwise). Drafts follow their keys; a section taken
   * out of the outline loses its draft. Refused while a section that would
   * be removed is generating.
   */
  async saveOutline(userId: number, body: { id: number; revision: number; outline: PaperWriteOutlineNode[] }, locale: Locale) {
    const row = await this.owned(this.ctx.db, userId, body.id);
    const outline = keyOutline(body.outline, outlineKeys(row.outline));
    const keys = [...outlineKeys(outline)];
    const saved = await transaction(this.ctx.db, async (tx) => {
      const stored = await this.repo.saveOutline(tx, userId, body.id, body.revision, outline, this.ctx.now());
      if (!stored) return null;
      const generating = (await this.repo.sections(tx, body.id)).filter((s) => s.status === 'generating' && !keys.includes(s.key));
      if (generating.length > 0) throw conflict('paper_write_generating');
      await this.repo.deleteSectionsNotIn(tx, body.id, keys);
      return stored;
    });
    if (!saved) {
      const current = await this.owned(this.ctx.db, userId, body.id);
      throw new AppError('paper_write_conflict', 409, {}, Code.FAIL, { revision: current.outline_revision, updated_at: current.outline_updated_at.toISOString() });
    }
    const detail = await this.detail(userId, body.id, locale);
    return { outline: detail.outline, revision: detail.outline_revision, updated_at: detail.outline_updated_at, drafts: detail.drafts };
  }

  /** The outline entry of a section key, and the project; 404 for a key the outline does not have. */
  async sectionOf(userId: number, id: number, key: string) {
    const row = await this.owned(this.ctx.db, userId, id);
    const flat = flatten(row.outline);
    const section = flat.find((f) => f.key === key);
    if (!section) throw notFound('paper_write_section_not_found');
    return { row, flat, section };
  }

  /** The user's own text of a section, over its revision; a citation of nothing is refused, naming it. */
  async saveSection(userId: number, body: { id: number; section: string; revision: number; text: string }, locale: Locale): Promise<PaperWriteSection> {
    const { section } = await this.sectionOf(userId, body.id, body.section);
    const sources = await this.repo.sources(this.ctx.db, body.id);
    const invalid = invalidCitations(body.text, sources.length);
    if (invalid.length > 0) throw badRequest('paper_write_citation_invalid', { numbers: invalid.map((n) => `[${n}]`).join(', '), max: sources.length });
    const now = this.ctx.now();
    const patch = { text: body.text, words: wordsOf(body.text), status: body.text.trim() ? ('done' as const) : ('empty' as const), by_model: false, invalid_citations: [], notice: null, proposal: null, bump: true, now };
    let saved = await this.repo.patchSection(this.ctx.db, body.id, body.section, patch, { revision: body.revision });
    if (!saved && body.revision === 0) saved = await this.repo.insertSection(this.ctx.db, body.id, body.section, { text: patch.text, words: patch.words, status: patch.status, now });
    if (!saved) {
      const current = await this.repo.section(this.ctx.db, body.id, body.section);
      if (current?.status === 'generating') throw conflict('paper_write_generating');
      throw new AppError('paper_write_conflict', 409, {}, Code.FAIL, { revision: current?.revision ?? 0, updated_at: current?.updated_at?.toISOString() ?? now.toISOString() });
    }
    await this.repo.touch(this.ctx.db, body.id, now);
    return presentSection(section, saved, locale);
  }

  async discardProposal(userId: number, id: number, key: string, locale: Locale): Promise<PaperWriteSection> {
    const { section } = await this.sectionOf(userId, id, key);
    const row = (await this.repo.patchSection(this.ctx.db, id, key, { proposal: null, now: this.ctx.now() })) ?? (await this.repo.section(this.ctx.db, id, key));
    return presentSection(section, row, locale);
  }

  /** The paper as a file: every section of the outline in order (an unwritten one as its heading), the bibliography from its snapshots. */
  async exportFile(userId: number, id: number, format: PaperWriteExportFormat, style: PaperWriteStyle | undefined): Promise<ExportFile> {
    const row = await this.owned(this.ctx.db, userId, id);
    const [sources, sections] = await Promise.all([this.repo.sources(this.ctx.db, id), this.repo.sections(this.ctx.db, id)]);
    const text = new Map(sections.filter((s) => s.status !== 'generating').map((s) => [s.key, s.text]));
    return exportPaper(
      {
        title: row.title,
        language: row.language,
        style: style ?? row.style,
        sections: flatten(row.outline).map((f) => ({ number: f.number, level: f.level, heading: f.heading, text: text.get(f.key) ?? '' })),
        bibliography: sources.map((s) => s.snapshot),
      },
      format,
    );
  }
}
