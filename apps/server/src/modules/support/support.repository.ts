import { sql, type Selectable } from 'kysely';
import type { SupportStatus } from '@xueba/contract';
import type { Db, Tx } from '../../platform/db/transaction.js';
import type { SupportConversationsTable, SupportMessagesTable, SupportQuickRepliesTable } from './support.tables.js';
import './support.tables.js';

export type ConversationRow = Selectable<SupportConversationsTable>;
export type MessageRow = Selectable<SupportMessagesTable>;
export type QuickReplyRow = Selectable<SupportQuickRepliesTable>;
export interface InboxRow extends ConversationRow {
  nickname: string | null;
  email: string | null;
  mobile: string | null;
}

/** Who a conversation belongs to: a signed-in user or a visitor's verified email. */
export type Owner = { userId: number; email?: undefined } | { userId?: undefined; email: string };

/** All SQL of customer service. */
export class SupportRepository {
  /** The owner's newest conversation (open or closed). */
  async latest(db: Db | Tx, owner: Owner): Promise<ConversationRow | undefined> {
    let query = db.selectFrom('support_conversations').selectAll();
    query = owner.userId !== undefined ? query.where('user_id', '=', owner.userId) : query.where('visitor_email', '=', owner.email);
    return query.orderBy('id', 'desc').limit(1).executeTakeFirst();
  }

  /** The conversation, locked for a new message (counters and status move with it). */
  async lock(tx: Tx, id: number): Promise<ConversationRow | undefined> {
    return tx.selectFrom('support_conversations').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  }

  async find(db: Db, id: number): Promise<ConversationRow | undefined> {
    return db.selectFrom('support_conversations').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Serialises the owner's sends, so two first messages cannot open two conversations. */
  async lockOwner(tx: Tx, owner: Owner): Promise<void> {
    const key = owner.userId !== undefined ? `u:${owner.userId}` : `e:${owner.email}`;
    await sql`SELECT pg_advisory_xact_lock(7440, hashtext(${key}))`.execute(tx);
  }

  async openConversation(tx: Tx, owner: Owner, locale: string, now: Date): Promise<ConversationRow> {
    return tx
      .insertInto('support_conversations')
      .values({ user_id: owner.userId ?? null, visitor_email: owner.email ?? null, locale, last_message_at: now, created_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async addMessage(
    tx: Tx,
    input: { conversation_id: number; sender: 'user' | 'operator'; operator_id: number | null; content: string; image_key: string | null; now: Date; preview: string },
  ): Promise<MessageRow> {
    const message = await tx
      .insertInto('support_messages')
      .values({ conversation_id: input.conversation_id, sender: input.sender, operator_id: input.operator_id, content: input.content, image_key: input.image_key, created_at: input.now })
      .returningAll()
      .executeTakeFirstOrThrow();
    const counter = input.sender === 'user' ? 'staff_unread' : 'user_unread';
    await tx
      .updateTable('support_conversations')
      .set({ [counter]: sql<number>`${sql.ref(counter)} + 1`, preview: input.preview, last_message_at: input.now })
      .where('id', '=', input.conversation_id)
      .execute();
    return message;
  }

  async messages(db: Db, conversationId: number): Promise<MessageRow[]> {
    return db.selectFrom('support_messages').selectAll().where('conversation_id', '=', conversationId).orderBy('id').execute();
  }

  async markRead(db: Db, id: number, side: 'user' | 'staff'): Promise<void> {
    await db
      .updateTable('support_conversations')
      .set(side === 'user' ? { user_unread: 0 } : { staff_unread: 0 })
      .where('id', '=', id)
      .execute();
  }

  async close(db: Db, id: number, now: Date): Promise<boolean> {
    const result = await db.updateTable('support_conversations').set({ status: 'closed', closed_at: now }).where('id', '=', id).where('status', '=', 'open').executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async userUnread(db: Db, userId: number): Promise<number> {
    const row = await db
      .selectFrom('support_conversations')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('user_unread'), sql<string>`0`).as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async inbox(db: Db, filter: { status?: SupportStatus; keyword?: string }, offset: number, limit: number): Promise<{ rows: InboxRow[]; count: number; unread: number }> {
    let query = db.selectFrom('support_conversations').leftJoin('users', 'users.id', 'support_conversations.user_id');
    if (filter.status) query = query.where('support_conversations.status', '=', filter.status);
    if (filter.keyword) {
      const like = `%${filter.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query = query.where((eb) =>
        eb.or([
          eb('support_conversations.visitor_email', 'ilike', like),
          eb('users.nickname', 'ilike', like),
          eb('users.email', 'ilike', like),
          eb('users.mobile', 'ilike', like),
          eb('support_conversations.preview', 'ilike', like),
        ]),
      );
    }
    const [rows, totals] = await Promise.all([
      query
        .selectAll('support_conversations')
        .select(['users.nickname', 'users.email', 'users.mobile'])
        .orderBy(sql`support_conversations.staff_unread > 0`, 'desc')
        .orderBy('support_conversations.last_message_at', 'desc')
        .orderBy('support_conversations.id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
      query
        .select((eb) => [eb.fn.countAll<string>().as('count'), eb.fn.coalesce(eb.fn.sum<string>('support_conversations.staff_unread'), sql<string>`0`).as('unread')])
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, count: Number(totals.count), unread: Number(totals.unread) };
  }

  async inboxRow(db: Db, id: number): Promise<InboxRow | undefined> {
    return db
      .selectFrom('support_conversations')
      .leftJoin('users', 'users.id', 'support_conversations.user_id')
      .selectAll('support_conversations')
      .select(['users.nickname', 'users.email', 'users.mobile'])
      .where('support_conversations.id', '=', id)
      .executeTakeFirst();
  }

  // ---- visitors

  async saveVisitorToken(db: Db, tokenHash: string, email: string, now: Date, expiresAt: Date): Promise<void> {
    await db.insertInto('support_visitor_tokens').values({ token_hash: tokenHash, email, created_at: now, expires_at: expiresAt }).execute();
  }

  async visitorEmail(db: Db, tokenHash: string, now: Date): Promise<string | null> {
    const row = await db.selectFrom('support_visitor_tokens').select('email').where('token_hash', '=', tokenHash).where('expires_at', '>', now).executeTakeFirst();
    return row?.email ?? null;
  }

  // ---- presence

  async presenceEnter(db: Db, streamId: string, subject: string, now: Date): Promise<void> {
    await db.insertInto('support_presence').values({ stream_id: streamId, conversation_subject: subject, seen_at: now }).execute();
  }

  async presenceLeave(db: Db, streamId: string): Promise<void> {
    await db.deleteFrom('support_presence').where('stream_id', '=', streamId).execute();
  }

  /** Refreshes this process's streams and forgets those of processes that stopped refreshing. */
  async presenceBeat(db: Db, streamIds: string[], now: Date, staleBefore: Date): Promise<void> {
    if (streamIds.length > 0) await db.updateTable('support_presence').set({ seen_at: now }).where('stream_id', 'in', streamIds).execute();
    await db.deleteFrom('support_presence').where('seen_at', '<', staleBefore).execute();
  }

  async present(db: Db | Tx, subject: string, since: Date): Promise<boolean> {
    const row = await db.selectFrom('support_presence').select('stream_id').where('conversation_subject', '=', subject).where('seen_at', '>=', since).limit(1).executeTakeFirst();
    return row !== undefined;
  }

  // ---- quick replies

  async quickReplies(db: Db): Promise<QuickReplyRow[]> {
    return db.selectFrom('support_quick_replies').selectAll().orderBy('sort').orderBy('id').execute();
  }

  async saveQuickReply(db: Db, input: { id?: number; title: string; content: string; sort: number; now: Date }): Promise<QuickReplyRow | undefined> {
    if (input.id !== undefined) {
      return db.updateTable('support_quick_replies').set({ title: input.title, content: input.content, sort: input.sort }).where('id', '=', input.id).returningAll().executeTakeFirst();
    }
    return db.insertInto('support_quick_replies').values({ title: input.title, content: input.content, sort: input.sort, created_at: input.now }).returningAll().executeTakeFirst();
  }

  async deleteQuickReply(db: Db, id: number): Promise<void> {
    await db.deleteFrom('support_quick_replies').where('id', '=', id).execute();
  }
}
