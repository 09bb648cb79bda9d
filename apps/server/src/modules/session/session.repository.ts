import type { UserRole } from '@xueba/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

export interface SessionLookup {
  sessionId: string;
  userId: number;
  role: UserRole;
  expiresAt: Date;
  lastSeenAt: Date;
}

export class SessionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(input: { userId: number; tokenHash: string; terminal: string; ip: string | null; userAgent: string | null; expiresAt: Date; now: Date }): Promise<string> {
    const row = await this.db
      .insertInto('sessions')
      .values({
        user_id: input.userId,
        token_hash: input.tokenHash,
        terminal: input.terminal,
        ip: input.ip,
        user_agent: input.userAgent,
        expires_at: input.expiresAt,
        created_at: input.now,
        last_seen_at: input.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** A live session of an enabled user, or undefined. */
  async findLive(tokenHash: string, now: Date): Promise<SessionLookup | undefined> {
    const row = await this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select(['sessions.id as sessionId', 'sessions.user_id as userId', 'users.role as role', 'sessions.expires_at as expiresAt', 'sessions.last_seen_at as lastSeenAt'])
      .where('sessions.token_hash', '=', tokenHash)
      .where('sessions.revoked_at', 'is', null)
      .where('sessions.expires_at', '>', now)
      .where('users.disabled', '=', false)
      .executeTakeFirst();
    return row;
  }

  async touch(sessionId: string, now: Date): Promise<void> {
    await this.db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', sessionId).execute();
  }

  async revokeByHash(tokenHash: string, now: Date): Promise<number | undefined> {
    const row = await this.db
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .returning('user_id')
      .executeTakeFirst();
    return row?.user_id;
  }

  async revokeAllForUser(userId: number, now: Date, exceptHash?: string): Promise<void> {
    let query = this.db.updateTable('sessions').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null);
    if (exceptHash) query = query.where('token_hash', '<>', exceptHash);
    await query.execute();
  }
}
