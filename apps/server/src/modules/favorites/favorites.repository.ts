import type { Selectable } from 'kysely';
import type { Db } from '../../platform/db/transaction.js';
import type { FavoritesTable } from './favorites.tables.js';
import { likePattern } from '../chat/chat.repository.js';

export type FavoriteRow = Selectable<FavoritesTable>;

/** All SQL of favorites (bookmarked question and answer pairs). */
export class FavoritesRepository {
  /** Adds once per answer: a second add returns the existing favorite. */
  async add(db: Db, values: { userId: number; question: string; answer: string; conversationId: number; messageId: number; now: Date }): Promise<FavoriteRow> {
    const inserted = await db
      .insertInto('favorites')
      .values({
        user_id: values.userId,
        question: values.question,
        answer: values.answer,
        conversation_id: values.conversationId,
        message_id: values.messageId,
        created_at: values.now,
      })
      .onConflict((oc) => oc.columns(['user_id', 'message_id']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (inserted) return inserted;
    return db.selectFrom('favorites').selectAll().where('user_id', '=', values.userId).where('message_id', '=', String(values.messageId)).executeTakeFirstOrThrow();
  }

  /** Removes the user's own favorite; returns how many rows went (0: none of theirs matched). */
  async remove(db: Db, userId: number, by: { id?: number; messageId?: number }): Promise<number> {
    let query = db.deleteFrom('favorites').where('user_id', '=', userId);
    if (by.id !== undefined) query = query.where('id', '=', by.id);
    if (by.messageId !== undefined) query = query.where('message_id', '=', String(by.messageId));
    const result = await query.executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async list(db: Db, userId: number, keyword: string | undefined, limit: number, offset: number): Promise<{ rows: FavoriteRow[]; count: number }> {
    let query = db.selectFrom('favorites').where('user_id', '=', userId);
    if (keyword) {
      const pattern = likePattern(keyword);
      query = query.where((eb) => eb.or([eb('question', 'ilike', pattern), eb('answer', 'ilike', pattern)]));
    }
    const [rows, total] = await Promise.all([
      query.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(),
      query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, count: Number(total.n) };
  }
}
