import { sql, type Kysely } from 'kysely';

/**
 * Invitation clicks count at most once per IP per share link per day. A unique
 * index makes that hold across processes (`INSERT ... ON CONFLICT DO NOTHING`)
 * instead of a check-then-insert that two processes could both pass.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE share_clicks ADD COLUMN click_day date;
    UPDATE share_clicks SET click_day = (created_at AT TIME ZONE 'UTC')::date;
    ALTER TABLE share_clicks ALTER COLUMN click_day SET NOT NULL;
    CREATE UNIQUE INDEX share_clicks_once_a_day ON share_clicks (share_id, ip_hash, click_day);
    CREATE INDEX users_inviter_idx ON users (inviter_id) WHERE inviter_id IS NOT NULL;
    CREATE INDEX ad_clicks_click_id_idx ON ad_clicks (click_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX ad_clicks_click_id_idx;
    DROP INDEX users_inviter_idx;
    DROP INDEX share_clicks_once_a_day;
    ALTER TABLE share_clicks DROP COLUMN click_day;
  `.execute(db);
}
