import type { AppContext } from '../../platform/context.js';
import { hashPassword } from '../../platform/password.js';
import type { Services } from '../../services.js';
import { UserRepository } from './user.repository.js';

/**
 * ADMIN_EMAIL + ADMIN_PASSWORD at start: create that administrator, or promote
 * the existing account and set its password (so an operator locked out can
 * recover by restarting with the variables).
 */
export async function ensureAdmin(ctx: AppContext, services: Pick<Services, 'userInfo' | 'accounts'>, email: string, password: string): Promise<'created' | 'promoted'> {
  const users = new UserRepository();
  const passwordHash = await hashPassword(password);
  const existing = await users.findByEmail(ctx.db, email);
  if (existing) {
    await users.update(ctx.db, existing.id, { role: 'admin', password_hash: passwordHash, disabled: false, failed_logins: 0, locked_until: null }, ctx.now());
    await services.userInfo.invalidate(existing.id);
    return 'promoted';
  }
  await services.accounts.create({ email, passwordHash, role: 'admin', nickname: 'admin' });
  return 'created';
}
