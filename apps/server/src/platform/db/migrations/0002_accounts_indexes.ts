import { sql, type Kysely } from 'kysely';

/*
 * Indexes for the accounts module: the admin outbox pages newest-first per
 * channel, and a code check looks up the newest code of (channel, target, scene).
 * (The invitee count's index on users.inviter_id comes with 0003.)
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX outbox_channel_idx ON outbox (channel, id DESC);
    CREATE INDEX verification_codes_key_idx ON verification_codes (channel, target, scene, id DESC);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX verification_codes_key_idx; DROP INDEX outbox_channel_idx;`.execute(db);
}
