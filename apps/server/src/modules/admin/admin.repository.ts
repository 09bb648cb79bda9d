import type { Db, Tx } from '../../platform/db/transaction.js';
import type { LedgerRow, UserRow } from '../../platform/db/schema.js';

export interface UserSearch {
  keyword?: string;
  limit: number;
  offset: number;
}

const MAX_INT = 2 ** 31 - 1;

/** `%` and `_` in a search word are literal characters, not patterns. */
function likeContains(word: string): string {
  return `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** All SQL of the administration pages. */
export class AdminRepository {
  async searchUsers(db: Db, search: UserSearch): Promise<{ rows: UserRow[]; count: number }> {
    const keyword = search.keyword?.trim() ?? '';
    let query = db.selectFrom('users');
    if (keyword) {
      const numeric = /^\d{1,10}$/.test(keyword) ? Number(keyword) : null;
      query = query.where((eb) => {
        const ors = [eb('email', 'ilike', likeContains(keyword)), eb('mobile', 'like', likeContains(keyword)), eb('sn', '=', keyword)];
        if (numeric !== null && numeric <= MAX_INT) ors.push(eb('id', '=', numeric));
        return eb.or(ors);
      });
    }
    const [rows, total] = await Promise.all([
      query.selectAll().orderBy('id', 'desc').limit(search.limit).offset(search.offset).execute(),
      query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, count: Number(total.n) };
  }

  /** Balances of several users at once: user id -> asset -> amount. */
  async balancesOf(db: Db, userIds: number[]): Promise<Map<number, Record<string, number>>> {
    const out = new Map<number, Record<string, number>>();
    if (userIds.length === 0) return out;
    const rows = await db.selectFrom('balances').select(['user_id', 'asset', 'amount']).where('user_id', 'in', userIds).execute();
    for (const row of rows) {
      const entry = out.get(row.user_id) ?? {};
      entry[row.asset] = Number(row.amount);
      out.set(row.user_id, entry);
    }
    return out;
  }

  findUser(db: Db | Tx, id: number): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  recentLedger(db: Db, userId: number, limit: number): Promise<LedgerRow[]> {
    return db.selectFrom('ledger').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').limit(limit).execute();
  }

  async setDisabled(db: Db, userId: number, disabled: boolean, now: Date): Promise<void> {
    await db.updateTable('users').set({ disabled, updated_at: now }).where('id', '=', userId).execute();
  }

  /** The user's membership of one kind, locked until the transaction ends. */
  lockMembership(tx: Tx, userId: number, kind: string) {
    return tx.selectFrom('memberships').select(['id', 'level', 'expires_at']).where('user_id', '=', userId).where('kind', '=', kind).forUpdate().executeTakeFirst();
  }

  /** Locks the user row so two grants of a first membership serialise instead of racing on the unique key. */
  async lockUser(tx: Tx, userId: number): Promise<boolean> {
    const row = await tx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
    return row !== undefined;
  }

  async upsertMembership(tx: Tx, m: { userId: number; kind: string; level: 'vip' | 'bvip'; expiresAt: Date | null; now: Date }) {
    return tx
      .insertInto('memberships')
      .values({ user_id: m.userId, kind: m.kind, level: m.level, expires_at: m.expiresAt, created_at: m.now, updated_at: m.now })
      .onConflict((oc) => oc.columns(['user_id', 'kind']).doUpdateSet({ level: m.level, expires_at: m.expiresAt, updated_at: m.now }))
      .returning(['kind', 'level', 'expires_at'])
      .executeTakeFirstOrThrow();
  }
}
