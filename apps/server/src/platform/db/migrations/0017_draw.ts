import { sql, type Kysely } from 'kysely';

/**
 * AI drawing and the image square (docs/decisions/0031-drawing-jobs.md).
 *
 * - `draw_channels`: admin-configured provider channels (keys sealed as the
 *   model channels' are). Channels from the environment are not stored; jobs
 *   name their channel by key (`db:<id>` or `env:<family>`).
 * - `draw_jobs`: what the user asked for and how it went (the record). Its
 *   execution is a row of `jobs` (kind `draw`), which now carries a fairness
 *   key (the user) and a slot key (the channel), so one queue is fair between
 *   users and holds each channel to its concurrency.
 * - `draw_images`: the stored pictures with their WebP thumbnails.
 * - `square_items`, `square_reports`: published pictures and reports.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE jobs ADD COLUMN fair_key text, ADD COLUMN slot_key text`.execute(db);
  await sql`CREATE INDEX jobs_slot_running ON jobs (slot_key) WHERE status = 'running'`.execute(db);
  // A fair lane counts each waiting key's jobs claimed since its oldest waiting job (decision 0031).
  await sql`CREATE INDEX jobs_fair_claimed ON jobs (fair_key, locked_at) WHERE fair_key IS NOT NULL`.execute(db);
  await sql`
    CREATE TABLE draw_channels (
      id serial PRIMARY KEY,
      family text NOT NULL CHECK (family IN ('openai', 'sd', 'yj')),
      name text NOT NULL,
      base_url text NOT NULL,
      api_key_sealed text,
      secret_sealed text,
      enabled boolean NOT NULL DEFAULT true,
      concurrency integer NOT NULL DEFAULT 2 CHECK (concurrency > 0),
      timeout_seconds integer NOT NULL DEFAULT 300 CHECK (timeout_seconds > 0),
      offers jsonb NOT NULL DEFAULT '[]',
      last_error text,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    )`.execute(db);
  await sql`
    CREATE TABLE draw_jobs (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      kind text NOT NULL DEFAULT 'draw',
      status text NOT NULL CHECK (status IN ('queued', 'running', 'success', 'failed', 'cancelled')),
      family text NOT NULL CHECK (family IN ('openai', 'sd', 'yj')),
      channel_key text NOT NULL,
      model text NOT NULL,
      generation text NOT NULL CHECK (generation IN ('txt2img', 'img2img')),
      prompt text NOT NULL,
      negative_prompt text NOT NULL DEFAULT '',
      size text NOT NULL,
      style text,
      quality text,
      background text,
      n integer NOT NULL CHECK (n BETWEEN 1 AND 4),
      params jsonb NOT NULL DEFAULT '{}',
      cost integer NOT NULL CHECK (cost >= 0),
      refunded boolean NOT NULL DEFAULT false,
      progress integer NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
      provider_queue integer,
      preview_key text,
      remote_task_id text,
      seed bigint,
      revised_prompt text,
      fail_reason text,
      fail_detail text,
      created_at timestamptz NOT NULL,
      started_at timestamptz,
      provider_called_at timestamptz,
      finished_at timestamptz,
      updated_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX draw_jobs_user_created ON draw_jobs (user_id, created_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX draw_jobs_open ON draw_jobs (channel_key, status) WHERE status IN ('queued', 'running')`.execute(db);
  await sql`
    CREATE TABLE draw_images (
      id serial PRIMARY KEY,
      job_id integer NOT NULL REFERENCES draw_jobs(id) ON DELETE CASCADE,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      idx integer NOT NULL,
      storage_key text NOT NULL,
      thumb_key text NOT NULL,
      mime text NOT NULL,
      bytes integer NOT NULL CHECK (bytes > 0),
      width integer NOT NULL,
      height integer NOT NULL,
      selected boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL,
      UNIQUE (job_id, idx)
    )`.execute(db);
  await sql`CREATE INDEX draw_images_user ON draw_images (user_id)`.execute(db);
  await sql`
    CREATE TABLE square_items (
      id serial PRIMARY KEY,
      image_id integer NOT NULL UNIQUE REFERENCES draw_images(id) ON DELETE CASCADE,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      status text NOT NULL CHECK (status IN ('pending', 'published', 'rejected', 'hidden')),
      reviewed_by integer REFERENCES users(id) ON DELETE SET NULL,
      reviewed_at timestamptz,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX square_items_status_created ON square_items (status, created_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX square_items_user ON square_items (user_id, created_at DESC)`.execute(db);
  await sql`
    CREATE TABLE square_reports (
      id serial PRIMARY KEY,
      item_id integer NOT NULL REFERENCES square_items(id) ON DELETE CASCADE,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      reason text NOT NULL,
      created_at timestamptz NOT NULL,
      UNIQUE (item_id, user_id)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE square_reports`.execute(db);
  await sql`DROP TABLE square_items`.execute(db);
  await sql`DROP TABLE draw_images`.execute(db);
  await sql`DROP TABLE draw_jobs`.execute(db);
  await sql`DROP TABLE draw_channels`.execute(db);
  await sql`DROP INDEX jobs_slot_running`.execute(db);
  await sql`ALTER TABLE jobs DROP COLUMN fair_key, DROP COLUMN slot_key`.execute(db);
}
