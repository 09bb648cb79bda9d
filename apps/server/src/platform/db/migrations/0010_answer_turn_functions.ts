import { sql, type Kysely } from 'kysely';

/**
 * The writes before an answer streams, as database functions (decision 0012).
 *
 * `answer_gate` holds every check an answer passes under the user's stream
 * lock: the per-minute rate window (the same `rate_limits` row as before),
 * the open answers across chat and templates, and the balance. A refusal
 * raises SQLSTATE `XB001` with the message key as its text, which the app
 * maps back to its error (AnswerGate). Raising rolls back the whole
 * statement, so a refused turn counts nothing.
 *
 * `chat_send_turn` is `/chat/send`'s turn in one statement: the gate, the
 * conversation (created, or re-checked and touched), the question and the
 * generating answer. One round trip instead of eight; in READ COMMITTED each
 * statement of a PL/pgSQL function sees what committed before it, so the
 * counts after the lock are current.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION answer_gate(
      p_user integer, p_window timestamptz, p_rate_limit integer, p_max_streams integer,
      p_billing_mode text, p_price integer
    ) RETURNS void LANGUAGE plpgsql AS $fn$
    DECLARE
      v_hits integer;
      v_open bigint;
      v_balance bigint;
    BEGIN
      PERFORM pg_advisory_xact_lock(7301, p_user);
      INSERT INTO rate_limits AS r (key, window_start, hits) VALUES ('chat:' || p_user, p_window, 1)
        ON CONFLICT (key, window_start) DO UPDATE SET hits = r.hits + 1
        RETURNING r.hits INTO v_hits;
      IF v_hits > p_rate_limit THEN
        RAISE EXCEPTION USING ERRCODE = 'XB001', MESSAGE = 'chat_rate_limited';
      END IF;
      SELECT (SELECT count(*) FROM chat_messages WHERE user_id = p_user AND status = 'generating')
           + (SELECT count(*) FROM creations WHERE user_id = p_user AND status = 'generating')
        INTO v_open;
      IF v_open >= p_max_streams THEN
        RAISE EXCEPTION USING ERRCODE = 'XB001', MESSAGE = 'chat_too_many_streams';
      END IF;
      IF p_billing_mode = 'per_answer' THEN
        SELECT amount INTO v_balance FROM balances WHERE user_id = p_user AND asset = 'conversation_count';
        -- Two tabs must not both spend the last count: every answer still streaming needs its price too.
        IF coalesce(v_balance, 0) < p_price::bigint * (v_open + 1) THEN
          RAISE EXCEPTION USING ERRCODE = 'XB001', MESSAGE = 'insufficient_conversation_balance';
        END IF;
      ELSIF p_billing_mode = 'per_1k_words' THEN
        SELECT amount INTO v_balance FROM balances WHERE user_id = p_user AND asset = 'word_count';
        IF coalesce(v_balance, 0) < 1 THEN
          RAISE EXCEPTION USING ERRCODE = 'XB001', MESSAGE = 'insufficient_word_balance';
        END IF;
      END IF;
    END
    $fn$;

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
  await sql`DROP FUNCTION chat_send_turn; DROP FUNCTION answer_gate;`.execute(db);
}
