import type { z } from 'zod';
import { emailSchema, mobileSchema, LOGIN_SCENES, type loginBodySchema, type registerBodySchema } from '@xueba/contract';
import type { AppContext } from '../../platform/context.js';
import type { UserRow } from '../../platform/db/schema.js';
import { hmac } from '../../platform/crypto.js';
import { transaction } from '../../platform/db/transaction.js';
import { AppError, badRequest, forbidden, notFound, tooMany } from '../../platform/errors.js';
import { dummyHash, hashPassword, verifyPassword } from '../../platform/password.js';
import { hitRateLimit } from '../../platform/rate-limit.js';
import type { Services } from '../../services.js';
import { UserRepository } from '../user/user.repository.js';
import { AuthRepository } from './auth.repository.js';
import type { VerificationService } from '../verification/verification.service.js';

/**
 * The 10th wrong password in a row from one address locks the account for
 * that address only, for 15 minutes: its owner signs in from their own
 * network meanwhile (decision 0018, docs/decisions/0018-sign-in-hardening.md).
 */
export const LOCK_THRESHOLD = 10;
export const LOCK_MINUTES = 15;
/**
 * After 100 wrong passwords in a row across all addresses, a password alone
 * no longer signs in, not even the right one: a code sign-in or a password
 * reset lifts it. Never a time lock, so no one can lock the owner out.
 */
export const ACCOUNT_CEILING = 100;
/** Sign-in attempts per IP per minute, across every process (DB counter). */
export const LOGIN_PER_IP_PER_MINUTE = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface ClientMeta {
  ip: string;
  userAgent: string | null;
}

type LoginBody = z.output<typeof loginBodySchema>;
type RegisterBody = z.output<typeof registerBodySchema>;
type Account = { kind: 'email'; value: string } | { kind: 'mobile'; value: string };

const wrongPassword = () => new AppError('wrong_password', 401);

/** Where sign-in notes for operators go (the Fastify logger in the app). */
export interface AuthLog {
  info(message: string): void;
}

/** Sign-in (password or code), registration and sign-out. */
export class AuthService {
  private readonly users = new UserRepository();
  private readonly repo = new AuthRepository();

  constructor(
    private readonly ctx: AppContext,
    private readonly deps: Pick<Services, 'sessions' | 'settings' | 'accounts' | 'promotion' | 'userInfo'>,
    private readonly codes: VerificationService,
    private readonly log: AuthLog = { info: () => undefined },
  ) {}

  async login(body: LoginBody, meta: ClientMeta): Promise<{ token: string }> {
    const now = this.ctx.now();
    const ipKey = hmac(this.ctx.appSecret, `ip|${meta.ip}`).slice(0, 32);
    await hitRateLimit(this.ctx.db, now, `login:${ipKey}`, LOGIN_PER_IP_PER_MINUTE, 60);
    const user = body.scene === LOGIN_SCENES.PASSWORD ? await this.passwordLogin(body, ipKey) : await this.codeLogin(body);
    await this.repo.clear(this.ctx.db, user.id, ipKey, user.failed_logins > 0 || user.locked_until !== null);
    return { token: await this.deps.sessions.create(user.id, { terminal: body.terminal, ip: meta.ip, userAgent: meta.userAgent }) };
  }

  async register(body: RegisterBody, meta: ClientMeta & { terminal?: string }): Promise<{ token: string }> {
    const login = (await this.deps.settings.site()).login;
    const account: Account = body.email !== undefined ? { kind: 'email', value: body.email } : { kind: 'mobile', value: body.mobile ?? '' };
    if (!(account.kind === 'email' ? login.register_email : login.register_mobile)) throw forbidden('register_disabled');
    // Checked before the code is spent, so a taken address does not burn the user's code.
    if (await this.find(account)) throw new AppError(account.kind === 'email' ? 'email_registered' : 'mobile_registered', 409);
    await this.codes.consume({ channel: account.kind === 'email' ? 'email' : 'sms', target: account.value, scene: 'register', code: body.code });
    // An unknown share_id must not block a sign-up: the link may be old; the account is simply not attributed.
    const inviter = body.share_id ? await this.users.findByShareId(this.ctx.db, body.share_id) : undefined;
    const user = await this.deps.accounts.create({
      ...(account.kind === 'email' ? { email: account.value } : { mobile: account.value }),
      passwordHash: await hashPassword(body.password),
      inviterId: inviter?.id ?? null,
      userSn: body.user_sn || null,
      channel: body.channel || null,
    });
    if (inviter) {
      // A sign-up through an invitation link is a binding like POST /share/bind: it
      // creates the invitation reward (paid at once when it unlocks at sign-up).
      await transaction(this.ctx.db, (tx, afterCommit) => this.deps.promotion.invitations.onBoundInTx(tx, afterCommit, user.id, inviter.id));
      await this.deps.userInfo.invalidate(inviter.id);
    }
    return { token: await this.deps.sessions.create(user.id, { terminal: meta.terminal ?? 'pc', ip: meta.ip, userAgent: meta.userAgent }) };
  }

  /** Idempotent: an unknown, revoked or missing token is fine. */
  async logout(token: string | null): Promise<void> {
    if (token) await this.deps.sessions.revoke(token);
  }

  private async passwordLogin(body: LoginBody, ipKey: string): Promise<UserRow> {
    const account = parseAccount(body.account);
    const login = (await this.deps.settings.site()).login;
    if (!(account.kind === 'email' ? login.email_password : login.mobile_password)) throw forbidden('login_method_disabled');
    if (!body.password) throw badRequest('password_required');
    const password = body.password;
    const user = await this.find(account);
    const now = this.ctx.now();
    if (!user) {
      // Same work as a real check, so the answer time does not tell which accounts exist.
      await verifyPassword(await dummyHash(), password);
      throw wrongPassword();
    }
    const pairLocked = await this.repo.pairLockedUntil(this.ctx.db, user.id, ipKey, now);
    if (pairLocked) throw locked(pairLocked, now);
    if (user.failed_logins >= ACCOUNT_CEILING) throw tooMany('password_login_paused');
    let ok = false;
    if (user.password_hash) ok = await verifyPassword(user.password_hash, password);
    else await verifyPassword(await dummyHash(), password); // code-only account: no password can match
    if (!ok) {
      const lockedUntil = new Date(now.getTime() + LOCK_MINUTES * 60_000);
      await this.repo.prune(this.ctx.db, new Date(now.getTime() - DAY_MS));
      const result = await this.repo.recordFailure(this.ctx.db, { userId: user.id, ipKey, threshold: LOCK_THRESHOLD, lockedUntil, now });
      if (result.locked) throw locked(lockedUntil, now);
      throw wrongPassword();
    }
    if (user.disabled) throw forbidden('account_disabled');
    return user;
  }

  /**
   * Scene 2 (mobile) and 3 (email). A valid code proves the address, so an
   * unknown one gets an account (no password) when registration is open,
   * and the account's wrong-password count (the ceiling) starts again.
   */
  private async codeLogin(body: LoginBody): Promise<UserRow> {
    const kind = body.scene === LOGIN_SCENES.MOBILE_CODE ? 'mobile' : 'email';
    const account = parseAccount(body.account, kind);
    const login = (await this.deps.settings.site()).login;
    if (!(kind === 'email' ? login.email_code : login.mobile_code)) throw forbidden('login_method_disabled');
    if (!body.code) throw badRequest('code_required');
    if (!/^\d{6}$/.test(body.code)) throw badRequest('code_invalid');
    const registerOpen = kind === 'email' ? login.register_email : login.register_mobile;
    let user = await this.find(account);
    if (!user && !registerOpen) throw notFound(kind === 'email' ? 'email_not_exist' : 'mobile_not_exist');
    await this.codes.consume({ channel: kind === 'email' ? 'email' : 'sms', target: account.value, scene: 'login', code: body.code });
    if (!user) user = await this.createByCode(account);
    if (user.disabled) throw forbidden('account_disabled');
    return user;
  }

  private async createByCode(account: Account): Promise<UserRow> {
    try {
      const user = await this.deps.accounts.create(account.kind === 'email' ? { email: account.value } : { mobile: account.value });
      this.log.info(`account ${user.id} created by ${account.kind}-code sign-in`);
      return user;
    } catch (error) {
      // Two sign-ins with codes for the same new address at once: the other one created it.
      if (error instanceof AppError && error.status === 409) {
        const existing = await this.find(account);
        if (existing) return existing;
      }
      throw error;
    }
  }

  private find(account: Account): Promise<UserRow | undefined> {
    return account.kind === 'email' ? this.users.findByEmail(this.ctx.db, account.value) : this.users.findByMobile(this.ctx.db, account.value);
  }
}

/** `account` is an email or a mobile number; scenes 2 and 3 demand one kind. */
function parseAccount(raw: string, only?: 'email' | 'mobile'): Account {
  const looksLikeEmail = raw.includes('@');
  if (only !== 'mobile' && looksLikeEmail) {
    const email = emailSchema.safeParse(raw);
    if (email.success) return { kind: 'email', value: email.data };
    throw badRequest('email_invalid');
  }
  if (only !== 'email' && !looksLikeEmail) {
    const mobile = mobileSchema.safeParse(raw);
    if (mobile.success) return { kind: 'mobile', value: mobile.data };
    throw badRequest('mobile_invalid');
  }
  throw badRequest(only === 'email' ? 'email_invalid' : 'mobile_invalid');
}

function locked(until: Date, now: Date): AppError {
  return tooMany('account_locked', { minutes: Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000)) });
}
