import { sql } from 'kysely';
import type { Db } from './transaction.js';

/** Ids per reservation; a block is topped up at half, so a burst of requests rarely waits. */
const BLOCK = 512;

/**
 * Hands out ids of a serial column from blocks reserved with one `nextval`
 * query per block, so a row's id can be known (and sent to a client) before
 * the row is written. Sequences are not transactional: ids of rows that are
 * never written are simply skipped, as with any rolled-back insert.
 *
 * Several processes reserve different blocks, so ids are unique but not in
 * global order; callers that rely on order (messages within a conversation)
 * compare with what is stored and ask for `fresh` ids when a block lags.
 */
export class IdBlocks {
  private readonly free = new Map<string, number[]>();
  private readonly refilling = new Map<string, Promise<void>>();

  constructor(private readonly db: Db) {}

  /** `count` ids of `sequence`, ascending. */
  async take(sequence: string, count: number): Promise<number[]> {
    let pool = this.free.get(sequence);
    while (!pool || pool.length < count) {
      await this.refill(sequence);
      pool = this.free.get(sequence);
    }
    const ids = pool.splice(0, count);
    // Top up ahead of need, so a request rarely waits for the database.
    if (pool.length < BLOCK / 2) void this.refill(sequence).catch(() => undefined);
    return ids;
  }

  /** `count` ids newer than every id handed out so far by any process (a fresh block). */
  fresh(sequence: string, count: number): Promise<number[]> {
    return this.reserve(sequence, count);
  }

  private refill(sequence: string): Promise<void> {
    let running = this.refilling.get(sequence);
    if (!running) {
      running = this.reserve(sequence, BLOCK)
        .then((ids) => {
          const pool = this.free.get(sequence) ?? [];
          pool.push(...ids);
          this.free.set(sequence, pool);
        })
        .finally(() => this.refilling.delete(sequence));
      this.refilling.set(sequence, running);
    }
    return running;
  }

  private async reserve(sequence: string, count: number): Promise<number[]> {
    const result = await sql<{ id: string }>`SELECT nextval(${sequence}::regclass) AS id FROM generate_series(1, ${count})`.execute(this.db);
    return result.rows.map((r) => Number(r.id)).sort((a, b) => a - b);
  }
}
