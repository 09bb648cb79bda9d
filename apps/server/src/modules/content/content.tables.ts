import type { ColumnType, Generated } from 'kysely';
import type { ContentCategoryKind, ContentKind, ContentStatus, Locale } from '@xueba/contract';

/**
 * Kysely types of the content tables (migration 0022_content), merged into
 * the shared `Database` interface by module augmentation.
 */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string, string>;

export type LocaleNames = Record<Locale, string>;

export interface ContentCategoriesTable {
  id: Generated<number>;
  kind: ContentCategoryKind;
  names: Json<LocaleNames>;
  sort: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ContentArticlesTable {
  id: Generated<number>;
  kind: ContentKind;
  category_id: number | null;
  cover: string | null;
  status: ContentStatus;
  publish_at: NullableTimestamp;
  sort: ColumnType<number, number | undefined, number>;
  view_count: ColumnType<number, number | undefined, number>;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ContentVersionsTable {
  article_id: number;
  locale: Locale;
  title: string;
  summary: string;
  /** Sanitised HTML. */
  body: string;
  body_text: string;
}

declare module '../../platform/db/schema.js' {
  interface Database {
    content_categories: ContentCategoriesTable;
    content_articles: ContentArticlesTable;
    content_versions: ContentVersionsTable;
  }
}
