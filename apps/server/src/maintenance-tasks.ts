import type { AppContext } from './platform/context.js';
import type { MaintenanceTask } from './platform/maintenance.js';
import { pruneRateLimits } from './platform/rate-limit.js';
import { vacuumAnalyze } from './platform/db/prune.repository.js';
import { siteRepository } from './modules/site/site.repository.js';
import { CommerceRepository } from './modules/commerce/commerce.repository.js';
import { LedgerService } from './modules/ledger/ledger.service.js';
import { commissionSweepTask } from './modules/promotion/distribution.service.js';
import { SettingsService } from './modules/settings/settings.service.js';
import { createNotices } from './modules/notice/notice-factory.js';
import { membershipReminderTask, noticeMailSweepTask } from './modules/notice/notice-sweeps.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** How long each log is kept (docs/product-choices.md, "Retention"). */
export const RETENTION_MS = {
  /** The longest rate-limit window is an hour; a day leaves every window complete. */
  rateLimits: DAY_MS,
  visits: 180 * DAY_MS,
  paymentNotifications: 365 * DAY_MS,
} as const;

/** The periodic upkeep every process runs (platform/maintenance.ts): pruning old logs, settling due commissions; on the embedded database, what PostgreSQL's autovacuum would do. */
export function maintenanceTasks(ctx: AppContext): MaintenanceTask[] {
  const commerce = new CommerceRepository();
  const before = (now: Date, ms: number) => new Date(now.getTime() - ms);
  const notices = createNotices(ctx, new SettingsService(ctx));
  return [
    { name: 'prune rate_limits', everyMs: HOUR_MS, run: (now) => pruneRateLimits(ctx.db, before(now, RETENTION_MS.rateLimits)) },
    { name: 'prune visits', everyMs: HOUR_MS, run: (now) => siteRepository.pruneVisits(ctx.db, before(now, RETENTION_MS.visits)) },
    { name: 'prune payment_notifications', everyMs: HOUR_MS, run: (now) => commerce.pruneNotifications(ctx.db, before(now, RETENTION_MS.paymentNotifications)) },
    commissionSweepTask(ctx, new LedgerService(ctx)),
    noticeMailSweepTask(notices),
    membershipReminderTask(ctx, notices),
    ...(ctx.dbKind === 'pglite' ? [{ name: 'vacuum the embedded database', everyMs: HOUR_MS, run: async () => (await vacuumAnalyze(ctx.db), 0) }] : []),
  ];
}
