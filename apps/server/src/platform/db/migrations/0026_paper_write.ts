import { sql, type Kysely } from 'kysely';

/**
 * Paper writing (docs/decisions/0043-paper-writing.md).
 *
 * - `paper_write_projects`: a user's writing project, its outline as one jsonb
 *   tree (every node keyed) and the outline's revision (a save names the
 *   revision it edited; an older one is refused).
 * - `paper_write_sources`: the bibliography, in order (`position` from 1 is
 *   the `[n]` of the text), each with a snapshot of the metadata it cites with,
 *   so a deleted document or a vanished remote paper still cites.
 * - `paper_write_sections`: one draft per outline key: its text, status
 *   (`generating` while a model writes it, so a reload sees it), revision and
 *   a polish proposal.
 * - `paper_write_generations`: every model run (outline, draft, polish): what
 *   it wrote and charged; its id is the ledger reference and idempotency key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE paper_write_projects (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      title text NOT NULL,
      topic text NOT NULL,
      discipline text NOT NULL DEFAULT '',
      kind text NOT NULL CHECK (kind IN ('article', 'thesis_chapter', 'review', 'report')),
      language text NOT NULL CHECK (language IN ('zh', 'en')),
      target_length integer NOT NULL,
      style text NOT NULL CHECK (style IN ('gbt7714', 'apa')),
      outline jsonb NOT NULL,
      outline_revision integer NOT NULL DEFAULT 1,
      outline_updated_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX paper_write_projects_user ON paper_write_projects (user_id, updated_at DESC, id DESC)`.execute(db);
  await sql`
    CREATE TABLE paper_write_sources (
      id serial PRIMARY KEY,
      project_id integer NOT NULL REFERENCES paper_write_projects(id) ON DELETE CASCADE,
      position integer NOT NULL,
      kind text NOT NULL CHECK (kind IN ('paper', 'doc')),
      ref text NOT NULL,
      snapshot jsonb NOT NULL,
      created_at timestamptz NOT NULL,
      UNIQUE (project_id, kind, ref)
    )`.execute(db);
  await sql`CREATE INDEX paper_write_sources_project ON paper_write_sources (project_id, position)`.execute(db);
  await sql`
    CREATE TABLE paper_write_sections (
      project_id integer NOT NULL REFERENCES paper_write_projects(id) ON DELETE CASCADE,
      key text NOT NULL,
      status text NOT NULL CHECK (status IN ('empty', 'generating', 'done', 'extract', 'failed')),
      text text NOT NULL DEFAULT '',
      words integer NOT NULL DEFAULT 0,
      by_model boolean NOT NULL DEFAULT false,
      invalid_citations jsonb NOT NULL DEFAULT '[]',
      notice text,
      revision integer NOT NULL DEFAULT 0,
      proposal jsonb,
      generation_id integer,
      updated_at timestamptz,
      PRIMARY KEY (project_id, key)
    )`.execute(db);
  await sql`CREATE INDEX paper_write_sections_generating ON paper_write_sections (updated_at) WHERE status = 'generating'`.execute(db);
  await sql`
    CREATE TABLE paper_write_generations (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      project_id integer REFERENCES paper_write_projects(id) ON DELETE SET NULL,
      section_key text,
      task text NOT NULL CHECK (task IN ('outline', 'draft', 'polish')),
      status text NOT NULL CHECK (status IN ('generating', 'done', 'stopped', 'failed')),
      model text NOT NULL,
      words integer NOT NULL DEFAULT 0,
      charged_asset text,
      charged integer NOT NULL DEFAULT 0,
      error text,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX paper_write_generations_user ON paper_write_generations (user_id, created_at DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE paper_write_generations`.execute(db);
  await sql`DROP TABLE paper_write_sections`.execute(db);
  await sql`DROP TABLE paper_write_sources`.execute(db);
  await sql`DROP TABLE paper_write_projects`.execute(db);
}
