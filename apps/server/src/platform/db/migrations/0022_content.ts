import { sql, type Kysely } from 'kysely';

/**
 * News and the help centre (docs/decisions/0038-news-and-help.md).
 *
 * - `content_categories`: news categories, and the help centre's sections
 *   (shared by help articles and FAQ), with a name per locale.
 * - `content_articles`: one row per news article, help article or FAQ entry:
 *   status, the time it becomes visible (`publish_at`, set when published;
 *   a future time schedules it), cover and view count.
 * - `content_versions`: the title, summary and sanitised body per locale;
 *   Chinese is always there (the fallback), `body_text` is the body's words
 *   for search and the offline chat's help retrieval.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE content_categories (
      id serial PRIMARY KEY,
      kind text NOT NULL CHECK (kind IN ('news', 'help')),
      names jsonb NOT NULL,
      sort integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX content_categories_kind ON content_categories (kind, sort, id)`.execute(db);
  await sql`
    CREATE TABLE content_articles (
      id serial PRIMARY KEY,
      kind text NOT NULL CHECK (kind IN ('news', 'help', 'faq')),
      category_id integer REFERENCES content_categories(id) ON DELETE SET NULL,
      cover text,
      status text NOT NULL CHECK (status IN ('draft', 'published', 'hidden')),
      publish_at timestamptz,
      sort integer NOT NULL DEFAULT 0,
      view_count integer NOT NULL DEFAULT 0,
      created_by integer REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      CHECK (status <> 'published' OR publish_at IS NOT NULL)
    )`.execute(db);
  await sql`CREATE INDEX content_articles_visible ON content_articles (kind, publish_at DESC, id DESC) WHERE status = 'published'`.execute(db);
  await sql`CREATE INDEX content_articles_admin ON content_articles (kind, id DESC)`.execute(db);
  await sql`
    CREATE TABLE content_versions (
      article_id integer NOT NULL REFERENCES content_articles(id) ON DELETE CASCADE,
      locale text NOT NULL CHECK (locale IN ('zh', 'en', 'ja', 'ko')),
      title text NOT NULL,
      summary text NOT NULL,
      body text NOT NULL,
      body_text text NOT NULL,
      PRIMARY KEY (article_id, locale)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE content_versions`.execute(db);
  await sql`DROP TABLE content_articles`.execute(db);
  await sql`DROP TABLE content_categories`.execute(db);
}
