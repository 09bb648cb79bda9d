import type { UserRole } from '@xueba/contract';
import type { AppContext } from '../../platform/context.js';
import { notFound, conflict } from '../../platform/errors.js';
import { transaction } from '../../platform/db/transaction.js';
import { StaffRepository } from './staff.repository.js';

/**
 * Staff roles (docs/decisions/0036-staff-roles.md). Only an administrator sets
 * roles; the last administrator cannot be demoted (the check and the change
 * hold every administrator's row lock, so two demotions at once cannot leave
 * none). A change ends the user's cached sessions' role in every process.
 */
export class StaffService {
  private readonly repo = new StaffRepository();

  constructor(private readonly ctx: AppContext) {}

  async setRole(adminId: number, userId: number, role: UserRole): Promise<{ id: number; role: UserRole }> {
    const before = await transaction(this.ctx.db, async (tx) => {
      const admins = await this.repo.lockAdmins(tx);
      const current = await this.repo.lockUser(tx, userId);
      if (!current) throw notFound('account_not_exist');
      if (current.role === 'admin' && role !== 'admin' && admins.length <= 1) throw conflict('role_last_admin');
      if (current.role !== role) await this.repo.setRole(tx, userId, role, this.ctx.now());
      return current.role;
    });
    if (before !== role) {
      // No admin action log exists yet: the process log keeps who changed whose role.
      this.ctx.log.info({ adminId, userId, from: before, to: role }, 'staff role changed');
      await this.ctx.bus.publish('user', String(userId));
    }
    return { id: userId, role };
  }
}
