import { sql, type Selectable } from 'kysely';
import type { MindmapNode, MindmapOrigin, MindmapStatus } from '@xueba/contract';
import type { Db, Tx } from '../../platform/db/transaction.js';
import { likePattern } from '../chat/chat.repository.js';
import type { MindmapsTable } from './mindmap.tables.js';

export type MindmapRow = Selectable<MindmapsTable>;
/** A row without its tree: what lists show. */
export type MindmapListRow = Omit<MindmapRow, 'tree'>;

export interface NewMindmap {
  userId: number;
  title: string;
  source: MindmapOrigin;
  sourceRef: string | null;
  status: MindmapStatus;
  tree: MindmapNode;
  nodes: number;
  structural: boolean;
  notice: string | null;
  model: string | null;
  now: Date;
}

/** How a model-written map settles. */
export interface MindmapSettlement {
  status: 'done' | 'failed';
  tree: MindmapNode;
  nodes: number;
  notice: string | null;
  words: number;
  chargedAsset: string | null;
  charged: number;
  now: Date;
}

const LIST_COLUMNS = ['id', 'user_id', 'title', 'source', 'source_ref', 'status', 'revision', 'nodes', 'structural', 'notice', 'model', 'words', 'charged_asset', 'charged', 'share_hash', 'shared_at', 'created_at', 'updated_at'] as const;

/** All SQL of mind maps: the maps, their revisions and share links, and the daily model generations. */
export class MindmapRepository {
  insert(db: Db | Tx, m: NewMindmap): Promise<MindmapRow> {
    return db
      .insertInto('mindmaps')
      .values({
        user_id: m.userId,
        title: m.title,
        source: m.source,
        source_ref: m.sourceRef,
        status: m.status,
        revision: 1,
        tree: JSON.stringify(m.tree),
        nodes: m.nodes,
        structural: m.structural,
        notice: m.notice,
        model: m.model,
        created_at: m.now,
        updated_at: m.now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** The owner's map; someone else's is not found, like a missing one. */
  byId(db: Db | Tx, userId: number, id: number): Promise<MindmapRow | undefined> {
    return db.selectFrom('mindmaps').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  }

  byShareHash(db: Db, hash: string): Promise<MindmapRow | undefined> {
    return db.selectFrom('mindmaps').selectAll().where('share_hash', '=', hash).executeTakeFirst();
  }

  async list(db: Db, userId: number, filter: { keyword?: string; source?: MindmapOrigin }, limit: number, offset: number): Promise<{ rows: MindmapListRow[]; count: number }> {
    let query = db.selectFrom('mindmaps').where('user_id', '=', userId);
    if (filter.source) query = query.where('source', '=', filter.source);
    if (filter.keyword) query = query.where('title', 'ilike', likePattern(filter.keyword));
    const [rows, total] = await Promise.all([
      query.select(LIST_COLUMNS).orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
      query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, count: Number(total.n) };
  }

  /**
   * Writes the tree over `revision` and raises it by one, in one statement:
   * of two saves naming the same revision exactly one matches. Undefined: the
   * map is not the user's, is still generating, or has a newer revision.
   */
  saveTree(db: Db, userId: number, id: number, revision: number, values: { tree: MindmapNode; nodes: number; title?: string; now: Date }): Promise<MindmapRow | undefined> {
    return db
      .updateTable('mindmaps')
      .set({
        tree: JSON.stringify(values.tree),
        nodes: values.nodes,
        revision: sql<number>`revision + 1`,
        // The user's edit is the map now: a model's "partial outline" notice no longer describes it; where it came from still does.
        status: 'done',
        notice: sql<string | null>`CASE WHEN notice = 'mindmap_structural_only' THEN notice END`,
        updated_at: values.now,
        ...(values.title !== undefined ? { title: values.title } : {}),
      })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('revision', '=', revision)
      .where('status', '!=', 'generating')
      .returningAll()
      .executeTakeFirst();
  }

  rename(db: Db, userId: number, id: number, title: string, now: Date): Promise<MindmapListRow | undefined> {
    return db.updateTable('mindmaps').set({ title, updated_at: now }).where('id', '=', id).where('user_id', '=', userId).returning(LIST_COLUMNS).executeTakeFirst();
  }

  async delete(db: Db, userId: number, id: number): Promise<boolean> {
    const result = await db.deleteFrom('mindmaps').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async setShare(db: Db, userId: number, id: number, hash: string | null, now: Date): Promise<boolean> {
    const result = await db
      .updateTable('mindmaps')
      .set({ share_hash: hash, shared_at: hash ? now : null })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** A model-written map's outcome; only while it is still generating (a sweep may have failed it). */
  async settle(db: Db | Tx, id: number, s: MindmapSettlement): Promise<number | null> {
    const row = await db
      .updateTable('mindmaps')
      .set({ status: s.status, tree: JSON.stringify(s.tree), nodes: s.nodes, notice: s.notice, words: s.words, charged_asset: s.chargedAsset, charged: s.charged, updated_at: s.now })
      .where('id', '=', id)
      .where('status', '=', 'generating')
      .returning('revision')
      .executeTakeFirst();
    return row ? row.revision : null;
  }

  /** Maps whose generating process died (no settlement since `before`) become failed, keeping the tree they had. */
  async failStale(db: Db, before: Date, now: Date): Promise<number> {
    const result = await db
      .updateTable('mindmaps')
      .set({ status: 'failed', notice: 'generation_failed', updated_at: now })
      .where('status', '=', 'generating')
      .where('updated_at', '<', before)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** One model generation more for the user today; returns today's count including this one. */
  async countGeneration(tx: Tx, userId: number, day: string): Promise<number> {
    const row = await tx
      .insertInto('mindmap_usage')
      .values({ user_id: userId, day, count: 1 })
      .onConflict((oc) => oc.columns(['user_id', 'day']).doUpdateSet({ count: sql<number>`mindmap_usage.count + 1` }))
      .returning('count')
      .executeTakeFirstOrThrow();
    return row.count;
  }

  async generationsOn(db: Db, userId: number, day: string): Promise<number> {
    const row = await db.selectFrom('mindmap_usage').select('count').where('user_id', '=', userId).where('day', '=', day).executeTakeFirst();
    return row?.count ?? 0;
  }

  /** The pages of one of the user's documents, in order, up to `maxChars` of text. */
  async docPages(db: Db, docId: number, maxPages: number): Promise<{ page: number; text: string }[]> {
    return db.selectFrom('doc_pages').select(['page', 'text']).where('doc_id', '=', docId).orderBy('page').limit(maxPages).execute();
  }

  /** A finished answer of the user's own conversation (the message id alone proves nothing). */
  answer(db: Db, userId: number, messageId: number): Promise<{ id: string; content: string; conversation_id: number } | undefined> {
    return db
      .selectFrom('chat_messages')
      .select(['id', 'content', 'conversation_id'])
      .where('id', '=', String(messageId))
      .where('user_id', '=', userId)
      .where('role', '=', 'assistant')
      .where('status', 'in', ['done', 'stopped'])
      .executeTakeFirst();
  }

  /** The question an answer replies to (the map's title), the user message just before it. */
  async questionBefore(db: Db, conversationId: number, messageId: number): Promise<string | null> {
    const row = await db
      .selectFrom('chat_messages')
      .select('content')
      .where('conversation_id', '=', conversationId)
      .where('role', '=', 'user')
      .where('id', '<', String(messageId))
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.content ?? null;
  }
}
