import { sql, type Kysely } from 'kysely';
import type { Database } from './db/schema.js';
import { tooMany } from './errors.js';
import { deleteOlderThan } from './db/prune.repository.js';
import type { MessageKey } from '@xueba/contract';

/**
 * Fixed-window counters in the database, so every app process shares them
 * (rate limits must hold across N processes, spec'd in the architecture).
 * Used on the routes that guard secrets: sign-in, codes, redemption.
 */
export async function hitRateLimit(
  db: Kysely<Database>,
  now: Date,
  key: string,
  limit: number,
  windowSeconds: number,
  message: MessageKey = 'rate_limited',
): Promise<void> {
  if ((await countHit(db, now, key, windowSeconds)) > limit) throw tooMany(message);
}

/** Counts one hit on `key` and tells whether it is within `limit` for the window (for callers that refuse quietly). */
export async function withinRateLimit(db: Kysely<Database>, now: Date, key: string, limit: number, windowSeconds: number): Promise<boolean> {
  return (await countHit(db, now, key, windowSeconds)) <= limit;
}

/** Counts one hit in the key's current window and returns the window's hits so far (this one included). */
export async function countHit(db: Kysely<Database>, now: Date, key: string, windowSeconds: number): Promise<number> {
  const windowStart = windowStartOf(now, windowSeconds);
  const row = await db
    .insertInto('rate_limits')
    .values({ key, window_start: windowStart, hits: 1 })
    .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet({ hits: sql<number>`rate_limits.hits + 1` }))
    .returning('hits')
    .executeTakeFirstOrThrow();
  return row.hits;
}

export function windowStartOf(now: Date, windowSeconds: number): Date {
  const windowMs = windowSeconds * 1000;
  return new Date(Math.floor(now.getTime() / windowMs) * windowMs);
}

/** Windows that started before `before` count nothing any more (the maintenance scheduler calls this). */
export function pruneRateLimits(db: Kysely<Database>, before: Date): Promise<number> {
  return deleteOlderThan(db, 'rate_limits', ['key', 'window_start'], 'window_start', before);
}
