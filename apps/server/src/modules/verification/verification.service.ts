import type { CodeScene, Locale } from '@xueba/contract';
import type { AppContext } from '../../platform/context.js';
import { hmac, randomDigits, safeEqualHex } from '../../platform/crypto.js';
import { transaction } from '../../platform/db/transaction.js';
import { AppError, badRequest, conflict, forbidden, notFound, tooMany, unauthorized } from '../../platform/errors.js';
import type { Services } from '../../services.js';
import { OutboxService, type Delivery } from '../outbox/outbox.service.js';
import type { SmsFailure } from '../../providers/sms/sms.js';
import { UserRepository } from '../user/user.repository.js';
import { codeMail, codeSms } from './verification.templates.js';
import { VerificationRepository, type CodeChannel } from './verification.repository.js';

export type { CodeChannel } from './verification.repository.js';

/** The sign-in scenes of the contract, and `support`: a visitor proving an email to reach customer service (email only). */
export type VerifyScene = CodeScene | 'support';

export const CODE_LENGTH = 6;
export const CODE_TTL_MINUTES = 5;
export const RESEND_SECONDS = 60;
export const MAX_ATTEMPTS = 5;
export const DAILY_LIMIT_PER_TARGET = 10;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface SendCodeInput {
  channel: CodeChannel;
  /** Normalised email (lower case) or mobile number. */
  target: string;
  scene: VerifyScene;
  ip: string;
  locale: Locale;
  /** The signed-in user, if any (bind/change mobile need one). */
  userId: number | null;
}

export interface ConsumeInput {
  channel: CodeChannel;
  target: string;
  scene: VerifyScene;
  code: string;
}

/**
 * Verification codes by email and SMS: 6 random digits, valid 5 minutes,
 * single use, at most 5 guesses, one per target per minute, daily caps per
 * target and per IP. Only an HMAC of channel|target|scene|code is stored, so
 * a database dump reveals no usable code.
 */
export class VerificationService {
  private readonly repo = new VerificationRepository();
  private readonly users = new UserRepository();

  constructor(
    private readonly ctx: AppContext,
    private readonly deps: Pick<Services, 'settings'>,
    private readonly outbox: OutboxService,
  ) {}

  async send(input: SendCodeInput): Promise<{ resend_after: number }> {
    await this.checkScene(input);
    const code = randomDigits(CODE_LENGTH);
    const now = this.ctx.now();
    const key = { channel: input.channel, target: input.target, scene: input.scene };
    const ipKey = hmac(this.ctx.appSecret, `ip|${input.ip}`).slice(0, 32);
    const id = await transaction(this.ctx.db, async (tx) => {
      await this.repo.lockTarget(tx, input.channel, input.target);
      const last = await this.repo.lastDeliveredAt(tx, input.channel, input.target);
      const waitMs = last ? RESEND_SECONDS * 1000 - (now.getTime() - last.getTime()) : 0;
      if (waitMs > 0) throw tooMany('code_too_frequent', { seconds: Math.ceil(waitMs / 1000) });
      const since = new Date(now.getTime() - DAY_MS);
      if ((await this.repo.countForTargetSince(tx, input.channel, input.target, since)) >= DAILY_LIMIT_PER_TARGET) throw tooMany('code_daily_limit');
      if ((await this.repo.countForIpSince(tx, ipKey, since)) >= this.ctx.env.CODE_DAILY_LIMIT_PER_IP) throw tooMany('code_daily_limit');
      await this.repo.supersede(tx, key, now);
      return this.repo.insert(tx, key, this.hash(key, code), ipKey, now, new Date(now.getTime() + CODE_TTL_MINUTES * 60_000));
    });
    const delivery = await this.deliver(input, code);
    if (delivery.status === 'failed') {
      await this.repo.markUndelivered(this.ctx.db, id);
      throw sendFailure(delivery.failure);
    }
    return { resend_after: RESEND_SECONDS };
  }

  /**
   * Checks and spends a code. Every failure is the same `code_invalid`: wrong,
   * expired, already used, superseded, for another scene, or out of guesses.
   */
  async consume(input: ConsumeInput): Promise<void> {
    const now = this.ctx.now();
    const key = { channel: input.channel, target: input.target, scene: input.scene };
    const open = await this.repo.takeAttempt(this.ctx.db, key, now, MAX_ATTEMPTS);
    if (!open || !safeEqualHex(open.codeHash, this.hash(key, input.code))) throw badRequest('code_invalid');
    if (!(await this.repo.consume(this.ctx.db, open.id, now))) throw badRequest('code_invalid');
  }

  private hash(key: { channel: CodeChannel; target: string; scene: string }, code: string): string {
    return hmac(this.ctx.appSecret, `${key.channel}|${key.target}|${key.scene}|${code}`);
  }

  private async checkScene(input: SendCodeInput): Promise<void> {
    const isEmail = input.channel === 'email';
    if (input.scene === 'support') {
      if (!isEmail) throw badRequest('validation_failed', { field: 'scene' });
      return;
    }
    if (isEmail && (input.scene === 'bind_mobile' || input.scene === 'change_mobile')) {
      throw badRequest('validation_failed', { field: 'scene' });
    }
    const login = (await this.deps.settings.site()).login;
    const existing = isEmail ? await this.users.findByEmail(this.ctx.db, input.target) : await this.users.findByMobile(this.ctx.db, input.target);
    const registerOpen = isEmail ? login.register_email : login.register_mobile;
    const notExist = isEmail ? 'email_not_exist' : 'mobile_not_exist';
    switch (input.scene) {
      case 'register':
        if (!registerOpen) throw forbidden('register_disabled');
        if (existing) throw conflict(isEmail ? 'email_registered' : 'mobile_registered');
        return;
      case 'login':
        if (!(isEmail ? login.email_code : login.mobile_code)) throw forbidden('login_method_disabled');
        // Signing in with a code creates the account when registration is open; otherwise the account must exist.
        if (!existing && !registerOpen) throw notFound(notExist);
        return;
      case 'find_password':
        if (!existing) throw notFound(notExist);
        return;
      case 'bind_mobile':
      case 'change_mobile':
        if (input.userId === null) throw unauthorized('login_required');
        if (existing && existing.id !== input.userId) throw conflict('mobile_registered');
        return;
    }
  }

  private async deliver(input: SendCodeInput, code: string): Promise<Delivery> {
    const site = (await this.deps.settings.site()).website.name;
    if (input.channel === 'email') {
      const mail = codeMail(input.locale, site, input.scene, code, CODE_TTL_MINUTES);
      return this.outbox.sendMail({ to: input.target, ...mail, secret: code });
    }
    const text = codeSms(input.locale, site, input.scene, code, CODE_TTL_MINUTES);
    return this.outbox.sendSms({ to: input.target, text, params: { code, minutes: String(CODE_TTL_MINUTES) }, scene: input.scene === 'support' ? undefined : input.scene, secret: code });
  }
}

/**
 * What the user is told when the provider refused: to wait, to check the
 * number, or that SMS is out of order (the operator's template, balance or
 * keys: nothing the user can fix, and not theirs to know). The outbox row
 * keeps the provider's own code for the operator.
 */
function sendFailure(failure: SmsFailure | undefined): AppError {
  switch (failure) {
    case 'rate_limit':
      return tooMany('sms_rate_limited');
    case 'invalid_number':
      return badRequest('sms_number_rejected');
    case 'template':
    case 'balance':
    case 'auth':
      return new AppError('sms_unavailable', 503);
    default:
      return new AppError('send_failed', 502);
  }
}
