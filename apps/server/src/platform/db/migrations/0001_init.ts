import { sql, type Kysely } from 'kysely';

/* Migrations take Kysely<unknown>: they must not depend on the current schema types. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE users (
      id serial PRIMARY KEY,
      sn text NOT NULL UNIQUE,
      email text UNIQUE,
      mobile text UNIQUE,
      password_hash text,
      nickname text NOT NULL,
      avatar text NOT NULL DEFAULT '',
      role text NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'admin')),
      disabled boolean NOT NULL DEFAULT false,
      failed_logins integer NOT NULL DEFAULT 0,
      locked_until timestamptz,
      share_id text NOT NULL UNIQUE,
      inviter_id integer REFERENCES users(id),
      user_sn text,
      channel text,
      click_id text,
      google_sub text UNIQUE,
      wechat_openid text UNIQUE,
      wechat_unionid text UNIQUE,
      org_prompted_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (inviter_id IS NULL OR inviter_id <> id)
    );

    -- A balance can never go negative: a constraint, not a hope.
    CREATE TABLE balances (
      user_id integer NOT NULL REFERENCES users(id),
      asset text NOT NULL,
      amount bigint NOT NULL DEFAULT 0 CHECK (amount >= 0),
      PRIMARY KEY (user_id, asset)
    );

    CREATE TABLE ledger (
      id bigserial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id),
      asset text NOT NULL,
      delta bigint NOT NULL CHECK (delta <> 0),
      balance_after bigint NOT NULL CHECK (balance_after >= 0),
      reason text NOT NULL,
      ref_type text NOT NULL,
      ref_id text,
      idempotency_key text UNIQUE,
      actor_id integer REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX ledger_user_idx ON ledger (user_id, id DESC);

    -- The ledger is append-only: the database refuses to change or remove a row.
    CREATE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'ledger is append-only';
    END;
    $$;
    CREATE TRIGGER ledger_no_update BEFORE UPDATE OR DELETE ON ledger
      FOR EACH ROW EXECUTE FUNCTION ledger_append_only();

    CREATE TABLE sessions (
      id bigserial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id),
      token_hash text NOT NULL UNIQUE,
      terminal text NOT NULL DEFAULT 'pc',
      ip text,
      user_agent text,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz,
      last_seen_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX sessions_user_idx ON sessions (user_id) WHERE revoked_at IS NULL;

    CREATE TABLE verification_codes (
      id bigserial PRIMARY KEY,
      channel text NOT NULL CHECK (channel IN ('email', 'sms')),
      target text NOT NULL,
      scene text NOT NULL,
      code_hash text NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      ip text,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      consumed_at timestamptz
    );
    CREATE INDEX verification_codes_target_idx ON verification_codes (channel, target, created_at DESC);
    CREATE INDEX verification_codes_ip_idx ON verification_codes (ip, created_at DESC);

    CREATE TABLE outbox (
      id serial PRIMARY KEY,
      channel text NOT NULL CHECK (channel IN ('email', 'sms')),
      recipient text NOT NULL,
      subject text NOT NULL DEFAULT '',
      body text NOT NULL,
      status text NOT NULL CHECK (status IN ('logged', 'sent', 'failed')),
      error text,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE settings (
      key text PRIMARY KEY,
      value jsonb NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE orgs (
      id serial PRIMARY KEY,
      user_id integer NOT NULL UNIQUE REFERENCES users(id),
      name text NOT NULL,
      department text NOT NULL DEFAULT '',
      position text NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE memberships (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id),
      kind text NOT NULL CHECK (kind IN ('academic_ai', 'research_report', 'literature', 'paper')),
      level text NOT NULL CHECK (level IN ('vip', 'bvip')),
      expires_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (user_id, kind)
    );

    CREATE TABLE visits (
      id bigserial PRIMARY KEY,
      terminal text NOT NULL,
      user_id integer REFERENCES users(id),
      ip_hash text,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE share_clicks (
      id bigserial PRIMARY KEY,
      share_id text NOT NULL,
      inviter_id integer NOT NULL REFERENCES users(id),
      ip_hash text,
      user_id integer REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX share_clicks_inviter_idx ON share_clicks (inviter_id);

    CREATE TABLE ad_clicks (
      id bigserial PRIMARY KEY,
      click_id text NOT NULL,
      channel text,
      user_id integer REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE oauth_states (
      state text PRIMARY KEY,
      provider text NOT NULL,
      code_verifier text,
      nonce text,
      redirect text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL
    );

    CREATE TABLE rate_limits (
      key text NOT NULL,
      window_start timestamptz NOT NULL,
      hits integer NOT NULL,
      PRIMARY KEY (key, window_start)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE rate_limits, oauth_states, ad_clicks, share_clicks, visits, memberships, orgs, settings, outbox, verification_codes, sessions, ledger, balances, users CASCADE; DROP FUNCTION ledger_append_only;`.execute(db);
}
