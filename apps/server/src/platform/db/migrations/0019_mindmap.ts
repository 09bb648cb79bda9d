import { sql, type Kysely } from 'kysely';

/**
 * Mind maps (docs/decisions/0035-mind-maps.md).
 *
 * - `mindmaps`: every map a user owns, its whole tree as one jsonb document
 *   and a revision that each save raises by one (a save names the revision
 *   it edited; an older one is refused, so a second tab cannot overwrite newer
 *   work). A model-written map is `generating` until its stream settles.
 *   A share link is stored only as the SHA-256 of its token.
 * - `mindmap_usage`: model generations per user and UTC day, for the free
 *   allowance; counted when a generation starts, so deleting maps does not
 *   give generations back.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE mindmaps (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      title text NOT NULL,
      source text NOT NULL CHECK (source IN ('markdown', 'topic', 'document', 'paper', 'answer', 'import')),
      source_ref text,
      status text NOT NULL CHECK (status IN ('generating', 'done', 'failed')),
      revision integer NOT NULL DEFAULT 1,
      tree jsonb NOT NULL,
      nodes integer NOT NULL,
      structural boolean NOT NULL DEFAULT false,
      notice text,
      model text,
      words integer NOT NULL DEFAULT 0,
      charged_asset text,
      charged integer NOT NULL DEFAULT 0,
      share_hash text UNIQUE,
      shared_at timestamptz,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX mindmaps_user ON mindmaps (user_id, updated_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX mindmaps_generating ON mindmaps (updated_at) WHERE status = 'generating'`.execute(db);
  await sql`
    CREATE TABLE mindmap_usage (
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      day date NOT NULL,
      count integer NOT NULL,
      PRIMARY KEY (user_id, day)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE mindmap_usage`.execute(db);
  await sql`DROP TABLE mindmaps`.execute(db);
}
