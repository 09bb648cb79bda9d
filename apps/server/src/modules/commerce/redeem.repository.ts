import { sql, type Selectable } from 'kysely';
import type { Db, Tx } from '../../platform/db/transaction.js';
import type { GrantSpec, RedeemBatchesTable, RedeemCodesTable } from './commerce.tables.js';

export type BatchRow = Selectable<RedeemBatchesTable>;
export type CodeRow = Selectable<RedeemCodesTable>;

/** All SQL of redeem codes. */
export class RedeemRepository {
  insertBatch(tx: Tx, b: { createdBy: number; count: number; usesPerCode: number; onePerUser: boolean; expiresAt: Date | null; grant: GrantSpec; now: Date }): Promise<BatchRow> {
    return tx
      .insertInto('redeem_batches')
      .values({
        created_by: b.createdBy,
        count: b.count,
        uses_per_code: b.usesPerCode,
        one_per_user: b.onePerUser,
        expires_at: b.expiresAt,
        grant_spec: JSON.stringify(b.grant),
        created_at: b.now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async insertCodes(tx: Tx, batchId: number, codes: string[], usesPerCode: number): Promise<void> {
    for (let i = 0; i < codes.length; i += 1000) {
      await tx
        .insertInto('redeem_codes')
        .values(codes.slice(i, i + 1000).map((code) => ({ batch_id: batchId, code, uses_per_code: usesPerCode })))
        .execute();
    }
  }

  findCode(db: Db | Tx, code: string) {
    return db
      .selectFrom('redeem_codes as c')
      .innerJoin('redeem_batches as b', 'b.id', 'c.batch_id')
      .select(['c.id', 'c.uses', 'c.uses_per_code', 'c.disabled', 'b.disabled as batch_disabled', 'b.expires_at', 'b.one_per_user', 'b.grant_spec', 'b.id as batch_id'])
      .where('c.code', '=', code)
      .executeTakeFirst();
  }

  async usedBy(db: Db | Tx, codeId: number, userId: number): Promise<boolean> {
    const row = await db.selectFrom('redeem_uses').select('id').where('code_id', '=', codeId).where('user_id', '=', userId).executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Takes one use atomically: concurrent redemptions queue on the row lock and
   * each re-checks `uses < uses_per_code` after the previous one committed, so
   * a single-use code is taken exactly once. undefined: none left.
   */
  takeUse(tx: Tx, codeId: number) {
    return tx
      .updateTable('redeem_codes')
      .set({ uses: sql<number>`uses + 1` })
      .where('id', '=', codeId)
      .where('disabled', '=', false)
      .where(sql<boolean>`uses < uses_per_code`)
      .returning(['id', 'uses'])
      .executeTakeFirst();
  }

  insertUse(tx: Tx, u: { codeId: number; userId: number; onePerUser: boolean; now: Date }) {
    return tx.insertInto('redeem_uses').values({ code_id: u.codeId, user_id: u.userId, one_per_user: u.onePerUser, created_at: u.now }).returning('id').executeTakeFirstOrThrow();
  }

  async listBatches(db: Db, limit: number, offset: number) {
    const [rows, total] = await Promise.all([
      db
        .selectFrom('redeem_batches as b')
        .selectAll('b')
        .select((eb) => eb.selectFrom('redeem_codes as c').select(sql<string>`coalesce(sum(c.uses), 0)`.as('s')).whereRef('c.batch_id', '=', 'b.id').as('used'))
        .orderBy('b.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      db.selectFrom('redeem_batches').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, count: Number(total.n) };
  }

  findBatch(db: Db, id: number): Promise<BatchRow | undefined> {
    return db.selectFrom('redeem_batches').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async listCodes(db: Db, batchId: number, limit: number, offset: number): Promise<{ rows: CodeRow[]; count: number }> {
    const query = db.selectFrom('redeem_codes').where('batch_id', '=', batchId);
    const [rows, total] = await Promise.all([
      query.selectAll().orderBy('id').limit(limit).offset(offset).execute(),
      query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, count: Number(total.n) };
  }

  allCodes(db: Db, batchId: number): Promise<CodeRow[]> {
    return db.selectFrom('redeem_codes').selectAll().where('batch_id', '=', batchId).orderBy('id').execute();
  }

  async disableBatch(db: Db, id: number): Promise<boolean> {
    const result = await db.updateTable('redeem_batches').set({ disabled: true }).where('id', '=', id).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async disableCode(db: Db, id: number): Promise<boolean> {
    const result = await db.updateTable('redeem_codes').set({ disabled: true }).where('id', '=', id).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
