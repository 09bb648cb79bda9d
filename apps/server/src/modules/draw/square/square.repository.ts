import { sql, type SelectQueryBuilder } from 'kysely';
import type { DrawFamily, DrawGeneration, SquareStatus } from '@xueba/contract';
import type { Db } from '../../../platform/db/transaction.js';
import type { Database } from '../../../platform/db/schema.js';

/** A square item with what it shows: the picture, the job that drew it, the author. */
export interface SquareItemRow {
  id: number;
  image_id: number;
  user_id: number;
  status: SquareStatus;
  reviewed_by: number | null;
  reviewed_at: Date | null;
  created_at: Date;
  updated_at: Date;
  storage_key: string;
  thumb_key: string;
  width: number;
  height: number;
  prompt: string;
  negative_prompt: string;
  family: DrawFamily;
  model: string;
  size: string;
  style: string | null;
  quality: string | null;
  generation: DrawGeneration;
  nickname: string;
  avatar: string;
}

/** The picture a user asks to publish, with its job's state. */
export interface PublishableImage {
  id: number;
  user_id: number;
  job_status: string;
  job_kind: string;
}

export interface SquareListFilter {
  /** Only these statuses (the public list: published). */
  statuses?: readonly SquareStatus[];
  /** Only this author's items. */
  userId?: number;
  family?: DrawFamily;
  /** Only items someone reported. */
  reported?: boolean;
  /** Pending items before the others (the review queue). */
  pendingFirst?: boolean;
  limit: number;
  offset: number;
}

/** How many report reasons an admin row carries. */
export const REPORT_REASONS_SHOWN = 5;

type Joined = SelectQueryBuilder<Database, 'square_items' | 'draw_images' | 'draw_jobs' | 'users', object>;

/** All SQL of the image square. */
export class SquareRepository {
  private joined(db: Db): Joined {
    return db
      .selectFrom('square_items')
      .innerJoin('draw_images', 'draw_images.id', 'square_items.image_id')
      .innerJoin('draw_jobs', 'draw_jobs.id', 'draw_images.job_id')
      .innerJoin('users', 'users.id', 'square_items.user_id');
  }

  private selectItem(query: Joined) {
    return query.select([
      'square_items.id',
      'square_items.image_id',
      'square_items.user_id',
      'square_items.status',
      'square_items.reviewed_by',
      'square_items.reviewed_at',
      'square_items.created_at',
      'square_items.updated_at',
      'draw_images.storage_key',
      'draw_images.thumb_key',
      'draw_images.width',
      'draw_images.height',
      'draw_jobs.prompt',
      'draw_jobs.negative_prompt',
      'draw_jobs.family',
      'draw_jobs.model',
      'draw_jobs.size',
      'draw_jobs.style',
      'draw_jobs.quality',
      'draw_jobs.generation',
      'users.nickname',
      'users.avatar',
    ]);
  }

  async item(db: Db, id: number): Promise<SquareItemRow | undefined> {
    return this.selectItem(this.joined(db)).where('square_items.id', '=', id).executeTakeFirst();
  }

  async itemByImage(db: Db, imageId: number): Promise<SquareItemRow | undefined> {
    return this.selectItem(this.joined(db)).where('square_items.image_id', '=', imageId).executeTakeFirst();
  }

  async list(db: Db, filter: SquareListFilter): Promise<{ rows: SquareItemRow[]; count: number }> {
    let query = this.joined(db);
    if (filter.statuses) query = query.where('square_items.status', 'in', filter.statuses);
    if (filter.userId !== undefined) query = query.where('square_items.user_id', '=', filter.userId);
    if (filter.family) query = query.where('draw_jobs.family', '=', filter.family);
    if (filter.reported) query = query.where((eb) => eb.exists(eb.selectFrom('square_reports').select('square_reports.id').whereRef('square_reports.item_id', '=', 'square_items.id')));
    let ordered = this.selectItem(query);
    if (filter.pendingFirst) ordered = ordered.orderBy(sql`CASE WHEN square_items.status = 'pending' THEN 0 ELSE 1 END`);
    const [rows, total] = await Promise.all([
      ordered.orderBy('square_items.created_at', 'desc').orderBy('square_items.id', 'desc').limit(filter.limit).offset(filter.offset).execute(),
      query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, count: Number(total.n) };
  }

  /** The square item of each picture that has one (any status): a drawing record's `square_id`. */
  async itemIdsByImage(db: Db, imageIds: number[]): Promise<Map<number, number>> {
    if (imageIds.length === 0) return new Map();
    const rows = await db.selectFrom('square_items').select(['image_id', 'id']).where('image_id', 'in', imageIds).execute();
    return new Map(rows.map((r) => [r.image_id, r.id]));
  }

  async publishableImage(db: Db, imageId: number): Promise<PublishableImage | undefined> {
    return db
      .selectFrom('draw_images')
      .innerJoin('draw_jobs', 'draw_jobs.id', 'draw_images.job_id')
      .select(['draw_images.id', 'draw_images.user_id', 'draw_jobs.status as job_status', 'draw_jobs.kind as job_kind'])
      .where('draw_images.id', '=', imageId)
      .executeTakeFirst();
  }

  /** Inserts the picture's item unless it has one (one item per picture); returns the new id, or null when it existed. */
  async insert(db: Db, values: { imageId: number; userId: number; status: SquareStatus; now: Date }): Promise<number | null> {
    const row = await db
      .insertInto('square_items')
      .values({ image_id: values.imageId, user_id: values.userId, status: values.status, created_at: values.now, updated_at: values.now })
      .onConflict((oc) => oc.column('image_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id ?? null;
  }

  /** Deletes the author's item when it is in one of `statuses`; returns whether a row went. */
  async deleteOwn(db: Db, id: number, userId: number, statuses: readonly SquareStatus[]): Promise<boolean> {
    const result = await db.deleteFrom('square_items').where('id', '=', id).where('user_id', '=', userId).where('status', 'in', statuses).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Moves the item to `to` when it is in one of `from`, stamping the reviewer; false when it was not. */
  async transition(db: Db, id: number, from: readonly SquareStatus[], to: SquareStatus, reviewerId: number, now: Date): Promise<boolean> {
    const result = await db
      .updateTable('square_items')
      .set({ status: to, reviewed_by: reviewerId, reviewed_at: now, updated_at: now })
      .where('id', '=', id)
      .where('status', 'in', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** One report per user and item: a second one is ignored (the first reason stands). Returns whether this one was new. */
  async report(db: Db, values: { itemId: number; userId: number; reason: string; now: Date }): Promise<boolean> {
    const row = await db
      .insertInto('square_reports')
      .values({ item_id: values.itemId, user_id: values.userId, reason: values.reason, created_at: values.now })
      .onConflict((oc) => oc.columns(['item_id', 'user_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Per item: how many reports, and the latest `REPORT_REASONS_SHOWN` reasons, newest first. */
  async reports(db: Db, itemIds: number[]): Promise<Map<number, { count: number; reasons: string[] }>> {
    const out = new Map<number, { count: number; reasons: string[] }>();
    if (itemIds.length === 0) return out;
    const ranked = db
      .selectFrom('square_reports')
      .select([
        'item_id',
        'reason',
        'created_at',
        'id',
        sql<string>`row_number() OVER (PARTITION BY item_id ORDER BY created_at DESC, id DESC)`.as('rank'),
        sql<string>`count(*) OVER (PARTITION BY item_id)`.as('total'),
      ])
      .where('item_id', 'in', itemIds)
      .as('ranked');
    const rows = await db
      .selectFrom(ranked)
      .select(['ranked.item_id', 'ranked.reason', 'ranked.total'])
      .where(sql<boolean>`ranked.rank <= ${REPORT_REASONS_SHOWN}`)
      .orderBy('ranked.item_id')
      .orderBy('ranked.created_at', 'desc')
      .orderBy('ranked.id', 'desc')
      .execute();
    for (const row of rows) {
      const entry = out.get(row.item_id) ?? { count: Number(row.total), reasons: [] };
      entry.reasons.push(row.reason);
      out.set(row.item_id, entry);
    }
    return out;
  }
}
