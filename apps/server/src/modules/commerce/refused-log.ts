import type { AppContext } from '../../platform/context.js';
import { countHit, windowStartOf } from '../../platform/rate-limit.js';
import type { CommerceRepository } from './commerce.repository.js';

/**
 * How many refused notifications (no valid signature, or for no gateway) are
 * written to payment_notifications in each window: per gateway over every
 * address, and per gateway and address. Past either, refusals are answered
 * 429 and only counted (decision 0016).
 */
export const REFUSED_LOG_LIMITS = { windowSeconds: 3600, perGateway: 60, perAddress: 20 } as const;

/**
 * The log of refused payment notifications, capped so a flood of forged ones
 * adds at most `perGateway + 1` rows per gateway and window (the one extra
 * says the cap was reached). The counters are rows of rate_limits, one per
 * key and window, shared by every process; a flood updates them in place.
 * Notifications with a valid signature never pass through here.
 */
export class RefusedNotificationLog {
  constructor(
    private readonly ctx: AppContext,
    private readonly repo: CommerceRepository,
  ) {}

  /** Records one refusal; false when the window's budget is spent (nothing written but the counters). */
  async record(gateway: string, ip: string, detail: string): Promise<boolean> {
    const { windowSeconds, perGateway, perAddress } = REFUSED_LOG_LIMITS;
    const now = this.ctx.now();
    const key = `pay-notify:${gateway}`;
    const all = await countHit(this.ctx.db, now, key, windowSeconds);
    // Past the gateway's budget the address is not counted: a flood from many addresses adds no counter rows either.
    const mine = all <= perGateway ? await countHit(this.ctx.db, now, `${key}:${ip}`, windowSeconds) : Infinity;
    const log = (text: string) => this.repo.logNotification(this.ctx.db, { gateway, orderNo: null, tradeNo: null, paidAmount: null, outcome: 'rejected', detail: text, now });
    if (all <= perGateway && mine <= perAddress) {
      await log(`${detail.slice(0, 400)} [${ip}]`);
      return true;
    }
    if (all === perGateway + 1 || mine === perAddress + 1) {
      const until = new Date(windowStartOf(now, windowSeconds).getTime() + windowSeconds * 1000).toISOString();
      const whose = all > perGateway ? 'for this gateway' : `from ${ip}`;
      await log(`log limit reached: further refused notifications ${whose} are not logged until ${until}`);
    }
    return false;
  }
}
