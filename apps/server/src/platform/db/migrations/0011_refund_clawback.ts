import { sql, type Kysely } from 'kysely';

/**
 * An administrator's refund takes back what the order granted. Balances go
 * back through the ledger (keys `refund:<order_no>:<asset>`); a membership
 * needs to know what each grant added, which the single `memberships` row
 * cannot tell (calendar months do not subtract back exactly, and a grant on a
 * permanent membership adds nothing), so every grant is recorded here from now
 * on with the stretch of time it added:
 *
 * - `period` numbers the continuous stretches of one membership (a grant on a
 *   lapsed membership starts a new one); the level of a stretch is the highest
 *   level granted in it.
 * - `starts_at`/`ends_at`: the time the grant added, contiguous with the grants
 *   before and after it in its period; `ends_at` null is permanent.
 * - `absorbed`: granted while the membership was already permanent (added no time).
 * - `revoked_at`: refunded; `ends_at` then keeps only the part that had passed.
 *
 * Memberships active now get one `legacy` grant (their remaining time) so later
 * grants and refunds have a complete record of the current stretch.
 * `orders.refund_clawback` keeps what a refund took back and what it could not.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE memberships ADD COLUMN period integer NOT NULL DEFAULT 1`.execute(db);
  await sql`
    CREATE TABLE membership_grants (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id),
      kind text NOT NULL,
      period integer NOT NULL,
      level text NOT NULL CHECK (level IN ('vip', 'bvip')),
      months integer CHECK (months >= 0),
      source text NOT NULL CHECK (source IN ('order', 'redeem', 'admin', 'legacy')),
      ref text NOT NULL DEFAULT '',
      starts_at timestamptz NOT NULL,
      ends_at timestamptz,
      absorbed boolean NOT NULL DEFAULT false,
      revoked_at timestamptz,
      created_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX membership_grants_period_idx ON membership_grants (user_id, kind, period, id)`.execute(db);
  // An order grants at most one membership; its refund finds it by the order number.
  await sql`CREATE UNIQUE INDEX membership_grants_order_key ON membership_grants (ref) WHERE source = 'order'`.execute(db);
  await sql`
    INSERT INTO membership_grants (user_id, kind, period, level, months, source, ref, starts_at, ends_at, created_at)
    SELECT user_id, kind, period, level, NULL, 'legacy', '', now(), expires_at, now()
    FROM memberships WHERE expires_at IS NULL OR expires_at > now()`.execute(db);
  await sql`ALTER TABLE orders ADD COLUMN refund_clawback jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE orders DROP COLUMN refund_clawback`.execute(db);
  await sql`DROP TABLE membership_grants`.execute(db);
  await sql`ALTER TABLE memberships DROP COLUMN period`.execute(db);
}
