import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { QrMode } from '@xueba/contract';
import type { Db, Tx } from '../../platform/db/transaction.js';
import { pageOffset } from '../../platform/http/paging.js';
import type { DrawJobsTable } from '../draw/draw.tables.js';
import type { QrCodesTable, QrTemplatesTable } from './qrcode.tables.js';
import './qrcode.tables.js';
import '../draw/draw.tables.js';

export type QrCodeRow = Selectable<QrCodesTable>;
export type QrTemplateRow = Selectable<QrTemplatesTable>;
/** A code with its drawing job (AI codes), as the record views read it. */
export type QrCodeListed = QrCodeRow & { job: Selectable<DrawJobsTable> | null };

/** All SQL of QR codes: the codes, the templates, and the daily allowance's counter rows. */
export class QrRepository {
  // ---- codes

  insertCode(db: Db | Tx, values: Insertable<QrCodesTable>): Promise<QrCodeRow> {
    return db.insertInto('qr_codes').values(values).returningAll().executeTakeFirstOrThrow();
  }

  codeOf(db: Db, userId: number, id: number): Promise<QrCodeRow | undefined> {
    return db.selectFrom('qr_codes').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  }

  async codesByIds(db: Db, ids: number[]): Promise<Map<number, QrCodeRow>> {
    if (ids.length === 0) return new Map();
    const rows = await db.selectFrom('qr_codes').selectAll().where('id', 'in', ids).execute();
    return new Map(rows.map((r) => [r.id, r]));
  }

  codeOfJob(db: Db | Tx, drawJobId: number): Promise<QrCodeRow | undefined> {
    return db.selectFrom('qr_codes').selectAll().where('draw_job_id', '=', drawJobId).executeTakeFirst();
  }

  async updateCode(db: Db | Tx, id: number, values: Updateable<QrCodesTable>): Promise<void> {
    await db.updateTable('qr_codes').set(values).where('id', '=', id).execute();
  }

  async deleteCode(db: Db | Tx, id: number): Promise<void> {
    await db.deleteFrom('qr_codes').where('id', '=', id).execute();
  }

  async records(db: Db, userId: number, filter: { mode?: QrMode; page_no: number; page_size: number }): Promise<{ rows: QrCodeRow[]; count: number }> {
    let query = db.selectFrom('qr_codes').where('user_id', '=', userId);
    if (filter.mode) query = query.where('mode', '=', filter.mode);
    const [rows, total] = await Promise.all([
      query.selectAll().orderBy('id', 'desc').limit(filter.page_size).offset(pageOffset(filter)).execute(),
      query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst(),
    ]);
    return { rows, count: Number(total?.n ?? 0) };
  }

  /** The drawing jobs of AI codes, by id. */
  async jobs(db: Db, ids: number[]): Promise<Map<number, Selectable<DrawJobsTable>>> {
    if (ids.length === 0) return new Map();
    const rows = await db.selectFrom('draw_jobs').selectAll().where('id', 'in', ids).execute();
    return new Map(rows.map((r) => [r.id, r]));
  }

  // ---- templates

  templates(db: Db | Tx, filter: { enabledOnly: boolean }): Promise<QrTemplateRow[]> {
    let query = db.selectFrom('qr_templates').selectAll();
    if (filter.enabledOnly) query = query.where('enabled', '=', true);
    return query.orderBy('kind').orderBy('sort').orderBy('id').execute();
  }

  template(db: Db | Tx, id: number): Promise<QrTemplateRow | undefined> {
    return db.selectFrom('qr_templates').selectAll().where('id', '=', id).executeTakeFirst();
  }

  insertTemplate(db: Db | Tx, values: Insertable<QrTemplatesTable>): Promise<QrTemplateRow> {
    return db.insertInto('qr_templates').values(values).returningAll().executeTakeFirstOrThrow();
  }

  updateTemplate(db: Db | Tx, id: number, values: Updateable<QrTemplatesTable>): Promise<QrTemplateRow | undefined> {
    return db.updateTable('qr_templates').set(values).where('id', '=', id).returningAll().executeTakeFirst();
  }

  deleteTemplate(db: Db | Tx, id: number): Promise<QrTemplateRow | undefined> {
    return db.deleteFrom('qr_templates').where('id', '=', id).returningAll().executeTakeFirst();
  }

  /** Serialises seeding between processes starting at once on an empty database. */
  async lockSeeding(tx: Tx): Promise<void> {
    await sql`SELECT pg_advisory_xact_lock(7418, 0)`.execute(tx);
  }

  async templateCount(db: Db | Tx): Promise<number> {
    const row = await db.selectFrom('qr_templates').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  // ---- the daily allowance (rows of the shared rate-limit table)

  /** Hits counted so far in a window (0 when none). */
  async hits(db: Db, key: string, windowStart: Date): Promise<number> {
    const row = await db.selectFrom('rate_limits').select('hits').where('key', '=', key).where('window_start', '=', windowStart).executeTakeFirst();
    return row?.hits ?? 0;
  }

  /** Takes back one hit (a refused or failed code does not use up the allowance). */
  async unhit(db: Db, key: string, windowStart: Date): Promise<void> {
    await db
      .updateTable('rate_limits')
      .set({ hits: sql<number>`greatest(hits - 1, 0)` })
      .where('key', '=', key)
      .where('window_start', '=', windowStart)
      .execute();
  }
}
