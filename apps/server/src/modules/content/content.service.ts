import type { HelpDetail, HelpItem, Locale, NewsDetail, NewsItem, ContentCategory, ContentCategoryKind } from '@xueba/contract';
import type { AppContext } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import { pageOffset } from '../../platform/http/paging.js';
import { ContentRepository, type ArticleRow, type CategoryRow, type VersionRow } from './content.repository.js';
import { categoryName, pickVersion } from './content-present.js';

/** The help centre lists at most this many entries of each kind (a search narrows it). */
const HELP_LIST_LIMIT = 200;

/** News and the help centre as readers see them: published, their time come, in their language. */
export class ContentService {
  private readonly repo = new ContentRepository();

  constructor(private readonly ctx: AppContext) {}

  private async categories(kind: ContentCategoryKind, locale: Locale): Promise<{ list: ContentCategory[]; byId: Map<number, CategoryRow> }> {
    const rows = await this.repo.categories(this.ctx.db, kind);
    return { list: rows.map((r) => ({ id: r.id, name: categoryName(r, locale)! })), byId: new Map(rows.map((r) => [r.id, r])) };
  }

  private async shown(rows: ArticleRow[], locale: Locale): Promise<{ row: ArticleRow; version: VersionRow }[]> {
    const versions = await this.repo.versions(this.ctx.db, rows.map((r) => r.id), [...new Set<Locale>([locale, 'zh'])]);
    return rows.flatMap((row) => {
      const version = pickVersion(versions.get(row.id) ?? [], locale);
      return version ? [{ row, version }] : [];
    });
  }

  private newsItem(row: ArticleRow, version: VersionRow, categories: Map<number, CategoryRow>, locale: Locale): NewsItem {
    return {
      id: row.id,
      title: version.title,
      summary: version.summary || version.body_text.slice(0, 160),
      cover: row.cover,
      category_id: row.category_id,
      category_name: categoryName(row.category_id ? categories.get(row.category_id) : undefined, locale),
      published_at: row.publish_at!.toISOString(),
      view_count: row.view_count,
      locale: version.locale,
    };
  }

  async newsList(query: { page_no: number; page_size: number; category_id?: number; q?: string }, locale: Locale) {
    const now = this.ctx.now();
    const [{ list, byId }, found] = await Promise.all([
      this.categories('news', locale),
      this.repo.visibleNews(this.ctx.db, now, { category_id: query.category_id, q: query.q, locale, limit: query.page_size, offset: pageOffset(query) }),
    ]);
    const lists = (await this.shown(found.rows, locale)).map(({ row, version }) => this.newsItem(row, version, byId, locale));
    return { lists, count: found.count, page_no: query.page_no, page_size: query.page_size, categories: list };
  }

  /** Reading an article counts a view (each opening of the page asks once). */
  async newsDetail(id: number, locale: Locale): Promise<NewsDetail> {
    const now = this.ctx.now();
    const row = await this.repo.visibleArticle(this.ctx.db, now, ['news'], id);
    if (!row) throw notFound('content_not_found');
    const views = await this.repo.countView(this.ctx.db, id);
    const [{ byId }, prev, next] = await Promise.all([this.categories('news', locale), this.repo.neighbour(this.ctx.db, now, row, true), this.repo.neighbour(this.ctx.db, now, row, false)]);
    const shown = await this.shown([row, ...(prev ? [prev] : []), ...(next ? [next] : [])], locale);
    const own = shown.find((s) => s.row.id === row.id);
    if (!own) throw notFound('content_not_found');
    const link = (r: ArticleRow | undefined) => {
      const found = r && shown.find((s) => s.row.id === r.id);
      return found ? { id: found.row.id, title: found.version.title } : null;
    };
    return { ...this.newsItem({ ...row, view_count: views }, own.version, byId, locale), body: own.version.body, prev: link(prev), next: link(next) };
  }

  private helpItem(row: ArticleRow, version: VersionRow): HelpItem {
    const faq = row.kind === 'faq';
    return {
      id: row.id,
      kind: faq ? 'faq' : 'help',
      title: version.title,
      summary: version.summary || version.body_text.slice(0, 160),
      category_id: row.category_id,
      body: faq ? version.body : null,
      locale: version.locale,
    };
  }

  async helpList(query: { category_id?: number; q?: string }, locale: Locale) {
    const now = this.ctx.now();
    const [{ list }, rows] = await Promise.all([this.categories('help', locale), this.repo.visibleHelp(this.ctx.db, now, { ...query, locale, limit: HELP_LIST_LIMIT })]);
    const items = (await this.shown(rows, locale)).map(({ row, version }) => this.helpItem(row, version));
    return { categories: list, articles: items.filter((i) => i.kind === 'help'), faq: items.filter((i) => i.kind === 'faq') };
  }

  async helpDetail(id: number, locale: Locale): Promise<HelpDetail> {
    const row = await this.repo.visibleArticle(this.ctx.db, this.ctx.now(), ['help', 'faq'], id);
    const [shown] = row ? await this.shown([row], locale) : [];
    if (!row || !shown) throw notFound('content_not_found');
    const category = row.category_id ? await this.repo.category(this.ctx.db, row.category_id) : undefined;
    return { ...this.helpItem(row, shown.version), body: shown.version.body, category_name: categoryName(category, locale), updated_at: row.updated_at.toISOString() };
  }
}
