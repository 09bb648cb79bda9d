import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { DrawFamily, DrawStatus } from '@xueba/contract';
import type { Db, Tx } from '../../platform/db/transaction.js';
import { pageOffset } from '../../platform/http/paging.js';
import type { DrawChannelsTable, DrawImagesTable, DrawJobParams, DrawJobsTable } from './draw.tables.js';
import './draw.tables.js';

export type DrawChannelRow = Selectable<DrawChannelsTable>;
export type DrawJobRow = Selectable<DrawJobsTable>;
export type DrawImageRow = Selectable<DrawImagesTable>;
/** A picture with the square item it was published as (any status), if any. */
export type DrawImageListed = DrawImageRow & { square_id: number | null };

export const OPEN_STATUSES: DrawStatus[] = ['queued', 'running'];

export interface RecordsFilter {
  status?: DrawStatus;
  family?: DrawFamily;
  selected?: '1' | '0';
  page_no: number;
  page_size: number;
}

/** The job row of a drawing in `jobs` (its ref). */
export function drawJobRef(id: number): string {
  return `draw:${id}`;
}

/** All SQL of drawing: channels, jobs (records), pictures, and the reads of uploads and queue rows they need. */
export class DrawRepository {
  // ---- channels

  channels(db: Db | Tx): Promise<DrawChannelRow[]> {
    return db.selectFrom('draw_channels').selectAll().orderBy('id').execute();
  }

  channel(db: Db | Tx, id: number): Promise<DrawChannelRow | undefined> {
    return db.selectFrom('draw_channels').selectAll().where('id', '=', id).executeTakeFirst();
  }

  insertChannel(db: Db | Tx, values: Insertable<DrawChannelsTable>): Promise<DrawChannelRow> {
    return db.insertInto('draw_channels').values(values).returningAll().executeTakeFirstOrThrow();
  }

  updateChannel(db: Db | Tx, id: number, values: Updateable<DrawChannelsTable>): Promise<DrawChannelRow | undefined> {
    return db.updateTable('draw_channels').set(values).where('id', '=', id).returningAll().executeTakeFirst();
  }

  async deleteChannel(db: Db | Tx, id: number): Promise<boolean> {
    const result = await db.deleteFrom('draw_channels').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async setChannelError(db: Db, id: number, error: string | null): Promise<void> {
    await db.updateTable('draw_channels').set({ last_error: error }).where('id', '=', id).execute();
  }

  // ---- jobs

  /** Serialises one user's submits, so the per-user limit cannot be passed by two at once. */
  async lockUser(tx: Tx, userId: number): Promise<void> {
    await sql`SELECT pg_advisory_xact_lock(7417, ${userId})`.execute(tx);
  }

  async openCount(db: Db | Tx, userId: number): Promise<number> {
    const row = await db
      .selectFrom('draw_jobs')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .where('status', 'in', OPEN_STATUSES)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  insertJob(tx: Tx, values: Insertable<DrawJobsTable>): Promise<DrawJobRow> {
    return tx.insertInto('draw_jobs').values(values).returningAll().executeTakeFirstOrThrow();
  }

  job(db: Db | Tx, id: number): Promise<DrawJobRow | undefined> {
    return db.selectFrom('draw_jobs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  jobOf(db: Db | Tx, userId: number, id: number, kind = 'draw'): Promise<DrawJobRow | undefined> {
    return db.selectFrom('draw_jobs').selectAll().where('id', '=', id).where('user_id', '=', userId).where('kind', '=', kind).executeTakeFirst();
  }

  async records(db: Db, userId: number, filter: RecordsFilter): Promise<{ rows: DrawJobRow[]; count: number }> {
    let query = db.selectFrom('draw_jobs').where('user_id', '=', userId).where('kind', '=', 'draw');
    if (filter.status) query = query.where('status', '=', filter.status);
    if (filter.family) query = query.where('family', '=', filter.family);
    if (filter.selected) {
      const anySelected = sql<boolean>`EXISTS (SELECT 1 FROM draw_images WHERE draw_images.job_id = draw_jobs.id AND draw_images.selected)`;
      query = query.where(filter.selected === '1' ? anySelected : sql<boolean>`NOT ${anySelected}`);
    }
    const [rows, total] = await Promise.all([
      query.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.page_size).offset(pageOffset(filter)).execute(),
      query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst(),
    ]);
    return { rows, count: Number(total?.n ?? 0) };
  }

  /** Claimed by a worker and about to call the provider: running (again, after a restart or a retry), its first start kept. */
  markRunning(db: Db, id: number, now: Date): Promise<DrawJobRow | undefined> {
    return db
      .updateTable('draw_jobs')
      .set({ status: 'running', started_at: sql<Date>`coalesce(started_at, ${now})`, provider_called_at: now, updated_at: now })
      .where('id', '=', id)
      .where('status', 'in', OPEN_STATUSES)
      .returningAll()
      .executeTakeFirst();
  }

  /** A retry waits in the queue again. */
  async markQueued(db: Db, id: number, now: Date): Promise<void> {
    await db.updateTable('draw_jobs').set({ status: 'queued', progress: 0, provider_queue: null, updated_at: now }).where('id', '=', id).where('status', '=', 'running').execute();
  }

  /** A kind drawn in attempts moves on to the next: recorded in its params, the last attempt's remote task forgotten. */
  setAttempt(db: Db, id: number, params: DrawJobParams, now: Date): Promise<DrawJobRow | undefined> {
    return db.updateTable('draw_jobs').set({ params: JSON.stringify(params), remote_task_id: null, updated_at: now }).where('id', '=', id).where('status', '=', 'running').returningAll().executeTakeFirst();
  }

  async setRemoteTask(db: Db, id: number, taskId: string | null): Promise<void> {
    await db.updateTable('draw_jobs').set({ remote_task_id: taskId }).where('id', '=', id).execute();
  }

  /** Progress of a running job; false when it is no longer running (cancelled, failed by an admin's switch). */
  async writeProgress(db: Db, id: number, values: { progress: number; provider_queue: number | null; preview_key?: string | null }, now: Date): Promise<boolean> {
    const row = await db
      .updateTable('draw_jobs')
      .set({ ...values, updated_at: now })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  async status(db: Db, id: number): Promise<DrawStatus | null> {
    const row = await db.selectFrom('draw_jobs').select('status').where('id', '=', id).executeTakeFirst();
    return row?.status ?? null;
  }

  /**
   * Ends an open job as failed or cancelled, only if it is still open: the
   * one place a job's count can come back, so a cancel racing a failure
   * ends it once.
   */
  settle(tx: Tx, id: number, values: { status: 'failed' | 'cancelled'; fail_reason: string; fail_detail: string | null }, now: Date): Promise<Pick<DrawJobRow, 'user_id' | 'cost' | 'preview_key' | 'prompt' | 'kind'> | undefined> {
    return tx
      .updateTable('draw_jobs')
      .set({ ...values, provider_queue: null, finished_at: now, updated_at: now })
      .where('id', '=', id)
      .where('status', 'in', OPEN_STATUSES)
      .returning(['user_id', 'cost', 'preview_key', 'prompt', 'kind'])
      .executeTakeFirst();
  }

  async markRefunded(tx: Tx, id: number): Promise<void> {
    await tx.updateTable('draw_jobs').set({ refunded: true }).where('id', '=', id).execute();
  }

  /** Success, only from running (a cancel that came first wins). */
  async succeed(tx: Tx, id: number, values: { seed: number | null; revised_prompt: string | null }, now: Date): Promise<boolean> {
    const row = await tx
      .updateTable('draw_jobs')
      .set({ status: 'success', progress: 100, provider_queue: null, preview_key: null, seed: values.seed, revised_prompt: values.revised_prompt, finished_at: now, updated_at: now })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Open jobs of a channel (its switch-off fails them). */
  async openOfChannel(db: Db | Tx, channelKey: string): Promise<number[]> {
    const rows = await db.selectFrom('draw_jobs').select('id').where('channel_key', '=', channelKey).where('status', 'in', OPEN_STATUSES).execute();
    return rows.map((r) => r.id);
  }

  /** Open jobs whose queue row is finished or gone: nothing will ever run them again. */
  async orphaned(db: Db): Promise<number[]> {
    const rows = await db
      .selectFrom('draw_jobs')
      .select('draw_jobs.id')
      .where('draw_jobs.status', 'in', OPEN_STATUSES)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('jobs').select('jobs.id').where('jobs.ref', '=', sql<string>`'draw:' || draw_jobs.id`).where('jobs.status', 'in', ['queued', 'running']))),
      )
      .execute();
    return rows.map((r) => r.id);
  }

  async deleteJob(tx: Tx, id: number): Promise<void> {
    await tx.deleteFrom('draw_jobs').where('id', '=', id).execute();
  }

  // ---- the queue rows of drawings

  /** The waiting or running `jobs` row of each drawing (by ref). */
  async queueIds(db: Db | Tx, drawIds: number[]): Promise<Map<number, string>> {
    if (drawIds.length === 0) return new Map();
    const rows = await db
      .selectFrom('jobs')
      .select(['id', 'ref'])
      .where('ref', 'in', drawIds.map(drawJobRef))
      .where('status', 'in', ['queued', 'running'])
      .execute();
    return new Map(rows.map((r) => [Number((r.ref ?? '').slice('draw:'.length)), r.id]));
  }

  // ---- pictures

  async insertImages(tx: Tx, rows: Insertable<DrawImagesTable>[]): Promise<void> {
    if (rows.length > 0) await tx.insertInto('draw_images').values(rows).execute();
  }

  async images(db: Db | Tx, jobIds: number[]): Promise<DrawImageListed[]> {
    if (jobIds.length === 0) return [];
    return db
      .selectFrom('draw_images')
      .leftJoin('square_items', 'square_items.image_id', 'draw_images.id')
      .selectAll('draw_images')
      .select('square_items.id as square_id')
      .where('draw_images.job_id', 'in', jobIds)
      .orderBy('draw_images.job_id')
      .orderBy('draw_images.idx')
      .execute();
  }

  async setSelected(db: Db, userId: number, imageId: number, selected: boolean): Promise<DrawImageListed | undefined> {
    const row = await db.updateTable('draw_images').set({ selected }).where('id', '=', imageId).where('user_id', '=', userId).returning('id').executeTakeFirst();
    if (!row) return undefined;
    return db
      .selectFrom('draw_images')
      .leftJoin('square_items', 'square_items.image_id', 'draw_images.id')
      .selectAll('draw_images')
      .select('square_items.id as square_id')
      .where('draw_images.id', '=', imageId)
      .executeTakeFirst();
  }

  // ---- uploads (img2img references)

  /** Whether the user uploaded this key (`POST /upload/image`). */
  async uploadedBy(db: Db, userId: number, storageKey: string): Promise<boolean> {
    const row = await db.selectFrom('image_uploads').select('id').where('user_id', '=', userId).where('storage_key', '=', storageKey).executeTakeFirst();
    return row !== undefined;
  }
}
