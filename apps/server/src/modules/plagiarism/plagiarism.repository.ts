import { sql, type Selectable } from 'kysely';
import type { PlagiarismReport, PlagiarismScope, PlagiarismSettings } from '@xueba/contract';
import type { Db, Tx } from '../../platform/db/transaction.js';
import type { PlagiarismChecksTable } from './plagiarism.tables.js';

export type CheckRow = Selectable<PlagiarismChecksTable>;
/** A row without its text and report: what lists show. */
export type CheckListRow = Omit<CheckRow, 'text' | 'report'>;

const LIST_COLUMNS = [
  'id',
  'user_id',
  'title',
  'filename',
  'text_hash',
  'chars',
  'scope',
  'status',
  'progress',
  'job_id',
  'charged',
  'included_chars',
  'refunded',
  'total_ratio',
  'error',
  'client_key',
  'share_hash',
  'shared_at',
  'created_at',
  'updated_at',
  'finished_at',
] as const;

export interface NewCheck {
  userId: number;
  title: string;
  filename: string | null;
  text: string;
  textHash: string;
  chars: number;
  scope: PlagiarismScope;
  clientKey: string | null;
  now: Date;
}

/** A source's text for alignment: a corpus paper, a document of the user's, or an earlier check. */
export interface SourceText {
  id: number;
  title: string;
  text: string;
}

/** All SQL of plagiarism checks, their settings, and the reads of the texts they are compared with. */
export class PlagiarismRepository {
  async insert(tx: Tx, c: NewCheck): Promise<CheckRow> {
    return tx
      .insertInto('plagiarism_checks')
      .values({
        user_id: c.userId,
        title: c.title,
        filename: c.filename,
        text: c.text,
        text_hash: c.textHash,
        chars: c.chars,
        scope: JSON.stringify(c.scope),
        status: 'queued',
        client_key: c.clientKey,
        total_ratio: null,
        error: null,
        job_id: null,
        share_hash: null,
        shared_at: null,
        finished_at: null,
        created_at: c.now,
        updated_at: c.now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async setJob(tx: Tx, id: number, jobId: string, charged: number, includedChars: number): Promise<void> {
    await tx.updateTable('plagiarism_checks').set({ job_id: jobId, charged, included_chars: includedChars }).where('id', '=', id).execute();
  }

  async byClientKey(db: Db | Tx, userId: number, key: string): Promise<CheckRow | undefined> {
    return db.selectFrom('plagiarism_checks').selectAll().where('user_id', '=', userId).where('client_key', '=', key).executeTakeFirst();
  }

  async byId(db: Db | Tx, userId: number, id: number): Promise<CheckRow | undefined> {
    return db.selectFrom('plagiarism_checks').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  }

  async byIdAny(db: Db | Tx, id: number): Promise<CheckRow | undefined> {
    return db.selectFrom('plagiarism_checks').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async byShareHash(db: Db, hash: string): Promise<CheckRow | undefined> {
    return db.selectFrom('plagiarism_checks').selectAll().where('share_hash', '=', hash).executeTakeFirst();
  }

  async list(db: Db, userId: number, limit: number, offset: number): Promise<{ rows: CheckListRow[]; count: number }> {
    const [rows, count] = await Promise.all([
      db.selectFrom('plagiarism_checks').select(LIST_COLUMNS).where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
      db.selectFrom('plagiarism_checks').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow(),
    ]);
    return { rows, count: Number(count.n) };
  }

  /** queued -> running (a re-run after a dead worker finds it running already and goes on). */
  async start(db: Db, id: number, now: Date): Promise<void> {
    await db.updateTable('plagiarism_checks').set({ status: 'running', updated_at: now }).where('id', '=', id).where('status', 'in', ['queued', 'running']).execute();
  }

  async setProgress(db: Db, id: number, progress: number, now: Date): Promise<void> {
    await db.updateTable('plagiarism_checks').set({ progress, updated_at: now }).where('id', '=', id).where('status', '=', 'running').execute();
  }

  async finish(db: Db, id: number, report: PlagiarismReport, now: Date): Promise<boolean> {
    const res = await db
      .updateTable('plagiarism_checks')
      .set({ status: 'done', progress: 100, report: JSON.stringify(report), total_ratio: report.total_ratio, error: null, updated_at: now, finished_at: now })
      .where('id', '=', id)
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  /** Marks the check failed, once: the row as it was, or undefined when it had ended already (the caller refunds only then). */
  async fail(tx: Tx, id: number, error: string, now: Date): Promise<CheckRow | undefined> {
    const row = await tx.selectFrom('plagiarism_checks').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row || row.status === 'done' || row.status === 'failed') return undefined;
    await tx.updateTable('plagiarism_checks').set({ status: 'failed', error, refunded: row.charged > 0, updated_at: now, finished_at: now }).where('id', '=', id).execute();
    return row;
  }

  async lockForDelete(tx: Tx, userId: number, id: number): Promise<CheckRow | undefined> {
    return tx.selectFrom('plagiarism_checks').selectAll().where('id', '=', id).where('user_id', '=', userId).forUpdate().executeTakeFirst();
  }

  async delete(tx: Tx, id: number): Promise<void> {
    await tx.deleteFrom('plagiarism_checks').where('id', '=', id).execute();
  }

  async setShare(db: Db, userId: number, id: number, hash: string | null, now: Date): Promise<boolean> {
    const res = await db
      .updateTable('plagiarism_checks')
      .set({ share_hash: hash, shared_at: hash ? now : null, updated_at: now })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  /** Serialises one user's submissions (the month's allowance is read and spent in one step). */
  async lockUser(tx: Tx, userId: number): Promise<void> {
    await tx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
  }

  /** Characters of checks the membership included since `since`, failed ones not counted. */
  async includedSince(db: Db | Tx, userId: number, since: Date): Promise<number> {
    const row = await db
      .selectFrom('plagiarism_checks')
      .select(sql<string>`coalesce(sum(included_chars), 0)`.as('n'))
      .where('user_id', '=', userId)
      .where('created_at', '>=', since)
      .where('status', '!=', 'failed')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async settings(db: Db): Promise<PlagiarismSettings | undefined> {
    const row = await db.selectFrom('plagiarism_settings').select('value').where('id', '=', 1).executeTakeFirst();
    return row?.value;
  }

  async saveSettings(db: Db, value: PlagiarismSettings, now: Date): Promise<void> {
    await db
      .insertInto('plagiarism_settings')
      .values({ id: 1, value: JSON.stringify(value), updated_at: now })
      .onConflict((oc) => oc.column('id').doUpdateSet({ value: JSON.stringify(value), updated_at: now }))
      .execute();
  }

  /** Local corpus papers written at or after `fromRevision`, in id order, a page at a time. */
  async corpusPage(db: Db, fromRevision: string, afterId: number, limit: number): Promise<{ id: number; title: string; abstract: string; revision: string }[]> {
    return db
      .selectFrom('papers')
      .select(['id', 'title', 'abstract', 'revision'])
      .where('source', '=', 'local')
      .where('revision', '>=', fromRevision as never)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  async papers(db: Db, ids: number[]): Promise<{ id: number; title: string; abstract: string }[]> {
    if (ids.length === 0) return [];
    return db.selectFrom('papers').select(['id', 'title', 'abstract']).where('id', 'in', ids).where('source', '=', 'local').execute();
  }

  /** The user's processed documents, newest first, with their page texts joined. */
  async documents(db: Db, userId: number, limit: number): Promise<SourceText[]> {
    const docs = await db.selectFrom('documents').select(['id', 'name']).where('user_id', '=', userId).where('status', '=', 'complete').orderBy('id', 'desc').limit(limit).execute();
    if (docs.length === 0) return [];
    const pages = await db.selectFrom('doc_pages').select(['doc_id', 'text']).where('doc_id', 'in', docs.map((d) => d.id)).orderBy('doc_id').orderBy('page').execute();
    const texts = new Map<number, string[]>();
    for (const p of pages) (texts.get(p.doc_id) ?? texts.set(p.doc_id, []).get(p.doc_id)!).push(p.text);
    return docs.map((d) => ({ id: d.id, title: d.name, text: (texts.get(d.id) ?? []).join('\n\n') }));
  }

  /** The user's finished checks made before this one, except those of the same text (a re-check is not copying itself). */
  async earlierChecks(db: Db, userId: number, beforeId: number, textHash: string, limit: number): Promise<SourceText[]> {
    return db
      .selectFrom('plagiarism_checks')
      .select(['id', 'title', 'text'])
      .where('user_id', '=', userId)
      .where('id', '<', beforeId)
      .where('status', '=', 'done')
      .where('text_hash', '!=', textHash)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }
}
