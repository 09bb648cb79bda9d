export type MemberLevel = 'vip' | 'bvip';

const RANK: Record<MemberLevel, number> = { vip: 1, bvip: 2 };

/** Adds calendar months in UTC, clamped to the month's last day (Jan 31 + 1 month = Feb 28/29). */
export function addMonths(from: Date, months: number): Date {
  const target = new Date(from.getTime());
  const day = target.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
}

/**
 * The membership after a grant. months 0 means permanent. An active
 * membership is extended from its expiry (a permanent one stays permanent) and
 * keeps the higher of the two levels; an expired or missing one starts now.
 */
export function grantMembership(
  current: { level: MemberLevel; expires_at: Date | null } | null,
  grant: { level: MemberLevel; months: number },
  now: Date,
): { level: MemberLevel; expiresAt: Date | null } {
  const active = current !== null && (current.expires_at === null || current.expires_at.getTime() > now.getTime());
  if (!active) return { level: grant.level, expiresAt: grant.months === 0 ? null : addMonths(now, grant.months) };
  const level = RANK[current.level] >= RANK[grant.level] ? current.level : grant.level;
  if (grant.months === 0 || current.expires_at === null) return { level, expiresAt: null };
  return { level, expiresAt: addMonths(current.expires_at, grant.months) };
}
