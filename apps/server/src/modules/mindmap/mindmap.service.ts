import { Code, type Locale, type MindmapExportFormat, type MindmapDetail, type MindmapItem, type MindmapNode, type MindmapOptions, type MindmapOrigin, type MindmapShare } from '@xueba/contract';
import type { AppContext } from '../../platform/context.js';
import { randomToken, sha256 } from '../../platform/crypto.js';
import { AppError, conflict, notFound } from '../../platform/errors.js';
import { pageOffset } from '../../platform/http/paging.js';
import type { AnswerGate } from '../../platform/stream/answer-gate.js';
import type { ModelsService } from '../models/models.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { UserInfoService } from '../user/user-info.service.js';
import { checkTree, countNodes, exportMap, formatOfFileName, importMap } from './formats/index.js';
import { noticeText, titleOf } from './mindmap-outline.js';
import { renderMap } from './render/index.js';
import { MindmapRepository, type MindmapListRow, type MindmapRow } from './mindmap.repository.js';

/** Share link tokens: 24 random bytes, stored only as their SHA-256. */
const SHARE_TOKEN_BYTES = 24;
const SHARE_PAGE = '/mind_map/share';

export function presentItem(row: MindmapListRow): MindmapItem {
  return {
    id: row.id,
    title: row.title,
    source: row.source,
    status: row.status,
    revision: row.revision,
    nodes: row.nodes,
    shared: row.share_hash !== null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

function presentDetail(row: MindmapRow, locale: Locale): MindmapDetail {
  return { ...presentItem(row), tree: row.tree, structural: row.structural, notice: row.notice, notice_msg: noticeText(row.notice, locale), source_ref: row.source_ref };
}

/** A user's maps: reading, saving over a revision, history, copies, share links, and the page's options. */
export class MindmapService {
  private readonly repo = new MindmapRepository();

  constructor(
    private readonly ctx: AppContext,
    private readonly deps: { settings: Pick<SettingsService, 'site'>; models: Pick<ModelsService, 'resolve'>; userInfo: Pick<UserInfoService, 'get'> },
    private readonly gate: Pick<AnswerGate, 'isMember'>,
  ) {}

  async options(userId: number, locale: Locale): Promise<MindmapOptions> {
    const config = (await this.deps.settings.site()).mindmap_config;
    const [used, model, member, info] = await Promise.all([
      this.repo.generationsOn(this.ctx.db, userId, this.ctx.now().toISOString().slice(0, 10)),
      this.deps.models.resolve(undefined, locale),
      this.gate.isMember(userId),
      this.deps.userInfo.get(userId),
    ]);
    return { ...config, used_today: used, model: model.client !== null, member, word_count: info?.balance.word_count ?? 0 };
  }

  async detail(userId: number, id: number, locale: Locale): Promise<MindmapDetail> {
    return presentDetail(await this.owned(userId, id), locale);
  }

  async list(userId: number, query: { page_no: number; page_size: number; keyword?: string; source?: MindmapOrigin }) {
    const { rows, count } = await this.repo.list(this.ctx.db, userId, { keyword: query.keyword || undefined, source: query.source }, query.page_size, pageOffset(query));
    return { lists: rows.map(presentItem), count, page_no: query.page_no, page_size: query.page_size };
  }

  /**
   * Saves over the revision the editor loaded. Two tabs saving the same
   * revision: the first wins; the second gets 409 mindmap_conflict with the
   * stored revision in `data`, so it can reload rather than overwrite.
   */
  async save(userId: number, body: { id: number; revision: number; tree: MindmapNode; title?: string }) {
    checkTree(body.tree);
    const nodes = countNodes(body.tree);
    const row = await this.repo.saveTree(this.ctx.db, userId, body.id, body.revision, { tree: body.tree, nodes, title: body.title, now: this.ctx.now() });
    if (row) return { id: row.id, revision: row.revision, nodes: row.nodes, updated_at: row.updated_at.toISOString() };
    const current = await this.owned(userId, body.id);
    if (current.status === 'generating') throw conflict('mindmap_not_ready');
    throw new AppError('mindmap_conflict', 409, {}, Code.FAIL, { revision: current.revision, updated_at: current.updated_at.toISOString() });
  }

  async rename(userId: number, id: number, title: string): Promise<MindmapItem> {
    const row = await this.repo.rename(this.ctx.db, userId, id, title, this.ctx.now());
    if (!row) throw notFound();
    return presentItem(row);
  }

  async delete(userId: number, id: number): Promise<void> {
    if (!(await this.repo.delete(this.ctx.db, userId, id))) throw notFound();
  }

  /** A copy of the map as it is now, without its share link. */
  async duplicate(userId: number, id: number): Promise<MindmapItem> {
    const row = await this.owned(userId, id);
    if (row.status === 'generating') throw conflict('mindmap_not_ready');
    const copy = await this.repo.insert(this.ctx.db, {
      userId,
      title: row.title,
      source: row.source,
      sourceRef: row.source_ref,
      status: row.status,
      tree: row.tree,
      nodes: row.nodes,
      structural: row.structural,
      notice: row.notice,
      model: row.model,
      now: this.ctx.now(),
    });
    return presentItem(copy);
  }

  /** A new read-only link; the token is shown once (only its hash is kept), and an earlier link stops working. */
  async share(userId: number, id: number): Promise<MindmapShare> {
    const row = await this.owned(userId, id);
    if (row.status === 'generating') throw conflict('mindmap_not_ready');
    const token = randomToken(SHARE_TOKEN_BYTES);
    const now = this.ctx.now();
    if (!(await this.repo.setShare(this.ctx.db, userId, id, sha256(token), now))) throw notFound();
    return { token, path: `${SHARE_PAGE}?token=${token}`, created_at: now.toISOString() };
  }

  async revoke(userId: number, id: number): Promise<void> {
    if (!(await this.repo.setShare(this.ctx.db, userId, id, null, this.ctx.now()))) throw notFound();
  }

  /** Anyone with the link: the map's title and tree, nothing of its owner. */
  async shared(token: string) {
    const row = await this.repo.byShareHash(this.ctx.db, sha256(token));
    if (!row) throw notFound('mindmap_share_invalid');
    return { title: row.title, tree: row.tree, updated_at: row.updated_at.toISOString() };
  }

  /** An uploaded md, OPML, FreeMind or XMind file as a new map (the converters refuse what is malformed or over a limit). */
  async importFile(userId: number, filename: string, data: Uint8Array): Promise<{ id: number; title: string; nodes: number }> {
    const format = formatOfFileName(filename);
    if (!format) throw new AppError('mindmap_import_unsupported', 415);
    const base = filename.replace(/^.*[\\/]/, '').replace(/\.[^.]+$/, '');
    const tree = importMap(format, data, base || undefined);
    const row = await this.repo.insert(this.ctx.db, {
      userId,
      title: titleOf(tree.topic || base),
      source: 'import',
      sourceRef: null,
      status: 'done',
      tree,
      nodes: countNodes(tree),
      structural: false,
      notice: null,
      model: null,
      now: this.ctx.now(),
    });
    return { id: row.id, title: row.title, nodes: row.nodes };
  }

  /** The map as a file of the format, named after its title. */
  async exportFile(userId: number, id: number, format: MindmapExportFormat, layout: 'both' | 'right' = 'both'): Promise<{ body: Buffer; contentType: string; filename: string }> {
    const row = await this.owned(userId, id);
    if (row.status === 'generating') throw conflict('mindmap_not_ready');
    const file = format === 'md' || format === 'opml' || format === 'mm' || format === 'xmind' ? exportMap(row.tree, format, row.title) : await renderMap(row.tree, format, { title: row.title, layout });
    return { body: file.body, contentType: file.contentType, filename: `${row.title.replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ').trim() || 'mindmap'}.${file.extension}` };
  }

  async owned(userId: number, id: number): Promise<MindmapRow> {
    const row = await this.repo.byId(this.ctx.db, userId, id);
    if (!row) throw notFound();
    return row;
  }

  /** Maps a dead run left generating become failed, keeping what they had (at start-up; PGlite is one process, so all of them). */
  async sweep(before: Date): Promise<number> {
    return this.repo.failStale(this.ctx.db, before, this.ctx.now());
  }
}
