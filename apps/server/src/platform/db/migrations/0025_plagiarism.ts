import { sql, type Kysely } from 'kysely';

/**
 * Plagiarism checks (docs/decisions/0042-plagiarism-checks.md).
 *
 * - `plagiarism_checks`: one check of a text: its options (what it is
 *   compared with), the text itself and its hash (an earlier check of the
 *   same text is not a source of a later one), the charge (word counts, or
 *   included by the membership: `included_chars` counts against the month's
 *   allowance), the job's status and progress, and the report as one jsonb
 *   document once done. A share link is stored only as the SHA-256 of its
 *   token. `client_key` makes a repeated submission answer the first check.
 * - `plagiarism_settings`: the admin's price and membership allowance (one row).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE plagiarism_checks (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      title text NOT NULL,
      filename text,
      text text NOT NULL,
      text_hash text NOT NULL,
      chars integer NOT NULL,
      scope jsonb NOT NULL,
      status text NOT NULL CHECK (status IN ('queued', 'running', 'done', 'failed')),
      progress integer NOT NULL DEFAULT 0,
      job_id text,
      charged integer NOT NULL DEFAULT 0,
      included_chars integer NOT NULL DEFAULT 0,
      refunded boolean NOT NULL DEFAULT false,
      total_ratio double precision,
      report jsonb,
      error text,
      client_key text,
      share_hash text UNIQUE,
      shared_at timestamptz,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      finished_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX plagiarism_checks_user ON plagiarism_checks (user_id, created_at DESC, id DESC)`.execute(db);
  await sql`CREATE UNIQUE INDEX plagiarism_checks_client_key ON plagiarism_checks (user_id, client_key) WHERE client_key IS NOT NULL`.execute(db);
  await sql`
    CREATE TABLE plagiarism_settings (
      id integer PRIMARY KEY CHECK (id = 1),
      value jsonb NOT NULL,
      updated_at timestamptz NOT NULL
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE plagiarism_settings`.execute(db);
  await sql`DROP TABLE plagiarism_checks`.execute(db);
}
