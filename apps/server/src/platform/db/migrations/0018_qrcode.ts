import { sql, type Kysely } from 'kysely';

/**
 * QR codes (docs/decisions/0034-qr-codes.md).
 *
 * - `qr_codes`: every code a user made. A styled code has its PNG and SVG at
 *   once; an AI art code points at the drawing job that draws it
 *   (`draw_jobs.kind = 'qrcode'`), whose status, charge and refund it shares,
 *   and gets its picture when a drawing scanned. Visitors' styled codes are
 *   kept without a user (they have no history) so their files stay reachable.
 * - `qr_templates`: admin-edited style templates (a look) and prompt
 *   templates (a prompt with ControlNet settings and a thumbnail).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE qr_codes (
      id serial PRIMARY KEY,
      user_id integer REFERENCES users(id) ON DELETE CASCADE,
      mode text NOT NULL CHECK (mode IN ('styled', 'ai')),
      type text NOT NULL CHECK (type IN ('url', 'text', 'wifi', 'vcard', 'email', 'phone', 'sms')),
      data jsonb NOT NULL,
      content text NOT NULL,
      look jsonb,
      ec_level text NOT NULL CHECK (ec_level IN ('L', 'M', 'Q', 'H')),
      version integer CHECK (version BETWEEN 1 AND 40),
      size integer NOT NULL,
      png_key text,
      svg_key text,
      thumb_key text,
      verified jsonb,
      draw_job_id integer UNIQUE REFERENCES draw_jobs(id) ON DELETE SET NULL,
      template_id integer,
      created_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX qr_codes_user ON qr_codes (user_id, id DESC) WHERE user_id IS NOT NULL`.execute(db);
  await sql`
    CREATE TABLE qr_templates (
      id serial PRIMARY KEY,
      kind text NOT NULL CHECK (kind IN ('style', 'prompt')),
      names jsonb NOT NULL,
      config jsonb NOT NULL,
      thumb_key text,
      sort integer NOT NULL DEFAULT 0,
      enabled boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX qr_templates_kind ON qr_templates (kind, sort, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE qr_templates`.execute(db);
  await sql`DROP TABLE qr_codes`.execute(db);
}
