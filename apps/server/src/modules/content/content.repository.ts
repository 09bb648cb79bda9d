import { sql, type Insertable, type Selectable, type SelectQueryBuilder } from 'kysely';
import type { ContentCategoryKind, ContentKind, ContentStatus, Locale } from '@xueba/contract';
import type { Db, Tx } from '../../platform/db/transaction.js';
import type { Database } from '../../platform/db/schema.js';
import type { ContentArticlesTable, ContentCategoriesTable, ContentVersionsTable } from './content.tables.js';
import './content.tables.js';

export type CategoryRow = Selectable<ContentCategoriesTable>;
export type ArticleRow = Selectable<ContentArticlesTable>;
export type VersionRow = Selectable<ContentVersionsTable>;

type ArticleQuery = SelectQueryBuilder<Database, 'content_articles', object>;

/** `%` and `_` typed by a reader are literal characters, not patterns. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** All SQL of news and the help centre. */
export class ContentRepository {
  // ---- categories

  categories(db: Db, kind: ContentCategoryKind): Promise<CategoryRow[]> {
    return db.selectFrom('content_categories').selectAll().where('kind', '=', kind).orderBy('sort').orderBy('id').execute();
  }

  category(db: Db | Tx, id: number): Promise<CategoryRow | undefined> {
    return db.selectFrom('content_categories').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async articleCounts(db: Db, ids: number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .selectFrom('content_articles')
      .select(['category_id', (eb) => eb.fn.countAll<string>().as('n')])
      .where('category_id', 'in', ids)
      .groupBy('category_id')
      .execute();
    return new Map(rows.map((r) => [r.category_id!, Number(r.n)]));
  }

  insertCategory(db: Db | Tx, values: Insertable<ContentCategoriesTable>): Promise<CategoryRow> {
    return db.insertInto('content_categories').values(values).returningAll().executeTakeFirstOrThrow();
  }

  updateCategory(db: Db | Tx, id: number, values: { names: string; sort: number; updated_at: Date }): Promise<CategoryRow | undefined> {
    return db.updateTable('content_categories').set(values).where('id', '=', id).returningAll().executeTakeFirst();
  }

  async deleteCategory(db: Db | Tx, id: number): Promise<void> {
    await db.deleteFrom('content_categories').where('id', '=', id).execute();
  }

  // ---- articles as readers see them

  /** Published articles of these kinds whose time has come. */
  private visible(db: Db, kinds: ContentKind[], now: Date): ArticleQuery {
    return db.selectFrom('content_articles').where('kind', 'in', kinds).where('status', '=', 'published').where('publish_at', '<=', now);
  }

  /** Articles with a version in the reader's language or Chinese (what is shown) holding the words. */
  private matching(query: ArticleQuery, q: string | undefined, locale: Locale): ArticleQuery {
    if (!q) return query;
    const pattern = likePattern(q);
    return query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('content_versions as v')
          .select(sql`1`.as('one'))
          .whereRef('v.article_id', '=', 'content_articles.id')
          .where('v.locale', 'in', [locale, 'zh'])
          .where((eb) => eb.or([eb('v.title', 'ilike', pattern), eb('v.summary', 'ilike', pattern), eb('v.body_text', 'ilike', pattern)])),
      ),
    );
  }

  async visibleNews(db: Db, now: Date, filter: { category_id?: number; q?: string; locale: Locale; limit: number; offset: number }): Promise<{ rows: ArticleRow[]; count: number }> {
    let query = this.matching(this.visible(db, ['news'], now), filter.q, filter.locale);
    if (filter.category_id) query = query.where('category_id', '=', filter.category_id);
    const [rows, total] = await Promise.all([
      query.selectAll().orderBy('publish_at', 'desc').orderBy('id', 'desc').limit(filter.limit).offset(filter.offset).execute(),
      query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst(),
    ]);
    return { rows, count: Number(total?.n ?? 0) };
  }

  visibleHelp(db: Db, now: Date, filter: { category_id?: number; q?: string; locale: Locale; limit: number }): Promise<ArticleRow[]> {
    let query = this.matching(this.visible(db, ['help', 'faq'], now), filter.q, filter.locale);
    if (filter.category_id) query = query.where('category_id', '=', filter.category_id);
    return query.selectAll().orderBy('sort').orderBy('id').limit(filter.limit).execute();
  }

  visibleArticle(db: Db, now: Date, kinds: ContentKind[], id: number): Promise<ArticleRow | undefined> {
    return this.visible(db, kinds, now).selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The visible news published just before (`earlier`) or after this one; ties go by id. */
  neighbour(db: Db, now: Date, article: ArticleRow, earlier: boolean): Promise<ArticleRow | undefined> {
    const at = article.publish_at!;
    return this.visible(db, ['news'], now)
      .selectAll()
      .where((eb) =>
        earlier
          ? eb.or([eb('publish_at', '<', at), eb.and([eb('publish_at', '=', at), eb('id', '<', article.id)])])
          : eb.or([eb('publish_at', '>', at), eb.and([eb('publish_at', '=', at), eb('id', '>', article.id)])]),
      )
      .orderBy('publish_at', earlier ? 'desc' : 'asc')
      .orderBy('id', earlier ? 'desc' : 'asc')
      .limit(1)
      .executeTakeFirst();
  }

  /** Counts one read; answers the new count. */
  async countView(db: Db, id: number): Promise<number> {
    const row = await db.updateTable('content_articles').set({ view_count: sql<number>`view_count + 1` }).where('id', '=', id).returning('view_count').executeTakeFirst();
    return row?.view_count ?? 0;
  }

  /** What changes the help retrieval's index: which help texts are visible, and when each last changed. */
  async helpSignature(db: Db, now: Date): Promise<string> {
    const rows = await this.visible(db, ['help', 'faq'], now).select(['id', 'updated_at']).orderBy('id').execute();
    return rows.map((r) => `${r.id}@${r.updated_at.getTime()}`).join(',');
  }

  async visibleHelpTexts(db: Db, now: Date): Promise<{ article: ArticleRow; versions: VersionRow[] }[]> {
    const rows = await this.visible(db, ['help', 'faq'], now).selectAll().orderBy('id').execute();
    const versions = await this.versions(db, rows.map((r) => r.id));
    return rows.map((article) => ({ article, versions: versions.get(article.id) ?? [] }));
  }

  // ---- versions

  /** Versions by article, limited to some locales when given. */
  async versions(db: Db | Tx, ids: number[], locales?: Locale[]): Promise<Map<number, VersionRow[]>> {
    const out = new Map<number, VersionRow[]>();
    if (ids.length === 0) return out;
    let query = db.selectFrom('content_versions').selectAll().where('article_id', 'in', ids);
    if (locales) query = query.where('locale', 'in', locales);
    for (const row of await query.execute()) out.set(row.article_id, [...(out.get(row.article_id) ?? []), row]);
    return out;
  }

  async replaceVersions(tx: Tx, articleId: number, versions: Omit<VersionRow, 'article_id'>[]): Promise<void> {
    await tx.deleteFrom('content_versions').where('article_id', '=', articleId).execute();
    if (versions.length > 0) await tx.insertInto('content_versions').values(versions.map((v) => ({ ...v, article_id: articleId }))).execute();
  }

  // ---- admin

  article(db: Db | Tx, id: number): Promise<ArticleRow | undefined> {
    return db.selectFrom('content_articles').selectAll().where('id', '=', id).executeTakeFirst();
  }

  insertArticle(tx: Tx, values: Insertable<ContentArticlesTable>): Promise<ArticleRow> {
    return tx.insertInto('content_articles').values(values).returningAll().executeTakeFirstOrThrow();
  }

  updateArticle(tx: Tx, id: number, values: Omit<Insertable<ContentArticlesTable>, 'created_at' | 'created_by'>): Promise<ArticleRow | undefined> {
    return tx.updateTable('content_articles').set(values).where('id', '=', id).returningAll().executeTakeFirst();
  }

  async deleteArticle(db: Db, id: number): Promise<void> {
    await db.deleteFrom('content_articles').where('id', '=', id).execute();
  }

  async adminList(db: Db, filter: { kind: ContentKind; status?: ContentStatus; q?: string; limit: number; offset: number }): Promise<{ rows: ArticleRow[]; count: number }> {
    let query = db.selectFrom('content_articles').where('kind', '=', filter.kind);
    if (filter.status) query = query.where('status', '=', filter.status);
    if (filter.q) {
      const pattern = likePattern(filter.q);
      query = query.where(({ exists, selectFrom }) =>
        exists(selectFrom('content_versions as v').select(sql`1`.as('one')).whereRef('v.article_id', '=', 'content_articles.id').where('v.title', 'ilike', pattern)),
      );
    }
    const [rows, total] = await Promise.all([
      query.selectAll().orderBy('id', 'desc').limit(filter.limit).offset(filter.offset).execute(),
      query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst(),
    ]);
    return { rows, count: Number(total?.n ?? 0) };
  }
}
