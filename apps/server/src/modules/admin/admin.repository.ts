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
}
