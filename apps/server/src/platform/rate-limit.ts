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
  const windowMs = windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const row = await db
    .insertInto('rate_limits')
    .values({ key, window_start: windowStart, hits: 1 })
    .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet({ hits: sql<number>`rate_limits.hits + 1` }))
    .returning('hits')
    .executeTakeFirstOrThrow();
  if (row.hits > limit) throw tooMany(message);
}

/** Old windows are useless; called from time to time. */
export async function pruneRateLimits(db: Kysely<Database>, before: Date): Promise<void> {
  await db.deleteFrom('rate_limits').where('window_start', '<', before).execute();
}
