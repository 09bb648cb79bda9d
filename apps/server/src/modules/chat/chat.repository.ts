import { sql, type Selectable } from 'kysely';
import type { Db, Tx } from '../../platform/db/transaction.js';
import type { GateArgs, Settlement } from '../../platform/stream/answers.repository.js';
import type { ChatConversationsTable, ChatMessagesTable, Status } from './chat.tables.js';

export type ConversationRow = Selectable<ChatConversationsTable>;
export type MessageRow = Selectable<ChatMessagesTable>;
export type MessageWithFavorite = MessageRow & { favorite_id: number | null };

/** `%keyword%` for ILIKE with the wildcards in the keyword taken literally. */
export function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `/chat/send`'s turn: the conversation (new or existing), the question and the generating answer, with ids reserved beforehand. */
export interface SendTurn {
  conversationId: number;
  isNew: boolean;
  title: string;
  model: string;
  questionId: number;
  answerId: number;
  content: string;
  now: Date;
  /** The skill a new conversation starts with (ignored for an existing one). */
  skillId: number | null;
}

/** All SQL of conversations and messages (the bookkeeping of answers in progress is `platform/stream/answers.repository.ts`). */
export class ChatRepository {
  /** The gate and the whole turn of `/chat/send` in one statement, so in one round trip (decision 0012). */
  async sendTurn(db: Db, g: GateArgs, t: SendTurn): Promise<void> {
    await sql`SELECT chat_send_turn(
      ${g.userId}, ${g.window}, ${g.ratePerMinute}, ${g.maxStreams}, ${g.billing?.mode ?? null}, ${g.billing?.price ?? 0},
      ${t.conversationId}, ${t.isNew}, ${t.title}, ${t.model}, ${String(t.questionId)}, ${String(t.answerId)}, ${t.content}, ${t.now}, ${t.skillId}::integer)`.execute(db);
  }

  conversation(db: Db | Tx, userId: number, id: number): Promise<ConversationRow | undefined> {
    return db.selectFrom('chat_conversations').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  }

  /** `id`: reserved beforehand (IdBlocks) when the client is told it before the row exists. */
  insertConversation(tx: Tx, userId: number, title: string, model: string, now: Date, id?: number): Promise<ConversationRow> {
    return tx
      .insertInto('chat_conversations')
      .values({ ...(id === undefined ? {} : { id }), user_id: userId, title, model, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async touchConversation(tx: Tx, id: number, model: string, now: Date): Promise<void> {
    await tx.updateTable('chat_conversations').set({ model, updated_at: now }).where('id', '=', id).execute();
  }

  renameConversation(db: Db, userId: number, id: number, title: string, now: Date): Promise<ConversationRow | undefined> {
    return db
      .updateTable('chat_conversations')
      .set({ title, updated_at: now })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .returningAll()
      .executeTakeFirst();
  }

  async deleteConversation(db: Db, userId: number, id: number): Promise<boolean> {
    const result = await db.deleteFrom('chat_conversations').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async listConversations(db: Db, userId: number, keyword: string | undefined, limit: number, offset: number): Promise<{ rows: ConversationRow[]; count: number }> {
    let query = db.selectFrom('chat_conversations as c').where('c.user_id', '=', userId);
    if (keyword) {
      const pattern = likePattern(keyword);
      query = query.where((eb) =>
        eb.or([
          eb('c.title', 'ilike', pattern),
          eb.exists(eb.selectFrom('chat_messages as m').select('m.id').whereRef('m.conversation_id', '=', 'c.id').where('m.content', 'ilike', pattern)),
        ]),
      );
    }
    const [rows, total] = await Promise.all([
      query.selectAll('c').orderBy('c.updated_at', 'desc').orderBy('c.id', 'desc').limit(limit).offset(offset).execute(),
      query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, count: Number(total.n) };
  }

  messages(db: Db, userId: number, conversationId: number): Promise<MessageWithFavorite[]> {
    return db
      .selectFrom('chat_messages as m')
      .leftJoin('favorites as f', (join) => join.onRef('f.message_id', '=', 'm.id').on('f.user_id', '=', userId))
      .selectAll('m')
      .select('f.id as favorite_id')
      .where('m.conversation_id', '=', conversationId)
      .where('m.user_id', '=', userId)
      .orderBy('m.id')
      .execute();
  }

  /** The latest turns before `beforeId` (the context candidates), oldest first. */
  async history(tx: Tx | Db, conversationId: number, beforeId: number | null, limit: number): Promise<Pick<MessageRow, 'id' | 'role' | 'content' | 'status'>[]> {
    let query = tx.selectFrom('chat_messages').select(['id', 'role', 'content', 'status']).where('conversation_id', '=', conversationId);
    if (beforeId !== null) query = query.where('id', '<', String(beforeId));
    const rows = await query.orderBy('id', 'desc').limit(limit).execute();
    return rows.reverse();
  }

  message(db: Db | Tx, userId: number, id: number): Promise<MessageRow | undefined> {
    return db.selectFrom('chat_messages').selectAll().where('id', '=', String(id)).where('user_id', '=', userId).executeTakeFirst();
  }

  async hasGenerating(tx: Tx, conversationId: number): Promise<boolean> {
    const row = await tx.selectFrom('chat_messages').select('id').where('conversation_id', '=', conversationId).where('status', '=', 'generating').executeTakeFirst();
    return row !== undefined;
  }

  async lastQuestion(tx: Tx, conversationId: number): Promise<MessageRow | undefined> {
    return tx.selectFrom('chat_messages').selectAll().where('conversation_id', '=', conversationId).where('role', '=', 'user').orderBy('id', 'desc').limit(1).executeTakeFirst();
  }

  async previousQuestion(db: Db | Tx, conversationId: number, beforeId: number): Promise<MessageRow | undefined> {
    return db
      .selectFrom('chat_messages')
      .selectAll()
      .where('conversation_id', '=', conversationId)
      .where('role', '=', 'user')
      .where('id', '<', String(beforeId))
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  async deleteAfter(tx: Tx, conversationId: number, afterId: number): Promise<void> {
    await tx.deleteFrom('chat_messages').where('conversation_id', '=', conversationId).where('id', '>', String(afterId)).execute();
  }

  async updateQuestion(tx: Tx, id: number, content: string, now: Date): Promise<void> {
    await tx.updateTable('chat_messages').set({ content, updated_at: now }).where('id', '=', String(id)).execute();
  }

  insertMessage(
    tx: Tx,
    values: { id?: number; conversationId: number; userId: number; role: 'user' | 'assistant'; content: string; status: Status; model: string | null; now: Date },
  ): Promise<MessageRow> {
    return tx
      .insertInto('chat_messages')
      .values({
        ...(values.id === undefined ? {} : { id: String(values.id) }),
        conversation_id: values.conversationId,
        user_id: values.userId,
        role: values.role,
        content: values.content,
        status: values.status,
        model: values.model,
        created_at: values.now,
        updated_at: values.now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Finalises an answer; only a generating message can be finalised (a sweeper may have got there first). */
  async settleMessage(tx: Tx | Db, id: number, s: Settlement): Promise<void> {
    await tx
      .updateTable('chat_messages')
      .set({
        status: s.status,
        content: s.content,
        error: s.error,
        sources: s.sources ? JSON.stringify(s.sources) : null,
        prompt_tokens: s.promptTokens,
        completion_tokens: s.completionTokens,
        words: s.words,
        charged_asset: s.chargedAsset,
        charged: s.charged,
        updated_at: s.now,
      })
      .where('id', '=', String(id))
      .execute();
  }

  async generatingIn(db: Db, conversationId: number): Promise<number[]> {
    const rows = await db.selectFrom('chat_messages').select('id').where('conversation_id', '=', conversationId).where('status', '=', 'generating').execute();
    return rows.map((r) => Number(r.id));
  }
}
