import { sql } from 'kysely';
import type { Db, Tx } from '../../platform/db/transaction.js';
import type { NewUser, UserRow } from '../../platform/db/schema.js';

export interface OrgRow {
  id: number;
  name: string;
  department: string;
  position: string;
}

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

  /** A new password also lifts every lockout (all addresses): the owner has just proved who they are, and old guesses are moot. */
  async setPassword(db: Db | Tx, id: number, passwordHash: string, now: Date): Promise<void> {
    await db
      .updateTable('users')
      .set({ password_hash: passwordHash, failed_logins: 0, locked_until: null, updated_at: now })
      .where('id', '=', id)
      .execute();
    await db.deleteFrom('login_failures').where('user_id', '=', id).execute();
  }

  /** Attribution is first-touch: stored only where nothing is stored yet. */
  async setAttribution(db: Db, id: number, userSn: string | null, channel: string | null, now: Date): Promise<boolean> {
    if (userSn === null && channel === null) return false;
    const result = await db
      .updateTable('users')
      .set({ user_sn: sql<string | null>`coalesce(user_sn, ${userSn})`, channel: sql<string | null>`coalesce(channel, ${channel})`, updated_at: now })
      .where('id', '=', id)
      .where((eb) => {
        const missing = [];
        if (userSn !== null) missing.push(eb('user_sn', 'is', null));
        if (channel !== null) missing.push(eb('channel', 'is', null));
        return eb.or(missing);
      })
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async inviteCount(db: Db, id: number): Promise<number> {
    const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<string>().as('n')).where('inviter_id', '=', id).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  findOrg(db: Db, userId: number): Promise<OrgRow | undefined> {
    return db.selectFrom('orgs').select(['id', 'name', 'department', 'position']).where('user_id', '=', userId).executeTakeFirst();
  }

  async upsertOrg(db: Db, userId: number, org: { name: string; department: string; position: string }, now: Date): Promise<OrgRow> {
    return db
      .insertInto('orgs')
      .values({ user_id: userId, ...org, created_at: now, updated_at: now })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...org, updated_at: now }))
      .returning(['id', 'name', 'department', 'position'])
      .executeTakeFirstOrThrow();
  }
}
