import type { AdminContentArticle, AdminContentCategory, Locale } from '@xueba/contract';
import { LOCALES } from '@xueba/contract';
import type { FileStorage } from '../../providers/storage/storage.js';
import type { RichTextOptions } from '../../platform/html/sanitize.js';
import type { ArticleRow, CategoryRow, VersionRow } from './content.repository.js';

/**
 * The version a reader sees: their language when it has one, else Chinese
 * (always stored). A translation saved with a title but no body borrows the
 * Chinese body rather than showing an empty page.
 */
export function pickVersion(versions: VersionRow[], locale: Locale): VersionRow | undefined {
  const zh = versions.find((v) => v.locale === 'zh');
  const own = versions.find((v) => v.locale === locale && v.title);
  if (!own) return zh;
  return own.body || !zh ? own : { ...own, body: zh.body, body_text: zh.body_text };
}

export function categoryName(category: CategoryRow | undefined, locale: Locale): string | null {
  if (!category) return null;
  return category.names[locale] || category.names.zh;
}

export function presentCategory(row: CategoryRow, articles: number): AdminContentCategory {
  return { id: row.id, kind: row.kind, names: { zh: row.names.zh, en: row.names.en ?? '', ja: row.names.ja ?? '', ko: row.names.ko ?? '' }, sort: row.sort, articles };
}

export function isVisible(row: ArticleRow, now: Date): boolean {
  return row.status === 'published' && row.publish_at !== null && row.publish_at.getTime() <= now.getTime();
}

export function presentAdminArticle(row: ArticleRow, versions: VersionRow[], now: Date): AdminContentArticle {
  const byLocale: AdminContentArticle['versions'] = {};
  for (const locale of LOCALES) {
    const version = versions.find((v) => v.locale === locale);
    if (version) byLocale[locale] = { title: version.title, summary: version.summary, body: version.body };
  }
  return {
    id: row.id,
    kind: row.kind,
    category_id: row.category_id,
    cover: row.cover,
    status: row.status,
    publish_at: row.publish_at?.toISOString() ?? null,
    visible: isVisible(row, now),
    sort: row.sort,
    view_count: row.view_count,
    versions: byLocale,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** Where stored images may come from: `/files/` on this site, or the origins the store hands out (a CDN). */
export function imageRules(storage: FileStorage): RichTextOptions {
  const origins = new Set<string>();
  const probe = storage.publicUrl?.('public/images/probe.png');
  if (probe) origins.add(new URL(probe).origin);
  for (const origin of storage.urlOrigins?.() ?? []) origins.add(origin);
  return { imageOrigins: [...origins] };
}
