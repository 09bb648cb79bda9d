import type { Db } from '../../platform/db/transaction.js';
import { deleteOlderThan } from '../../platform/db/prune.repository.js';

/** SQL of the site module: the visit log. */
export const siteRepository = {
  async insertVisit(db: Db, visit: { terminal: string; userId: number | null; ipHash: string; at: Date }): Promise<void> {
    await db.insertInto('visits').values({ terminal: visit.terminal, user_id: visit.userId, ip_hash: visit.ipHash, created_at: visit.at }).execute();
  },

  /** Visits older than the retention period (docs/product-choices.md, "Retention"). */
  pruneVisits(db: Db, before: Date): Promise<number> {
    return deleteOlderThan(db, 'visits', ['id'], 'created_at', before);
  },
};
