import type { Db, Tx } from '../../platform/db/transaction.js';
import type { NewUser, UserRow } from '../../platform/db/schema.js';

export class UserRepository {
  findById(db: Db | Tx, id: number): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByEmail(db: Db | Tx, email: string): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
  }

  findByMobile(db: Db | Tx, mobile: string): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('mobile', '=', mobile).executeTakeFirst();
  }

  findByShareId(db: Db | Tx, shareId: string): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('share_id', '=', shareId).executeTakeFirst();
  }

  findBySn(db: Db | Tx, sn: string): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('sn', '=', sn).executeTakeFirst();
  }

  async insert(tx: Tx, user: NewUser): Promise<UserRow> {
    return tx.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
  }

  async memberships(db: Db | Tx, userId: number) {
    return db.selectFrom('memberships').select(['kind', 'level', 'expires_at']).where('user_id', '=', userId).execute();
  }

  async update(db: Db | Tx, id: number, patch: Partial<Omit<NewUser, 'id'>>, now: Date): Promise<UserRow | undefined> {
    return db.updateTable('users').set({ ...patch, updated_at: now }).where('id', '=', id).returningAll().executeTakeFirst();
  }
}
