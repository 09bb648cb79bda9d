import { sql } from 'kysely';
import type { Db, Tx } from '../../platform/db/transaction.js';

export interface ImageUsage {
  count: number;
  bytes: number;
}

/** All SQL of stored image uploads (the quota's record). */
export class UploadRepository {
  /** Serialises one user's image uploads so two cannot both pass the quota's last place. */
  async lockUser(tx: Tx, userId: number): Promise<void> {
    await sql`SELECT pg_advisory_xact_lock(7402, ${userId})`.execute(tx);
  }

  /** Uploads of the user since `since` (all of them when null). */
  async usage(db: Db | Tx, userId: number, since: Date | null): Promise<ImageUsage> {
    let query = db
      .selectFrom('image_uploads')
      .select((eb) => [eb.fn.countAll<string>().as('count'), eb.fn.coalesce(eb.fn.sum<string>('size'), sql<string>`0`).as('bytes')])
      .where('user_id', '=', userId);
    if (since) query = query.where('created_at', '>', since);
    const row = await query.executeTakeFirst();
    return { count: Number(row?.count ?? 0), bytes: Number(row?.bytes ?? 0) };
  }

  async insert(tx: Tx, row: { user_id: number; storage_key: string; size: number; created_at: Date }): Promise<string> {
    const inserted = await tx.insertInto('image_uploads').values(row).returning('id').executeTakeFirstOrThrow();
    return inserted.id;
  }

  async delete(db: Db, id: string): Promise<void> {
    await db.deleteFrom('image_uploads').where('id', '=', id).execute();
  }
}
