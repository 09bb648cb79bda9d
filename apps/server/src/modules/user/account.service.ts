import type { UserRole } from '@xueba/contract';
import type { AppContext } from '../../platform/context.js';
import { randomDigits, randomToken } from '../../platform/crypto.js';
import { PG, pgConstraint, pgErrorCode, transaction, type Tx } from '../../platform/db/transaction.js';
import type { UserRow } from '../../platform/db/schema.js';
import { conflict } from '../../platform/errors.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import { UserRepository } from './user.repository.js';

export interface NewAccount {
  email?: string | null;
  mobile?: string | null;
  passwordHash?: string | null;
  nickname?: string;
  avatar?: string;
  googleSub?: string | null;
  wechatOpenid?: string | null;
  wechatUnionid?: string | null;
  inviterId?: number | null;
  userSn?: string | null;
  channel?: string | null;
  role?: UserRole;
}

/**
 * Creates accounts for every sign-up path (email, mobile, Google, WeChat,
 * the start-up administrator): the user row and the sign-up gift through the
 * ledger in one transaction.
 */
export class AccountService {
  private readonly users = new UserRepository();

  constructor(
    private readonly ctx: AppContext,
    private readonly settings: SettingsService,
    private readonly ledger: LedgerService,
  ) {}

  async create(input: NewAccount): Promise<UserRow> {
    const gift = (await this.settings.site()).signup_gift;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      try {
        return await transaction(this.ctx.db, (tx) => this.createInTx(tx, input, gift));
      } catch (error) {
        const constraint = pgConstraint(error);
        if (pgErrorCode(error) !== PG.UNIQUE_VIOLATION) throw error;
        // A random user ID or share ID collided: draw again.
        if (constraint === 'users_sn_key' || constraint === 'users_share_id_key') continue;
        if (constraint === 'users_email_key') throw conflict('email_registered');
        if (constraint === 'users_mobile_key') throw conflict('mobile_registered');
        throw error;
      }
    }
    throw new Error('Could not allocate a unique user ID');
  }

  private async createInTx(tx: Tx, input: NewAccount, gift: { conversation_count: number; word_count: number; drawing_count: number }): Promise<UserRow> {
    const now = this.ctx.now();
    const sn = randomDigits(8).replace(/^0/, '1');
    const user = await this.users.insert(tx, {
      sn,
      email: input.email ? input.email.toLowerCase() : null,
      mobile: input.mobile ?? null,
      password_hash: input.passwordHash ?? null,
      nickname: input.nickname ?? defaultNickname(input, sn),
      avatar: input.avatar ?? '',
      role: input.role ?? 'user',
      share_id: randomToken(6).replace(/[^A-Za-z0-9]/g, 'x'),
      inviter_id: input.inviterId ?? null,
      user_sn: input.userSn ?? null,
      channel: input.channel ?? null,
      click_id: null,
      google_sub: input.googleSub ?? null,
      wechat_openid: input.wechatOpenid ?? null,
      wechat_unionid: input.wechatUnionid ?? null,
      created_at: now,
      updated_at: now,
    });
    const grants: [string, number][] = [
      ['conversation_count', gift.conversation_count],
      ['word_count', gift.word_count],
      ['drawing_count', gift.drawing_count],
    ];
    for (const [asset, amount] of grants) {
      if (amount <= 0) continue;
      await this.ledger.applyInTx(tx, {
        userId: user.id,
        asset,
        delta: amount,
        reason: 'signup_gift',
        refType: 'signup',
        refId: String(user.id),
        idempotencyKey: `signup:${user.id}:${asset}`,
      });
    }
    return user;
  }
}

function defaultNickname(input: NewAccount, sn: string): string {
  if (input.email) return input.email.split('@')[0]!.slice(0, 24);
  if (input.mobile) return `${input.mobile.slice(0, 3)}****${input.mobile.slice(-4)}`;
  return `user${sn}`;
}
