import type { UserInfo } from '@xueba/contract';
import type { AppContext } from '../../platform/context.js';
import { PG, pgConstraint, pgErrorCode } from '../../platform/db/transaction.js';
import { badRequest, conflict, notFound, unauthorized } from '../../platform/errors.js';
import { hashPassword, verifyPassword } from '../../platform/password.js';
import { hitRateLimit } from '../../platform/rate-limit.js';
import type { Services } from '../../services.js';
import type { VerificationService } from '../verification/verification.service.js';
import { UserRepository } from './user.repository.js';

/** Wrong current passwords per user per 15 minutes, so a stolen session cannot brute-force it. */
const CHANGE_PASSWORD_TRIES = 10;

/** Mobile binding and every password change: reset by code, change while signed in. */
export class UserSecurityService {
  private readonly users = new UserRepository();

  constructor(
    private readonly ctx: AppContext,
    private readonly deps: Pick<Services, 'userInfo' | 'sessions'>,
    private readonly codes: VerificationService,
  ) {}

  async bindMobile(userId: number, input: { mobile: string; code: string; scene: 'bind_mobile' | 'change_mobile' }): Promise<UserInfo> {
    const owner = await this.users.findByMobile(this.ctx.db, input.mobile);
    if (owner && owner.id !== userId) throw conflict('mobile_registered');
    await this.codes.consume({ channel: 'sms', target: input.mobile, scene: input.scene, code: input.code });
    try {
      await this.users.update(this.ctx.db, userId, { mobile: input.mobile }, this.ctx.now());
    } catch (error) {
      // Another account took the number between the check and now.
      if (pgErrorCode(error) === PG.UNIQUE_VIOLATION && pgConstraint(error) === 'users_mobile_key') throw conflict('mobile_registered');
      throw error;
    }
    await this.deps.userInfo.invalidate(userId);
    const info = await this.deps.userInfo.get(userId);
    if (!info) throw unauthorized('login_expired');
    return info;
  }

  /** Forgot password (mobile or email code, scene find_password): every session ends, the lockout is lifted. */
  async resetPassword(account: { kind: 'email' | 'mobile'; value: string }, code: string, password: string): Promise<void> {
    const user = account.kind === 'email' ? await this.users.findByEmail(this.ctx.db, account.value) : await this.users.findByMobile(this.ctx.db, account.value);
    if (!user) throw notFound(account.kind === 'email' ? 'email_not_exist' : 'mobile_not_exist');
    await this.codes.consume({ channel: account.kind === 'email' ? 'email' : 'sms', target: account.value, scene: 'find_password', code });
    await this.users.setPassword(this.ctx.db, user.id, await hashPassword(password), this.ctx.now());
    await this.deps.sessions.revokeAll(user.id);
    await this.deps.userInfo.invalidate(user.id);
  }

  /**
   * Change while signed in. The current password is required when the account
   * has one (code-only accounts set their first password here). Every session,
   * this one included, is revoked and a fresh token returned.
   */
  async changePassword(userId: number, input: { old_password?: string; password: string }, meta: { ip: string; userAgent: string | null }): Promise<{ token: string }> {
    const user = await this.users.findById(this.ctx.db, userId);
    if (!user) throw unauthorized('login_expired');
    if (user.password_hash) {
      if (!input.old_password) throw badRequest('password_required');
      await hitRateLimit(this.ctx.db, this.ctx.now(), `change-password:${userId}`, CHANGE_PASSWORD_TRIES, 15 * 60);
      if (!(await verifyPassword(user.password_hash, input.old_password))) throw badRequest('old_password_wrong');
    }
    await this.users.setPassword(this.ctx.db, userId, await hashPassword(input.password), this.ctx.now());
    await this.deps.sessions.revokeAll(userId);
    await this.deps.userInfo.invalidate(userId);
    return { token: await this.deps.sessions.create(userId, { terminal: 'pc', ip: meta.ip, userAgent: meta.userAgent }) };
  }
}
