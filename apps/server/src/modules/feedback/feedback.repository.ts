import { sql } from 'kysely';
import type { FeedbackCategory, FeedbackStatus } from '@xueba/contract';
import type { Db, Tx } from '../../platform/db/transaction.js';
import './feedback.tables.js';

export interface FeedbackRow {
  id: number;
  user_id: number;
  category: FeedbackCategory;
  content: string;
  images: string[];
  page: string;
  status: FeedbackStatus;
  user_unread: boolean;
  reply_count: number;
  created_at: Date;
  updated_at: Date;
}

export interface AdminFeedbackRow extends FeedbackRow {
  nickname: string | null;
  email: string | null;
  mobile: string | null;
}

export interface ReplyRow {
  id: number;
  author: 'user' | 'operator';
  content: string;
  created_at: Date;
}

export interface AdminFilter {
  status?: FeedbackStatus;
  category?: FeedbackCategory;
  keyword?: string;
}

interface Patch {
  status?: FeedbackStatus;
  user_unread?: boolean;
  updated_at?: Date;
}

/** All SQL of feedback and its replies. */
export class FeedbackRepository {
  async insert(tx: Tx, row: { user_id: number; category: FeedbackCategory; content: string; images: string[]; page: string; now: Date }): Promise<FeedbackRow> {
    return (await tx
      .insertInto('feedbacks')
      .values({ user_id: row.user_id, category: row.category, content: row.content, images: JSON.stringify(row.images), page: row.page, created_at: row.now, updated_at: row.now })
      .returningAll()
      .executeTakeFirstOrThrow()) as FeedbackRow;
  }

  /** The row, locked for a change of its thread (replies and status move together). */
  async lock(tx: Tx, id: number): Promise<FeedbackRow | undefined> {
    return (await tx.selectFrom('feedbacks').selectAll().where('id', '=', id).forUpdate().executeTakeFirst()) as FeedbackRow | undefined;
  }

  async find(db: Db, id: number): Promise<FeedbackRow | undefined> {
    return (await db.selectFrom('feedbacks').selectAll().where('id', '=', id).executeTakeFirst()) as FeedbackRow | undefined;
  }

  async update(db: Db | Tx, id: number, patch: Patch): Promise<void> {
    await db.updateTable('feedbacks').set(patch).where('id', '=', id).execute();
  }

  async addReply(tx: Tx, input: { feedback_id: number; author: 'user' | 'operator'; operator_id: number | null; content: string; now: Date }): Promise<void> {
    await tx.insertInto('feedback_replies').values({ feedback_id: input.feedback_id, author: input.author, operator_id: input.operator_id, content: input.content, created_at: input.now }).execute();
    await tx
      .updateTable('feedbacks')
      .set({ reply_count: sql<number>`reply_count + 1`, updated_at: input.now })
      .where('id', '=', input.feedback_id)
      .execute();
  }

  async replies(db: Db, feedbackId: number): Promise<ReplyRow[]> {
    return db.selectFrom('feedback_replies').select(['id', 'author', 'content', 'created_at']).where('feedback_id', '=', feedbackId).orderBy('id').execute();
  }

  async listOfUser(db: Db, userId: number, offset: number, limit: number): Promise<{ rows: FeedbackRow[]; count: number; unread: number }> {
    const [rows, totals] = await Promise.all([
      db.selectFrom('feedbacks').selectAll().where('user_id', '=', userId).orderBy('updated_at', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).execute(),
      db
        .selectFrom('feedbacks')
        .select((eb) => [eb.fn.countAll<string>().as('count'), eb.fn.count<string>(eb.case().when('user_unread', '=', true).then(1).end()).as('unread')])
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow(),
    ]);
    return { rows: rows as FeedbackRow[], count: Number(totals.count), unread: Number(totals.unread) };
  }

  async listAll(db: Db, filter: AdminFilter, offset: number, limit: number): Promise<{ rows: AdminFeedbackRow[]; count: number }> {
    let query = db.selectFrom('feedbacks').innerJoin('users', 'users.id', 'feedbacks.user_id');
    if (filter.status) query = query.where('feedbacks.status', '=', filter.status);
    if (filter.category) query = query.where('feedbacks.category', '=', filter.category);
    if (filter.keyword) {
      const like = `%${filter.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const asId = /^\d{1,9}$/.test(filter.keyword) ? Number(filter.keyword) : -1;
      query = query.where((eb) =>
        eb.or([
          eb('feedbacks.content', 'ilike', like),
          eb('users.nickname', 'ilike', like),
          eb('users.email', 'ilike', like),
          eb('users.mobile', 'ilike', like),
          eb('feedbacks.id', '=', asId),
          eb('users.id', '=', asId),
        ]),
      );
    }
    const [rows, total] = await Promise.all([
      query
        .selectAll('feedbacks')
        .select(['users.nickname', 'users.email', 'users.mobile'])
        .orderBy('feedbacks.updated_at', 'desc')
        .orderBy('feedbacks.id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    ]);
    return { rows: rows as AdminFeedbackRow[], count: Number(total.count) };
  }

  async findWithUser(db: Db, id: number): Promise<AdminFeedbackRow | undefined> {
    return (await db
      .selectFrom('feedbacks')
      .innerJoin('users', 'users.id', 'feedbacks.user_id')
      .selectAll('feedbacks')
      .select(['users.nickname', 'users.email', 'users.mobile'])
      .where('feedbacks.id', '=', id)
      .executeTakeFirst()) as AdminFeedbackRow | undefined;
  }
}
