import type { UserRole } from '@xueba/contract';
import type { AppContext } from '../../platform/context.js';
import { randomToken, sha256 } from '../../platform/crypto.js';
import { SessionRepository } from './session.repository.js';

/** Sessions are valid 360 days (spec §4: the token cookie lasts 31104000000 ms). */
export const SESSION_TTL_MS = 31_104_000_000;
/** Cached lookups are re-checked at least this often even without an invalidation. */
const CACHE_TTL_MS = 60_000;
const TOUCH_EVERY_MS = 60 * 60 * 1000;
const CACHE_MAX = 50_000;

export interface AuthUser {
  id: number;
  role: UserRole;
  sessionId: string;
  tokenHash: string;
}

interface CacheEntry {
  user: AuthUser;
  expiresAt: number;
  checkedAt: number;
}

/**
 * Opaque random tokens, stored only as SHA-256 hashes. Lookups are cached per
 * process; revocation, disabling and role changes publish an invalidation so
 * every process drops its copy (see platform/cache/bus.ts).
 */
export class SessionService {
  private readonly repo: SessionRepository;
  private readonly cache = new Map<string, CacheEntry>();
  private readonly byUser = new Map<number, Set<string>>();

  constructor(private readonly ctx: AppContext) {
    this.repo = new SessionRepository(ctx.db);
    ctx.bus.subscribe((topic, id) => {
      if (topic === 'session') this.drop(id);
      else if (topic === 'user') this.dropUser(id);
    });
  }

  async create(userId: number, meta: { terminal: string; ip: string | null; userAgent: string | null }): Promise<string> {
    const token = randomToken(32);
    const now = this.ctx.now();
    await this.repo.insert({
      userId,
      tokenHash: sha256(token),
      terminal: meta.terminal,
      ip: meta.ip,
      userAgent: meta.userAgent ? meta.userAgent.slice(0, 300) : null,
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
      now,
    });
    return token;
  }

  async authenticate(token: string): Promise<AuthUser | null> {
    if (token.length < 20 || token.length > 200) return null;
    const tokenHash = sha256(token);
    const nowMs = this.ctx.now().getTime();
    const cached = this.cache.get(tokenHash);
    if (cached && cached.expiresAt > nowMs && nowMs - cached.checkedAt < CACHE_TTL_MS) return cached.user;
    const row = await this.repo.findLive(tokenHash, new Date(nowMs));
    if (!row) {
      this.drop(tokenHash);
      return null;
    }
    if (nowMs - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) await this.repo.touch(row.sessionId, new Date(nowMs));
    const user: AuthUser = { id: row.userId, role: row.role, sessionId: row.sessionId, tokenHash };
    this.remember(user, row.expiresAt.getTime(), nowMs);
    return user;
  }

  async revoke(token: string): Promise<void> {
    const tokenHash = sha256(token);
    await this.repo.revokeByHash(tokenHash, this.ctx.now());
    await this.ctx.bus.publish('session', tokenHash);
  }

  /** Revokes every session of the user (password change, disabling); optionally keeps one. */
  async revokeAll(userId: number, exceptToken?: string): Promise<void> {
    await this.repo.revokeAllForUser(userId, this.ctx.now(), exceptToken ? sha256(exceptToken) : undefined);
    await this.ctx.bus.publish('user', String(userId));
  }

  private remember(user: AuthUser, expiresAt: number, nowMs: number): void {
    if (this.cache.size >= CACHE_MAX) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.drop(oldest);
    }
    this.cache.set(user.tokenHash, { user, expiresAt, checkedAt: nowMs });
    let set = this.byUser.get(user.id);
    if (!set) this.byUser.set(user.id, (set = new Set()));
    set.add(user.tokenHash);
  }

  private drop(tokenHash: string): void {
    if (tokenHash === '*') {
      this.cache.clear();
      this.byUser.clear();
      return;
    }
    const entry = this.cache.get(tokenHash);
    this.cache.delete(tokenHash);
    if (entry) this.byUser.get(entry.user.id)?.delete(tokenHash);
  }

  private dropUser(id: string): void {
    if (id === '*') return this.drop('*');
    const userId = Number(id);
    for (const hash of this.byUser.get(userId) ?? []) this.cache.delete(hash);
    this.byUser.delete(userId);
  }
}
