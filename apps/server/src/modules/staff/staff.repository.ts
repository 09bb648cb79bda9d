import type { UserRole } from '@xueba/contract';
import type { Tx } from '../../platform/db/transaction.js';

/** SQL of staff roles. */
export class StaffRepository {
  /** Every administrator, locked: a demotion counts them under the lock. */
  lockAdmins(tx: Tx): Promise<{ id: number }[]> {
    return tx.selectFrom('users').select('id').where('role', '=', 'admin').orderBy('id').forUpdate().execute();
  }

  lockUser(tx: Tx, userId: number): Promise<{ id: number; role: UserRole } | undefined> {
    return tx.selectFrom('users').select(['id', 'role']).where('id', '=', userId).forUpdate().executeTakeFirst();
  }

  async setRole(tx: Tx, userId: number, role: UserRole, now: Date): Promise<void> {
    await tx.updateTable('users').set({ role, updated_at: now }).where('id', '=', userId).execute();
  }
}
