import { sql, type Insertable, type Selectable } from 'kysely';
import { pageOffset } from '../../platform/http/paging.js';
import type { DocCitation, DocStatus, DocType } from '@xueba/contract';
import type { Db, Tx } from '../../platform/db/transaction.js';
import { likePattern } from '../chat/chat.repository.js';
import type { Chunk } from './chunk.js';
import type { DocConversationsTable, DocMessagesTable, DocumentsTable } from './doc.tables.js';
import './doc.tables.js';

export type DocumentRow = Selectable<DocumentsTable>;
export type DocConversationRow = Selectable<DocConversationsTable>;
export type DocMessageRow = Selectable<DocMessagesTable>;

export interface ListFilter {
  keyword?: string;
  type?: DocType;
  status?: DocStatus;
  page_no: number;
  page_size: number;
}

/** All SQL of documents, their pages and passages, conversations and messages. */
export class DocRepository {
  /** Serialises one user's uploads (the quota check and the inserts must not race). */
  async lockUser(tx: Tx, userId: number): Promise<void> {
    await sql`SELECT pg_advisory_xact_lock(7401, ${userId})`.execute(tx);
  }

  async usedBytes(db: Db | Tx, userId: number): Promise<number> {
    const row = await db.selectFrom('documents').select((eb) => eb.fn.coalesce(eb.fn.sum<string>('size'), sql<string>`0`).as('used')).where('user_id', '=', userId).executeTakeFirst();
    return Number(row?.used ?? 0);
  }

  insert(tx: Tx, values: Insertable<DocumentsTable>): Promise<DocumentRow> {
    return tx.insertInto('documents').values(values).returningAll().executeTakeFirstOrThrow();
  }

  async list(db: Db, userId: number, filter: ListFilter): Promise<{ rows: DocumentRow[]; count: number }> {
    let query = db.selectFrom('documents').where('user_id', '=', userId);
    if (filter.keyword) query = query.where('name', 'ilike', likePattern(filter.keyword));
    if (filter.type) query = query.where('type', '=', filter.type);
    if (filter.status) query = query.where('status', '=', filter.status);
    const [rows, total] = await Promise.all([
      query.selectAll().orderBy('id', 'desc').limit(filter.page_size).offset(pageOffset(filter)).execute(),
      query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst(),
    ]);
    return { rows, count: Number(total?.n ?? 0) };
  }

  byId(db: Db | Tx, userId: number, id: number): Promise<DocumentRow | undefined> {
    return db.selectFrom('documents').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  }

  /** Unscoped read for the job handler (the job carries the id). */
  byIdAny(db: Db | Tx, id: number): Promise<DocumentRow | undefined> {
    return db.selectFrom('documents').selectAll().where('id', '=', id).executeTakeFirst();
  }

  byIds(db: Db, userId: number, ids: number[]): Promise<DocumentRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return db.selectFrom('documents').selectAll().where('user_id', '=', userId).where('id', 'in', ids).execute();
  }

  completeIds(db: Db, userId: number): Promise<{ id: number; name: string }[]> {
    return db.selectFrom('documents').select(['id', 'name']).where('user_id', '=', userId).where('status', '=', 'complete').orderBy('id', 'desc').execute();
  }

  rename(db: Db, userId: number, id: number, name: string, now: Date): Promise<DocumentRow | undefined> {
    return db.updateTable('documents').set({ name, updated_at: now }).where('id', '=', id).where('user_id', '=', userId).returningAll().executeTakeFirst();
  }

  async setStatus(db: Db | Tx, id: number, status: DocStatus, now: Date, failure: { reason: string; detail: string } | null = null): Promise<void> {
    await db
      .updateTable('documents')
      .set({ status, fail_reason: failure?.reason ?? null, fail_detail: failure?.detail.slice(0, 1000) ?? null, progress_page: null, progress_pages: null, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  /** "page x of y" of the scanned pages being read, or null when none is. */
  async setProgress(db: Db | Tx, id: number, progress: { page: number; pages: number } | null): Promise<void> {
    await db
      .updateTable('documents')
      .set({ progress_page: progress?.page ?? null, progress_pages: progress?.pages ?? null })
      .where('id', '=', id)
      .execute();
  }

  /** Pages read by OCR on a UTC day (`YYYY-MM-DD`): on the whole site, and by one user. */
  async ocrPagesUsed(db: Db | Tx, day: string, userId: number): Promise<{ site: number; user: number }> {
    const row = await db
      .selectFrom('doc_ocr_usage')
      .select((eb) => [
        eb.fn.coalesce(eb.fn.sum<string>('pages'), sql<string>`0`).as('site'),
        eb.fn.coalesce(eb.fn.sum<string>(eb.case().when('user_id', '=', userId).then(eb.ref('pages')).else(0).end()), sql<string>`0`).as('user'),
      ])
      .where('day', '=', day)
      .executeTakeFirst();
    return { site: Number(row?.site ?? 0), user: Number(row?.user ?? 0) };
  }

  async addOcrPages(db: Db | Tx, day: string, userId: number, pages: number): Promise<void> {
    if (pages <= 0) return;
    await db
      .insertInto('doc_ocr_usage')
      .values({ day, user_id: userId, pages })
      .onConflict((oc) => oc.columns(['day', 'user_id']).doUpdateSet((eb) => ({ pages: eb('doc_ocr_usage.pages', '+', eb.ref('excluded.pages')) })))
      .execute();
  }

  /** Replaces the parsed content of a document (a retry starts clean). */
  async saveParsed(tx: Tx, id: number, pages: string[], chunks: Chunk[], words: number, now: Date): Promise<void> {
    await tx.deleteFrom('doc_chunks').where('doc_id', '=', id).execute();
    await tx.deleteFrom('doc_pages').where('doc_id', '=', id).execute();
    await tx.deleteFrom('doc_interpretations').where('doc_id', '=', id).execute();
    // Batches keep each statement's parameter count well under PostgreSQL's 65,535.
    for (let i = 0; i < pages.length; i += 500) {
      await tx
        .insertInto('doc_pages')
        .values(pages.slice(i, i + 500).map((text, k) => ({ doc_id: id, page: i + k + 1, text })))
        .execute();
    }
    for (let i = 0; i < chunks.length; i += 500) {
      await tx
        .insertInto('doc_chunks')
        .values(
          chunks.slice(i, i + 500).map((c) => ({
            doc_id: id,
            page: c.page,
            start_offset: c.start,
            end_offset: c.end,
            text: c.text,
            terms: c.terms.join(' '),
            bbox: c.bbox ? JSON.stringify(c.bbox) : null,
          })),
        )
        .execute();
    }
    await tx
      .updateTable('documents')
      .set({ status: 'complete', pages: pages.length, words, fail_reason: null, fail_detail: null, progress_page: null, progress_pages: null, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  page(db: Db, id: number, page: number): Promise<{ text: string } | undefined> {
    return db.selectFrom('doc_pages').select('text').where('doc_id', '=', id).where('page', '=', page).executeTakeFirst();
  }

  /** The first pages' text (interpretation input). */
  firstPages(db: Db, id: number, count: number): Promise<{ page: number; text: string }[]> {
    return db.selectFrom('doc_pages').select(['page', 'text']).where('doc_id', '=', id).orderBy('page').limit(count).execute();
  }

  chunks(db: Db, id: number): Promise<{ id: string; page: number; start_offset: number; end_offset: number; text: string; terms: string; bbox: [number, number, number, number] | null }[]> {
    return db.selectFrom('doc_chunks').select(['id', 'page', 'start_offset', 'end_offset', 'text', 'terms', 'bbox']).where('doc_id', '=', id).orderBy('id').execute();
  }

  /** A document's passage vectors made by one embedding model (another model's vectors are not comparable). */
  async vectors(db: Db, docId: number, model: string): Promise<Map<string, Float32Array>> {
    const rows = await db.selectFrom('doc_chunk_vectors').select(['chunk_id', 'vector']).where('doc_id', '=', docId).where('model', '=', model).execute();
    return new Map(rows.map((r) => [String(r.chunk_id), fromBytes(r.vector)]));
  }

  /** Stores passage vectors, replacing any earlier ones (another model's included). */
  async saveVectors(db: Db, docId: number, model: string, rows: { chunkId: string; vector: Float32Array }[]): Promise<void> {
    // Batches keep each statement's parameter count well under PostgreSQL's 65,535.
    for (let i = 0; i < rows.length; i += 500) {
      await db
        .insertInto('doc_chunk_vectors')
        .values(rows.slice(i, i + 500).map((r) => ({ chunk_id: r.chunkId, doc_id: docId, model, dims: r.vector.length, vector: toBytes(r.vector) })))
        .onConflict((oc) => oc.column('chunk_id').doUpdateSet((eb) => ({ model: eb.ref('excluded.model'), dims: eb.ref('excluded.dims'), vector: eb.ref('excluded.vector') })))
        .execute();
    }
  }

  /**
   * Removes a document and everything hanging off it, in the caller's
   * transaction: conversations that include it (with their messages), its
   * jobs, then the row (pages, passages, interpretations cascade). Returns the
   * file key to remove after commit, or null when there was no such document.
   */
  async delete(tx: Tx, userId: number, id: number): Promise<string | null> {
    const doc = await tx.selectFrom('documents').select('storage_key').where('id', '=', id).where('user_id', '=', userId).forUpdate().executeTakeFirst();
    if (!doc) return null;
    await tx
      .deleteFrom('doc_conversations')
      .where('id', 'in', (eb) => eb.selectFrom('doc_conversation_docs').select('conversation_id').where('doc_id', '=', id))
      .execute();
    await tx.deleteFrom('jobs').where('ref', '=', `document:${id}`).execute();
    await tx.deleteFrom('documents').where('id', '=', id).execute();
    return doc.storage_key;
  }

  async interpretation(db: Db, id: number, locale: string): Promise<Record<string, unknown> | null> {
    const row = await db.selectFrom('doc_interpretations').select('data').where('doc_id', '=', id).where('locale', '=', locale).executeTakeFirst();
    return row?.data ?? null;
  }

  async saveInterpretation(db: Db, id: number, locale: string, data: Record<string, unknown>, now: Date): Promise<void> {
    await db
      .insertInto('doc_interpretations')
      .values({ doc_id: id, locale, data: JSON.stringify(data), created_at: now })
      .onConflict((oc) => oc.columns(['doc_id', 'locale']).doNothing())
      .execute();
  }

  /* ---- conversations ---- */

  conversation(db: Db | Tx, userId: number, id: number): Promise<DocConversationRow | undefined> {
    return db.selectFrom('doc_conversations').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  }

  conversationsOf(db: Db, userId: number, docId: number): Promise<DocConversationRow[]> {
    return db
      .selectFrom('doc_conversations')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', 'in', (eb) => eb.selectFrom('doc_conversation_docs').select('conversation_id').where('doc_id', '=', docId))
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  async insertConversation(tx: Tx, userId: number, title: string, docIds: number[], now: Date): Promise<DocConversationRow> {
    const row = await tx
      .insertInto('doc_conversations')
      .values({ user_id: userId, title, doc_ids: JSON.stringify(docIds), created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('doc_conversation_docs')
      .values(docIds.map((doc_id) => ({ conversation_id: row.id, doc_id })))
      .execute();
    return row;
  }

  async touchConversation(tx: Tx, id: number, now: Date): Promise<void> {
    await tx.updateTable('doc_conversations').set({ updated_at: now }).where('id', '=', id).execute();
  }

  messages(db: Db, conversationId: number): Promise<DocMessageRow[]> {
    return db.selectFrom('doc_messages').selectAll().where('conversation_id', '=', conversationId).orderBy('id').execute();
  }

  insertMessage(tx: Tx, values: { conversationId: number; userId: number; role: 'user' | 'assistant'; content: string; status: DocMessageRow['status']; now: Date }): Promise<DocMessageRow> {
    return tx
      .insertInto('doc_messages')
      .values({ conversation_id: values.conversationId, user_id: values.userId, role: values.role, content: values.content, status: values.status, created_at: values.now, updated_at: values.now })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async settleMessage(db: Db, id: number, values: { content: string; status: DocMessageRow['status']; error: string | null; citations: DocCitation[]; now: Date }): Promise<void> {
    await db
      .updateTable('doc_messages')
      .set({ content: values.content, status: values.status, error: values.error, citations: JSON.stringify(values.citations), updated_at: values.now })
      .where('id', '=', String(id))
      .execute();
  }

  /** Answers left generating by a process that died. */
  async failGenerating(db: Db, before: Date, now: Date): Promise<void> {
    await db.updateTable('doc_messages').set({ status: 'failed', error: 'generation_failed', updated_at: now }).where('status', '=', 'generating').where('updated_at', '<', before).execute();
  }

  message(db: Db | Tx, userId: number, id: number): Promise<DocMessageRow | undefined> {
    return db.selectFrom('doc_messages').selectAll().where('id', '=', String(id)).where('user_id', '=', userId).executeTakeFirst();
  }

  /** The question an answer replies to (the user message just before it). */
  questionBefore(db: Db | Tx, conversationId: number, answerId: number): Promise<{ content: string } | undefined> {
    return db
      .selectFrom('doc_messages')
      .select('content')
      .where('conversation_id', '=', conversationId)
      .where('role', '=', 'user')
      .where('id', '<', String(answerId))
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** Bookmarks go to the shared favorites table (text copied), so they show in /user/collection. */
  async addFavorite(tx: Tx, userId: number, question: string, answer: string, messageId: number, now: Date): Promise<number> {
    const row = await tx.insertInto('favorites').values({ user_id: userId, question, answer, conversation_id: null, message_id: null, created_at: now }).returning('id').executeTakeFirstOrThrow();
    await tx.updateTable('doc_messages').set({ favorite_id: row.id }).where('id', '=', String(messageId)).execute();
    return row.id;
  }

  async removeFavorite(tx: Tx, userId: number, favoriteId: number, messageId: number): Promise<void> {
    await tx.updateTable('doc_messages').set({ favorite_id: null }).where('id', '=', String(messageId)).execute();
    await tx.deleteFrom('favorites').where('id', '=', favoriteId).where('user_id', '=', userId).execute();
  }
}

/** float32 little-endian bytes, the stored form of a vector. */
function toBytes(vector: Float32Array): Uint8Array {
  const out = Buffer.alloc(vector.length * 4);
  vector.forEach((v, i) => out.writeFloatLE(v, i * 4));
  return out;
}

function fromBytes(bytes: Uint8Array): Float32Array {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Float32Array(bytes.byteLength >> 2);
  for (let i = 0; i < out.length; i += 1) out[i] = buf.readFloatLE(i * 4);
  return out;
}
