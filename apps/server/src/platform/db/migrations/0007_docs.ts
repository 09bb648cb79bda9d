import { sql, type Kysely } from 'kysely';

/**
 * Documents and the generic background job table they run on.
 * Jobs are rows, so queued work survives a restart; workers claim them with
 * FOR UPDATE SKIP LOCKED (PGlite and PostgreSQL alike). A document's pages,
 * passages (chunks with their page and offsets) and cached interpretations
 * cascade with it; conversations are linked through doc_conversation_docs so
 * deleting any of their documents removes them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE jobs (
      id bigserial PRIMARY KEY,
      kind text NOT NULL,
      -- What the job is about ('document:12'), to find or cancel it with its subject.
      ref text,
      payload jsonb NOT NULL DEFAULT '{}'::jsonb,
      status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      max_attempts integer NOT NULL DEFAULT 3 CHECK (max_attempts > 0),
      run_at timestamptz NOT NULL DEFAULT now(),
      locked_by text,
      locked_at timestamptz,
      -- Refreshed while running: a stale one belongs to a worker that died.
      heartbeat_at timestamptz,
      last_error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX jobs_queued_idx ON jobs (run_at, id) WHERE status = 'queued';
    CREATE INDEX jobs_running_idx ON jobs (heartbeat_at) WHERE status = 'running';
    CREATE INDEX jobs_ref_idx ON jobs (ref);

    CREATE TABLE documents (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id),
      type text NOT NULL CHECK (type IN ('research_report', 'literature')),
      name text NOT NULL,
      format text NOT NULL CHECK (format IN ('pdf', 'docx', 'doc', 'txt', 'md')),
      status text NOT NULL CHECK (status IN ('uploading', 'processing', 'complete', 'parse_failed', 'process_failed')),
      fail_reason text,
      fail_detail text,
      pages integer NOT NULL DEFAULT 0,
      words integer NOT NULL DEFAULT 0,
      size integer NOT NULL CHECK (size >= 0),
      storage_key text NOT NULL,
      sha256 text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX documents_user_idx ON documents (user_id, id DESC);

    CREATE TABLE doc_pages (
      doc_id integer NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
      page integer NOT NULL,
      text text NOT NULL,
      PRIMARY KEY (doc_id, page)
    );

    CREATE TABLE doc_chunks (
      id bigserial PRIMARY KEY,
      doc_id integer NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
      page integer NOT NULL,
      start_offset integer NOT NULL,
      end_offset integer NOT NULL,
      text text NOT NULL,
      -- Index terms (platform/search tokenizer), space-separated: retrieval never re-tokenises stored text.
      terms text NOT NULL,
      bbox jsonb
    );
    CREATE INDEX doc_chunks_doc_idx ON doc_chunks (doc_id, id);

    CREATE TABLE doc_interpretations (
      doc_id integer NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
      locale text NOT NULL,
      data jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (doc_id, locale)
    );

    CREATE TABLE doc_conversations (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id),
      title text NOT NULL,
      doc_ids jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX doc_conversations_user_idx ON doc_conversations (user_id, updated_at DESC);

    CREATE TABLE doc_conversation_docs (
      conversation_id integer NOT NULL REFERENCES doc_conversations(id) ON DELETE CASCADE,
      doc_id integer NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
      PRIMARY KEY (doc_id, conversation_id)
    );

    CREATE TABLE doc_messages (
      id bigserial PRIMARY KEY,
      conversation_id integer NOT NULL REFERENCES doc_conversations(id) ON DELETE CASCADE,
      user_id integer NOT NULL REFERENCES users(id),
      role text NOT NULL CHECK (role IN ('user', 'assistant')),
      content text NOT NULL DEFAULT '',
      status text NOT NULL CHECK (status IN ('generating', 'done', 'stopped', 'failed')),
      error text,
      citations jsonb,
      favorite_id integer REFERENCES favorites(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX doc_messages_conversation_idx ON doc_messages (conversation_id, id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE IF EXISTS doc_messages, doc_conversation_docs, doc_conversations, doc_interpretations, doc_chunks, doc_pages, documents, jobs;
  `.execute(db);
}
