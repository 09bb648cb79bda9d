import { sql, type Kysely } from 'kysely';

/**
 * Feedback and customer service (docs/decisions/0040-feedback-and-support.md).
 *
 * - `feedbacks` / `feedback_replies`: a user's report (category, text, up to
 *   four screenshot keys, the page it came from) and its thread. `user_unread`
 *   is set by an operator's reply and cleared when the user opens it.
 * - `support_conversations` / `support_messages`: one conversation at a time
 *   per user or verified visitor email; unread counts on both sides are
 *   counters on the conversation, changed in the same transaction as the
 *   message.
 * - `support_visitor_tokens`: a visitor's proof of a verified email, stored
 *   only as its SHA-256; it expires.
 * - `support_presence`: live streams of users, refreshed by the process that
 *   holds them, so any process can tell whether a user is away (mail).
 * - `support_quick_replies`: operators' canned texts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE feedbacks (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      category text NOT NULL CHECK (category IN ('bug', 'suggestion', 'content', 'billing', 'other')),
      content text NOT NULL,
      images jsonb NOT NULL DEFAULT '[]',
      page text NOT NULL DEFAULT '',
      status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'replied', 'closed')),
      user_unread boolean NOT NULL DEFAULT false,
      reply_count integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX feedbacks_user ON feedbacks (user_id, updated_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX feedbacks_status ON feedbacks (status, updated_at DESC, id DESC)`.execute(db);
  await sql`
    CREATE TABLE feedback_replies (
      id serial PRIMARY KEY,
      feedback_id integer NOT NULL REFERENCES feedbacks(id) ON DELETE CASCADE,
      author text NOT NULL CHECK (author IN ('user', 'operator')),
      operator_id integer REFERENCES users(id) ON DELETE SET NULL,
      content text NOT NULL,
      created_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX feedback_replies_thread ON feedback_replies (feedback_id, id)`.execute(db);
  await sql`
    CREATE TABLE support_conversations (
      id serial PRIMARY KEY,
      user_id integer REFERENCES users(id) ON DELETE CASCADE,
      visitor_email text,
      locale text NOT NULL DEFAULT 'zh',
      status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
      user_unread integer NOT NULL DEFAULT 0,
      staff_unread integer NOT NULL DEFAULT 0,
      preview text NOT NULL DEFAULT '',
      last_message_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL,
      closed_at timestamptz,
      CHECK ((user_id IS NULL) <> (visitor_email IS NULL))
    )`.execute(db);
  // One open conversation per user and per visitor email: a second open one would split the thread.
  await sql`CREATE UNIQUE INDEX support_open_user ON support_conversations (user_id) WHERE status = 'open' AND user_id IS NOT NULL`.execute(db);
  await sql`CREATE UNIQUE INDEX support_open_visitor ON support_conversations (visitor_email) WHERE status = 'open' AND visitor_email IS NOT NULL`.execute(db);
  await sql`CREATE INDEX support_conversations_user ON support_conversations (user_id, id DESC)`.execute(db);
  await sql`CREATE INDEX support_conversations_visitor ON support_conversations (visitor_email, id DESC)`.execute(db);
  await sql`
    CREATE TABLE support_visitor_tokens (
      token_hash text PRIMARY KEY,
      email text NOT NULL,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX support_conversations_inbox ON support_conversations (status, last_message_at DESC, id DESC)`.execute(db);
  await sql`
    CREATE TABLE support_messages (
      id serial PRIMARY KEY,
      conversation_id integer NOT NULL REFERENCES support_conversations(id) ON DELETE CASCADE,
      sender text NOT NULL CHECK (sender IN ('user', 'operator')),
      operator_id integer REFERENCES users(id) ON DELETE SET NULL,
      content text NOT NULL,
      image_key text,
      created_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX support_messages_thread ON support_messages (conversation_id, id)`.execute(db);
  await sql`
    CREATE TABLE support_presence (
      stream_id text PRIMARY KEY,
      conversation_subject text NOT NULL,
      seen_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX support_presence_subject ON support_presence (conversation_subject, seen_at)`.execute(db);
  await sql`
    CREATE TABLE support_quick_replies (
      id serial PRIMARY KEY,
      title text NOT NULL,
      content text NOT NULL,
      sort integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE support_quick_replies`.execute(db);
  await sql`DROP TABLE support_presence`.execute(db);
  await sql`DROP TABLE support_messages`.execute(db);
  await sql`DROP TABLE support_visitor_tokens`.execute(db);
  await sql`DROP TABLE support_conversations`.execute(db);
  await sql`DROP TABLE feedback_replies`.execute(db);
  await sql`DROP TABLE feedbacks`.execute(db);
}
