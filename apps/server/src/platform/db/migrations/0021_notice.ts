import { sql, type Kysely } from 'kysely';

/**
 * The notice centre (docs/decisions/0037-notices-and-webviews.md).
 *
 * - `notifications`: one row per thing that happened to one user. The text is
 *   not stored: `kind` and `params` render in the reader's language. A row
 *   that should be mailed is written `email_status = 'pending'` in the
 *   caller's transaction and mailed after it commits (a rolled-back change
 *   leaves no row, so no mail). `dedupe_key` makes a reminder (membership
 *   expiry) once per period even when two processes run the sweep.
 * - `notice_preferences`: per user, the kinds they opted in to by email and the
 *   language their mail is written in (the last one they used the site in).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE notifications (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      kind text NOT NULL,
      params jsonb NOT NULL DEFAULT '{}'::jsonb,
      link text,
      read_at timestamptz,
      email_status text NOT NULL DEFAULT 'none' CHECK (email_status IN ('none', 'pending', 'sending', 'sent', 'failed')),
      dedupe_key text,
      created_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX notifications_user ON notifications (user_id, id DESC)`.execute(db);
  await sql`CREATE INDEX notifications_unread ON notifications (user_id) WHERE read_at IS NULL`.execute(db);
  await sql`CREATE INDEX notifications_mail_pending ON notifications (id) WHERE email_status = 'pending'`.execute(db);
  await sql`CREATE UNIQUE INDEX notifications_dedupe ON notifications (user_id, dedupe_key) WHERE dedupe_key IS NOT NULL`.execute(db);
  await sql`
    CREATE TABLE notice_preferences (
      user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      email_kinds jsonb NOT NULL DEFAULT '[]'::jsonb,
      locale text NOT NULL DEFAULT 'zh' CHECK (locale IN ('zh', 'en', 'ja', 'ko')),
      updated_at timestamptz NOT NULL
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE notice_preferences`.execute(db);
  await sql`DROP TABLE notifications`.execute(db);
}
