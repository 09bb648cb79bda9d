import type { AppContext } from '../../platform/context.js';
import { tooMany } from '../../platform/errors.js';
import { countHit, windowStartOf } from '../../platform/rate-limit.js';
import type { Services } from '../../services.js';
import type { QrRepository } from './qrcode.repository.js';
import type { QrAsker } from './qrcode.service.js';

const DAY_SECONDS = 24 * 3600;

/** A counted styled code; given back when the code was not made after all. */
export interface AllowanceTicket {
  giveBack(): Promise<void>;
}

const NOTHING: AllowanceTicket = { giveBack: async () => undefined };

/**
 * The daily free styled codes (`qrcode_limit` in the site settings): counted
 * in the shared rate-limit table per visitor address and per signed-in user
 * in UTC days, so the count holds across processes. Members of any kind are
 * not limited. A code is counted before it is made and given back when it is
 * refused, so two tabs cannot both take the last one and a refusal costs
 * nothing.
 */
export class QrAllowance {
  constructor(
    private readonly ctx: AppContext,
    private readonly deps: Pick<Services, 'settings' | 'userInfo'>,
    private readonly repo: QrRepository,
  ) {}

  private async isMember(userId: number): Promise<boolean> {
    const info = await this.deps.userInfo.get(userId);
    const now = this.ctx.now().getTime();
    return (info?.memberships ?? []).some((m) => m.expires_at === null || Date.parse(m.expires_at) > now);
  }

  private key(asker: QrAsker): string {
    return asker.userId === null ? `qrcode:ip:${asker.ip}` : `qrcode:user:${asker.userId}`;
  }

  async status(asker: QrAsker): Promise<{ limit: number; used: number; unlimited: boolean }> {
    const [site, member] = await Promise.all([this.deps.settings.site(), asker.userId === null ? Promise.resolve(false) : this.isMember(asker.userId)]);
    const now = this.ctx.now();
    const used = member ? 0 : await this.repo.hits(this.ctx.db, this.key(asker), windowStartOf(now, DAY_SECONDS));
    return { limit: site.qrcode_limit, used: Math.min(used, site.qrcode_limit), unlimited: member };
  }

  /** Counts one code, or refuses: a visitor is asked to sign in, a user told that members make codes without limit. */
  async take(asker: QrAsker): Promise<AllowanceTicket> {
    if (asker.userId !== null && (await this.isMember(asker.userId))) return NOTHING;
    const limit = (await this.deps.settings.site()).qrcode_limit;
    const now = this.ctx.now();
    const key = this.key(asker);
    const windowStart = windowStartOf(now, DAY_SECONDS);
    const giveBack = () => this.repo.unhit(this.ctx.db, key, windowStart);
    if ((await countHit(this.ctx.db, now, key, DAY_SECONDS)) > limit) {
      await giveBack();
      throw asker.userId === null ? tooMany('qrcode_visitor_limit') : tooMany('qrcode_daily_limit', { limit });
    }
    return { giveBack };
  }
}
