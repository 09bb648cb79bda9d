import { sql, type Kysely } from 'kysely';

/**
 * Wrong passwords counted per account and client address (an HMAC of the IP,
 * as elsewhere), so that a run of them locks that pair only: someone who
 * knows an email can no longer lock its owner out from everywhere.
 * `users.failed_logins` stays the count across all addresses (the ceiling
 * after which a password alone is not enough); `users.locked_until` is no
 * longer written. See docs/decisions/0018-sign-in-hardening.md.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE login_failures (
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      ip_key text NOT NULL,
      failures integer NOT NULL,
      locked_until timestamptz,
      updated_at timestamptz NOT NULL,
      PRIMARY KEY (user_id, ip_key)
    )`.execute(db);
  await sql`CREATE INDEX login_failures_updated_at ON login_failures (updated_at)`.execute(db);
  await sql`UPDATE users SET locked_until = NULL, failed_logins = 0 WHERE locked_until IS NOT NULL OR failed_logins > 0`.execute(db);
}
