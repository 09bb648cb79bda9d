import { sql, type Kysely } from 'kysely';

/**
 * Every stored image upload, so a user's uploads can be held to a quota per
 * 24 hours and in total (product-choices "Image upload quota"). Images
 * uploaded before this table existed are not counted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE image_uploads (
      id bigserial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id),
      storage_key text NOT NULL,
      size integer NOT NULL CHECK (size > 0),
      created_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX image_uploads_user_created ON image_uploads (user_id, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE image_uploads`.execute(db);
}
