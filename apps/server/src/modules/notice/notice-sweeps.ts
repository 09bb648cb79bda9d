import type { MaintenanceTask } from '../../platform/maintenance.js';
import type { AppContext } from '../../platform/context.js';
import { NoticeRepository } from './notice.repository.js';
import type { NoticeService } from './notice.service.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** A member hears their membership is ending this long before it ends (docs/choices/notice-roles.md). */
export const MEMBERSHIP_REMINDER_MS = 3 * DAY_MS;

/** Mails notices whose mail a process did not get to (it closed, or looked before the writer committed). */
export function noticeMailSweepTask(notices: NoticeService): MaintenanceTask {
  return { name: 'mail pending notices', everyMs: MINUTE_MS, run: () => notices.drainMail() };
}

/**
 * Reminds members whose membership ends within three days, once per
 * membership period and expiry: the dedupe key names both, so a renewal that
 * moves the expiry gets its own reminder before the new end, and two processes
 * sweeping at once write one notice.
 */
export function membershipReminderTask(ctx: AppContext, notices: NoticeService): MaintenanceTask {
  const repo = new NoticeRepository();
  return {
    name: 'remind expiring memberships',
    everyMs: HOUR_MS,
    run: async (now) => {
      let sent = 0;
      for (const m of await repo.expiringMemberships(ctx.db, now, new Date(now.getTime() + MEMBERSHIP_REMINDER_MS))) {
        const date = m.expires_at.toISOString().slice(0, 10);
        const key = `membership:${m.kind}:${m.period}:${m.expires_at.toISOString()}`;
        if (await notices.notifyOnce({ userId: m.user_id, kind: 'membership_expiring', params: { date }, link: '/openvip' }, key)) sent += 1;
      }
      return sent;
    },
  };
}
