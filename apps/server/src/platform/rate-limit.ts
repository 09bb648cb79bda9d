import { sql, type Kysely } from 'kysely';
import type { Database } from './db/schema.js';
import { tooMany } from './errors.js';
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

/** Old windows are useless; called from time to time. */
export async function pruneRateLimits(db: Kysely<Database>, before: Date): Promise<void> {
  await db.deleteFrom('rate_limits').where('window_start', '<', before).execute();
}
