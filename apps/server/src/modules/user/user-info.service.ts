import type { UserInfo } from '@xueba/contract';
import type { AppContext } from '../../platform/context.js';
import type { UserRow } from '../../platform/db/schema.js';
import { UserRepository } from './user.repository.js';
import { LedgerRepository } from '../ledger/ledger.repository.js';

interface Snapshot {
  user: UserRow;
  balances: Record<string, number>;
  memberships: { kind: string; level: 'vip' | 'bvip'; expires_at: Date | null }[];
  loadedAt: number;
}

const CACHE_TTL_MS = 60_000;
const CACHE_MAX = 20_000;

/**
 * Builds the user info of spec §3 (profile, four balances, membership). It is
 * read on every page, so a snapshot is cached per process and dropped when the
 * bus announces a change to that user (ledger, profile, membership, role).
 * Membership activity is computed from expiry times at read time, so a cached
 * snapshot never shows an expired membership as active.
 */
export class UserInfoService {
  private readonly users = new UserRepository();
  private readonly ledger = new LedgerRepository();
  private readonly cache = new Map<number, Snapshot>();
  /**
   * Raised by every invalidation. A load that was reading while a change was
   * announced may hold the state from before it; it is answered but not kept,
   * or it would stay cached after the invalidation that should have dropped it.
   */
  private epoch = 0;

  constructor(private readonly ctx: AppContext) {
    ctx.bus.subscribe((topic, id) => {
      if (topic !== 'user') return;
      this.epoch += 1;
      if (id === '*') this.cache.clear();
      else this.cache.delete(Number(id));
    });
  }

  async get(userId: number): Promise<UserInfo | undefined> {
    const snapshot = await this.snapshot(userId);
    return snapshot ? present(snapshot, this.ctx.now()) : undefined;
  }

  async invalidate(userId: number): Promise<void> {
    await this.ctx.bus.publish('user', String(userId));
  }

  private async snapshot(userId: number): Promise<Snapshot | undefined> {
    const nowMs = Date.now();
    const cached = this.cache.get(userId);
    if (cached && nowMs - cached.loadedAt < CACHE_TTL_MS) return cached;
    const db = this.ctx.db;
    const epoch = this.epoch;
    const [user, balances, memberships] = await Promise.all([
      this.users.findById(db, userId),
      this.ledger.balances(db, userId),
      this.users.memberships(db, userId),
    ]);
    if (!user) return undefined;
    const snapshot: Snapshot = { user, balances, memberships, loadedAt: nowMs };
    if (this.epoch !== epoch) return snapshot;
    if (this.cache.size >= CACHE_MAX) this.cache.clear();
    this.cache.set(userId, snapshot);
    return snapshot;
  }
}

export function present(snapshot: Pick<Snapshot, 'user' | 'balances' | 'memberships'>, now: Date): UserInfo {
  const { user, balances } = snapshot;
  const active = snapshot.memberships.filter((m) => m.expires_at === null || m.expires_at.getTime() > now.getTime());
  const level = active.some((m) => m.level === 'bvip') ? 'bvip' : active.length > 0 ? 'vip' : 'none';
  return {
    id: user.id,
    sn: user.sn,
    nickname: user.nickname,
    avatar: user.avatar,
    email: user.email,
    mobile: user.mobile,
    create_time: user.created_at.toISOString(),
    role: user.role,
    has_password: user.password_hash !== null,
    is_member: active.length > 0 ? 1 : 0,
    member_level: level,
    memberships: snapshot.memberships.map((m) => ({
      kind: m.kind as UserInfo['memberships'][number]['kind'],
      level: m.level,
      expires_at: m.expires_at ? m.expires_at.toISOString() : null,
    })),
    balance: {
      conversation_count: balances.conversation_count ?? 0,
      drawing_count: balances.drawing_count ?? 0,
      word_count: balances.word_count ?? 0,
      session_balance: balances.session_balance ?? 0,
    },
    share_id: user.share_id,
    google_bound: user.google_sub !== null,
    wechat_bound: user.wechat_openid !== null,
  };
}
