import { sql, type Kysely } from 'kysely';

/**
 * Skills (docs/decisions/0039-skills.md).
 *
 * - `skills`: assistants with their own system prompt, in four languages
 *   (jsonb by locale, Chinese required), an emoji or an uploaded icon, a
 *   preferred model and starter questions. `use_count` counts the
 *   conversations started with the skill, for "most used first".
 * - `skill_favorites`: a user's favourite skills.
 * - `chat_conversations.skill_id`: the skill a conversation was started with;
 *   deleting the skill keeps the conversation and drops the link.
 * - `chat_send_turn` gains the skill: a new conversation records it and
 *   counts one use in the same statement as the rest of the turn.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE skills (
      id serial PRIMARY KEY,
      names jsonb NOT NULL,
      descriptions jsonb NOT NULL,
      prompts jsonb NOT NULL,
      starters jsonb NOT NULL DEFAULT '[]',
      category text NOT NULL,
      icon_emoji text NOT NULL,
      icon_key text,
      model text,
      enabled boolean NOT NULL DEFAULT true,
      sort integer NOT NULL DEFAULT 0,
      use_count integer NOT NULL DEFAULT 0,
      seed_key text UNIQUE,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    )`.execute(db);
  await sql`
    CREATE TABLE skill_favorites (
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      skill_id integer NOT NULL REFERENCES skills(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL,
      PRIMARY KEY (user_id, skill_id)
    )`.execute(db);
  await sql`CREATE INDEX skill_favorites_skill ON skill_favorites (skill_id)`.execute(db);
  await sql`ALTER TABLE chat_conversations ADD COLUMN skill_id integer REFERENCES skills(id) ON DELETE SET NULL`.execute(db);
  await sql`CREATE INDEX chat_conversations_skill ON chat_conversations (skill_id) WHERE skill_id IS NOT NULL`.execute(db);
  await sql`
    DROP FUNCTION chat_send_turn;
    CREATE FUNCTION chat_send_turn(
      p_user integer, p_window timestamptz, p_rate_limit integer, p_max_streams integer,
      p_billing_mode text, p_price integer,
      p_conversation integer, p_new boolean, p_title text, p_model text,
      p_question bigint, p_answer bigint, p_content text, p_now timestamptz, p_skill integer
    ) RETURNS void LANGUAGE plpgsql AS $fn$
    BEGIN
      PERFORM answer_gate(p_user, p_window, p_rate_limit, p_max_streams, p_billing_mode, p_price);
      IF p_new THEN
        INSERT INTO chat_conversations (id, user_id, title, model, skill_id, created_at, updated_at)
          VALUES (p_conversation, p_user, p_title, p_model, p_skill, p_now, p_now);
        IF p_skill IS NOT NULL THEN
          UPDATE skills SET use_count = use_count + 1 WHERE id = p_skill;
        END IF;
      ELSE
        -- Another tab's answer here, or the conversation deleted since the ask: refuse.
        IF EXISTS (SELECT 1 FROM chat_messages WHERE conversation_id = p_conversation AND status = 'generating') THEN
          RAISE EXCEPTION USING ERRCODE = 'XB001', MESSAGE = 'chat_busy';
        END IF;
        UPDATE chat_conversations SET model = p_model, updated_at = p_now WHERE id = p_conversation AND user_id = p_user;
        IF NOT FOUND THEN
          RAISE EXCEPTION USING ERRCODE = 'XB001', MESSAGE = 'not_found';
        END IF;
      END IF;
      INSERT INTO chat_messages (id, conversation_id, user_id, role, content, status, model, created_at, updated_at)
        VALUES (p_question, p_conversation, p_user, 'user', p_content, 'done', NULL, p_now, p_now),
               (p_answer, p_conversation, p_user, 'assistant', '', 'generating', p_model, p_now, p_now);
    END
    $fn$;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP FUNCTION chat_send_turn;
    CREATE FUNCTION chat_send_turn(
      p_user integer, p_window timestamptz, p_rate_limit integer, p_max_streams integer,
      p_billing_mode text, p_price integer,
      p_conversation integer, p_new boolean, p_title text, p_model text,
      p_question bigint, p_answer bigint, p_content text, p_now timestamptz
    ) RETURNS void LANGUAGE plpgsql AS $fn$
    BEGIN
      PERFORM answer_gate(p_user, p_window, p_rate_limit, p_max_streams, p_billing_mode, p_price);
      IF p_new THEN
        INSERT INTO chat_conversations (id, user_id, title, model, created_at, updated_at)
          VALUES (p_conversation, p_user, p_title, p_model, p_now, p_now);
      ELSE
        IF EXISTS (SELECT 1 FROM chat_messages WHERE conversation_id = p_conversation AND status = 'generating') THEN
          RAISE EXCEPTION USING ERRCODE = 'XB001', MESSAGE = 'chat_busy';
        END IF;
        UPDATE chat_conversations SET model = p_model, updated_at = p_now WHERE id = p_conversation AND user_id = p_user;
        IF NOT FOUND THEN
          RAISE EXCEPTION USING ERRCODE = 'XB001', MESSAGE = 'not_found';
        END IF;
      END IF;
      INSERT INTO chat_messages (id, conversation_id, user_id, role, content, status, model, created_at, updated_at)
        VALUES (p_question, p_conversation, p_user, 'user', p_content, 'done', NULL, p_now, p_now),
               (p_answer, p_conversation, p_user, 'assistant', '', 'generating', p_model, p_now, p_now);
    END
    $fn$;
  `.execute(db);
  await sql`ALTER TABLE chat_conversations DROP COLUMN skill_id`.execute(db);
  await sql`DROP TABLE skill_favorites`.execute(db);
  await sql`DROP TABLE skills`.execute(db);
}
