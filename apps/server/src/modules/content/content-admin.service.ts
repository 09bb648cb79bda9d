import { LOCALES, type AdminContentArticle, type AdminContentCategory, type AdminContentRow, type ContentCategoryKind, type ContentKind, type ContentStatus, type Locale, type adminContentSaveSchema } from '@xueba/contract';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { transaction } from '../../platform/db/transaction.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { pageOffset } from '../../platform/http/paging.js';
import { isStorageImage, richTextToPlain, sanitizeRichText, type RichTextOptions } from '../../platform/html/sanitize.js';
import { ContentRepository, type VersionRow } from './content.repository.js';
import { imageRules, presentAdminArticle, presentCategory } from './content-present.js';

type SaveInput = z.output<typeof adminContentSaveSchema>;

/** The category kind an article kind files under: help articles and FAQ share the help centre's sections. */
function categoryKindOf(kind: ContentKind): ContentCategoryKind {
  return kind === 'news' ? 'news' : 'help';
}

/** Admin → Content: categories and articles of every status, each body sanitised before it is stored. */
export class ContentAdminService {
  private readonly repo = new ContentRepository();
  private readonly rules: RichTextOptions;

  constructor(private readonly ctx: AppContext) {
    this.rules = imageRules(ctx.storage);
  }

  async categories(kind: ContentCategoryKind): Promise<AdminContentCategory[]> {
    const rows = await this.repo.categories(this.ctx.db, kind);
    const counts = await this.repo.articleCounts(this.ctx.db, rows.map((r) => r.id));
    return rows.map((r) => presentCategory(r, counts.get(r.id) ?? 0));
  }

  async saveCategory(body: { id?: number; kind: ContentCategoryKind; names: Record<Locale, string>; sort: number }): Promise<AdminContentCategory> {
    const now = this.ctx.now();
    const names = JSON.stringify(body.names);
    if (body.id === undefined) return presentCategory(await this.repo.insertCategory(this.ctx.db, { kind: body.kind, names, sort: body.sort, created_at: now, updated_at: now }), 0);
    const existing = await this.repo.category(this.ctx.db, body.id);
    if (!existing || existing.kind !== body.kind) throw notFound('content_category_not_found');
    const row = await this.repo.updateCategory(this.ctx.db, body.id, { names, sort: body.sort, updated_at: now });
    if (!row) throw notFound('content_category_not_found');
    const counts = await this.repo.articleCounts(this.ctx.db, [row.id]);
    return presentCategory(row, counts.get(row.id) ?? 0);
  }

  async deleteCategory(id: number): Promise<void> {
    await this.repo.deleteCategory(this.ctx.db, id);
  }

  async list(query: { kind: ContentKind; status?: ContentStatus; q?: string; page_no: number; page_size: number }) {
    const now = this.ctx.now();
    const found = await this.repo.adminList(this.ctx.db, { ...query, limit: query.page_size, offset: pageOffset(query) });
    const versions = await this.repo.versions(this.ctx.db, found.rows.map((r) => r.id));
    const lists: AdminContentRow[] = found.rows.map((row) => {
      const own = versions.get(row.id) ?? [];
      const { versions: _omitted, ...rest } = presentAdminArticle(row, own, now);
      return { ...rest, title: own.find((v) => v.locale === 'zh')?.title ?? '', locales: LOCALES.filter((l) => own.some((v) => v.locale === l)) };
    });
    return { lists, count: found.count, page_no: query.page_no, page_size: query.page_size };
  }

  async detail(id: number): Promise<AdminContentArticle> {
    const row = await this.repo.article(this.ctx.db, id);
    if (!row) throw notFound('content_not_found');
    const versions = await this.repo.versions(this.ctx.db, [id]);
    return presentAdminArticle(row, versions.get(id) ?? [], this.ctx.now());
  }

  /** Locales with a title are kept; Chinese must have a title and a body (every other locale falls back to it). */
  private versions(body: SaveInput): Omit<VersionRow, 'article_id'>[] {
    const out: Omit<VersionRow, 'article_id'>[] = [];
    for (const locale of LOCALES) {
      const version = body.versions[locale];
      if (!version?.title) {
        if (locale === 'zh') throw badRequest('content_title_required');
        continue;
      }
      const clean = sanitizeRichText(version.body, this.rules);
      const text = richTextToPlain(clean);
      if (locale === 'zh' && !text && !/<img\b/.test(clean)) throw badRequest('content_body_required');
      out.push({ locale, title: version.title, summary: version.summary, body: clean, body_text: text });
    }
    return out;
  }

  async save(userId: number, body: SaveInput): Promise<AdminContentArticle> {
    const now = this.ctx.now();
    const versions = this.versions(body);
    if (body.cover && (body.kind !== 'news' || !isStorageImage(body.cover, this.rules))) throw badRequest('content_image_invalid');
    if (body.category_id !== null) {
      const category = await this.repo.category(this.ctx.db, body.category_id);
      if (!category || category.kind !== categoryKindOf(body.kind)) throw notFound('content_category_not_found');
    }
    const id = await transaction(this.ctx.db, async (tx) => {
      const existing = body.id === undefined ? undefined : await this.repo.article(tx, body.id);
      if (body.id !== undefined && (!existing || existing.kind !== body.kind)) throw notFound('content_not_found');
      // Published without a time: now, or the time it already went out (an edit does not move it to the top).
      const keep = existing?.status === 'published' ? existing.publish_at : null;
      const publishAt = body.publish_at ? new Date(body.publish_at) : body.status === 'published' ? (keep ?? now) : null;
      const values = { kind: body.kind, category_id: body.category_id, cover: body.kind === 'news' ? body.cover : null, status: body.status, publish_at: publishAt, sort: body.sort, updated_at: now };
      const row = existing ? await this.repo.updateArticle(tx, existing.id, values) : await this.repo.insertArticle(tx, { ...values, created_by: userId, created_at: now });
      if (!row) throw notFound('content_not_found');
      await this.repo.replaceVersions(tx, row.id, versions);
      return row.id;
    });
    return this.detail(id);
  }

  async delete(id: number): Promise<void> {
    await this.repo.deleteArticle(this.ctx.db, id);
  }
}
