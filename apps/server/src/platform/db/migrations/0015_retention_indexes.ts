import { sql, type Kysely } from 'kysely';

/**
 * The maintenance scheduler deletes rows of three logs by age (rate-limit
 * windows, visits, payment notifications; docs/product-choices.md,
 * "Retention"). Each batch finds its rows through these indexes instead of
 * reading the whole table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX rate_limits_window_idx ON rate_limits (window_start);
    CREATE INDEX visits_created_idx ON visits (created_at);
    CREATE INDEX payment_notifications_created_idx ON payment_notifications (created_at);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX rate_limits_window_idx, visits_created_idx, payment_notifications_created_idx`.execute(db);
}
