import { sql, type Kysely } from 'kysely';

/**
 * AI chat, writing templates and favorites: model channels and
 * models, conversations and messages, visitor allowance, favorites, template
 * categories, templates and creation history.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE ai_channels (
      id serial PRIMARY KEY,
      name text NOT NULL,
      base_url text NOT NULL,
      -- Sealed with the app secret (SecretBox); never returned by the API.
      api_key_sealed text,
      first_token_timeout_ms integer NOT NULL DEFAULT 30000 CHECK (first_token_timeout_ms > 0),
      total_timeout_ms integer NOT NULL DEFAULT 300000 CHECK (total_timeout_ms > 0),
      enabled boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE ai_models (
      id serial PRIMARY KEY,
      channel_id integer NOT NULL REFERENCES ai_channels(id) ON DELETE CASCADE,
      key text NOT NULL UNIQUE,
      upstream_model text NOT NULL,
      names jsonb NOT NULL,
      visible boolean NOT NULL DEFAULT true,
      billing_mode text NOT NULL CHECK (billing_mode IN ('per_answer', 'per_1k_words')),
      price integer NOT NULL CHECK (price >= 0),
      context_tokens integer NOT NULL CHECK (context_tokens > 0),
      max_output_tokens integer NOT NULL DEFAULT 0 CHECK (max_output_tokens >= 0),
      sort integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX ai_models_channel_idx ON ai_models (channel_id);

    CREATE TABLE chat_conversations (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id),
      title text NOT NULL,
      model text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX chat_conversations_user_idx ON chat_conversations (user_id, updated_at DESC, id DESC);

    CREATE TABLE chat_messages (
      id bigserial PRIMARY KEY,
      conversation_id integer NOT NULL REFERENCES chat_conversations(id) ON DELETE CASCADE,
      user_id integer NOT NULL REFERENCES users(id),
      role text NOT NULL CHECK (role IN ('user', 'assistant')),
      kind smallint NOT NULL DEFAULT 1 CHECK (kind IN (1, 2, 3)),
      content text NOT NULL DEFAULT '',
      status text NOT NULL CHECK (status IN ('generating', 'done', 'stopped', 'failed')),
      error text,
      model text,
      sources jsonb,
      prompt_tokens integer NOT NULL DEFAULT 0,
      completion_tokens integer NOT NULL DEFAULT 0,
      -- Words of the delivered answer (what per_1k_words bills).
      words integer NOT NULL DEFAULT 0,
      charged_asset text,
      charged integer NOT NULL DEFAULT 0,
      -- Set by /chat/stop in any process; the streaming process polls it.
      stop_requested boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      -- Heartbeat of a generating answer: a stale one belongs to a dead process.
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX chat_messages_conversation_idx ON chat_messages (conversation_id, id);
    CREATE INDEX chat_messages_generating_idx ON chat_messages (user_id) WHERE status = 'generating';

    -- Free questions of visitors (no account), per hashed IP per day.
    CREATE TABLE chat_visitor_usage (
      ip_hash text NOT NULL,
      day date NOT NULL,
      count integer NOT NULL,
      PRIMARY KEY (ip_hash, day)
    );

    CREATE TABLE favorites (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id),
      -- Text is copied so a favorite outlives its conversation.
      question text NOT NULL,
      answer text NOT NULL,
      conversation_id integer REFERENCES chat_conversations(id) ON DELETE SET NULL,
      message_id bigint REFERENCES chat_messages(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (user_id, message_id)
    );
    CREATE INDEX favorites_user_idx ON favorites (user_id, id DESC);

    CREATE TABLE template_categories (
      id serial PRIMARY KEY,
      names jsonb NOT NULL,
      sort integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE templates (
      id serial PRIMARY KEY,
      key text NOT NULL UNIQUE,
      category_id integer REFERENCES template_categories(id) ON DELETE SET NULL,
      names jsonb NOT NULL,
      descriptions jsonb NOT NULL,
      fields jsonb NOT NULL,
      prompt text NOT NULL,
      model text,
      enabled boolean NOT NULL DEFAULT true,
      sort integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE creations (
      id bigserial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id),
      template_id integer REFERENCES templates(id) ON DELETE SET NULL,
      template_name text NOT NULL,
      inputs jsonb NOT NULL,
      output text NOT NULL DEFAULT '',
      status text NOT NULL CHECK (status IN ('generating', 'done', 'stopped', 'failed')),
      error text,
      model text NOT NULL,
      prompt_tokens integer NOT NULL DEFAULT 0,
      completion_tokens integer NOT NULL DEFAULT 0,
      words integer NOT NULL DEFAULT 0,
      charged_asset text,
      charged integer NOT NULL DEFAULT 0,
      stop_requested boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX creations_user_idx ON creations (user_id, id DESC);
    CREATE INDEX creations_generating_idx ON creations (user_id) WHERE status = 'generating';
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE creations, templates, template_categories, favorites, chat_visitor_usage, chat_messages, chat_conversations, ai_models, ai_channels CASCADE`.execute(db);
}
