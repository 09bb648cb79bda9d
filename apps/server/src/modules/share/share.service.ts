import { Code } from '@xueba/contract';
import type { AppContext } from '../../platform/context.js';
import { hmac } from '../../platform/crypto.js';
import { transaction } from '../../platform/db/transaction.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.js';
import { hitRateLimit } from '../../platform/rate-limit.js';
import type { Services } from '../../services.js';
import { ShareRepository } from './share.repository.js';

/** Clicks an IP may report per hour, across all links (stops a script from filling the table). */
const CLICKS_PER_IP_PER_HOUR = 120;

/**
 * Invitations: the share link, click counting and binding an inviter.
 * Rewards belong to the promotion module (`services.promotion.invitations`):
 * the binding creates the invitee's reward row in its own transaction.
 */
export class ShareService {
  private readonly repo = new ShareRepository();

  constructor(
    private readonly ctx: AppContext,
    private readonly deps: Pick<Services, 'promotion' | 'tasks' | 'userInfo'>,
  ) {}

  async invite(userId: number, origin: string) {
    const shareId = await this.repo.shareIdOf(this.ctx.db, userId);
    if (!shareId) throw notFound('user_not_found');
    const [counts, rewards] = await Promise.all([this.repo.counts(this.ctx.db, userId), this.deps.promotion.invitations.overview(userId)]);
    return {
      share_id: shareId,
      link: `${origin}/?share_id=${encodeURIComponent(shareId)}`,
      invite_count: counts.invites,
      click_count: counts.clicks,
      ...rewards,
    };
  }

  /** Counts at most one click per IP per link per (UTC) day; the owner's own clicks are not counted. */
  async click(shareId: string, ip: string, viewerId: number | null): Promise<void> {
    const now = this.ctx.now();
    const ipHash = this.ipHash(ip);
    await hitRateLimit(this.ctx.db, now, `share_click:${ipHash}`, CLICKS_PER_IP_PER_HOUR, 3600);
    const inviter = await this.repo.findByShareId(this.ctx.db, shareId);
    if (!inviter) throw notFound('share_invalid');
    if (viewerId === inviter.id) return;
    const counted = await this.repo.recordClick(this.ctx.db, { shareId, inviterId: inviter.id, ipHash, userId: viewerId, day: now.toISOString().slice(0, 10), now });
    // A counted click completes the owner's "share" task (never fails the click).
    if (counted) await this.deps.tasks.record(inviter.id, 'share');
  }

  /**
   * Binds the user to the owner of `shareId`, once. Binding again to the same
   * inviter is a no-op success (the call is retried safely); a different
   * inviter is refused, as are oneself and the user's own invitee.
   */
  async bind(userId: number, shareId: string, userSn: string | null): Promise<{ bound: boolean }> {
    const inviter = await this.repo.findByShareId(this.ctx.db, shareId);
    if (!inviter) throw notFound('share_invalid');
    if (inviter.id === userId) throw badRequest('share_self');
    const now = this.ctx.now();
    const changed = await transaction(this.ctx.db, async (tx, afterCommit) => {
      const rows = await this.repo.lockPair(tx, userId, inviter.id);
      const me = rows.get(userId);
      const them = rows.get(inviter.id);
      if (!me) throw notFound('user_not_found');
      if (!them) throw notFound('share_invalid');
      if (me.inviter_id === them.id) return false;
      if (me.inviter_id !== null) throw new AppError('share_already_bound', 409, {}, Code.FAIL, { bound: false });
      if (them.inviter_id === userId) throw conflict('share_mutual');
      await this.repo.setInviter(tx, userId, them.id, userSn || null, now);
      // The invitation reward row, in the binding's transaction (paid at once when it unlocks at sign-up).
      await this.deps.promotion.invitations.onBoundInTx(tx, afterCommit, userId, them.id);
      return true;
    });
    if (changed) await this.deps.userInfo.invalidate(userId);
    return { bound: true };
  }

  /** Records an advertising click ID; a signed-in user keeps the first one they arrived with. */
  async bindClickId(clickId: string, channel: string | null, userId: number | null, ip: string): Promise<void> {
    const now = this.ctx.now();
    await hitRateLimit(this.ctx.db, now, `ad_click:${this.ipHash(ip)}`, CLICKS_PER_IP_PER_HOUR, 3600);
    const stored = await transaction(this.ctx.db, async (tx) => {
      if (!(await this.repo.adClickExists(tx, clickId, userId))) await this.repo.insertAdClick(tx, { clickId, channel, userId, now });
      return userId !== null ? this.repo.setUserClickId(tx, userId, clickId, now) : false;
    });
    if (stored && userId !== null) await this.deps.userInfo.invalidate(userId);
  }

  private ipHash(ip: string): string {
    return hmac(this.ctx.appSecret, `ip:${ip}`).slice(0, 32);
  }
}
