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

/** A grant as recorded in `membership_grants` (migration 0011). */
export interface GrantRecord {
  id: number;
  level: MemberLevel;
  /** null: the legacy block of a membership that existed before grants were recorded. */
  months: number | null;
  starts_at: Date;
  /** null: permanent (or absorbed). */
  ends_at: Date | null;
  absorbed: boolean;
  revoked_at: Date | null;
}

/**
 * A grant and the stretch of time it adds: from the current expiry (or now,
 * when the membership is missing or lapsed, which starts a new period) to the
 * new expiry. On a permanent membership it adds nothing (absorbed).
 */
export function planGrant(
  current: { level: MemberLevel; expires_at: Date | null; period: number } | null,
  grant: { level: MemberLevel; months: number },
  now: Date,
): { level: MemberLevel; expiresAt: Date | null; period: number; startsAt: Date; endsAt: Date | null; absorbed: boolean } {
  const next = grantMembership(current, grant, now);
  const active = current !== null && (current.expires_at === null || current.expires_at.getTime() > now.getTime());
  const period = active ? current.period : (current?.period ?? 0) + 1;
  const absorbed = active && current.expires_at === null;
  const startsAt = active && current.expires_at ? current.expires_at : now;
  return { ...next, period, startsAt, endsAt: absorbed ? null : next.expiresAt, absorbed };
}

export interface GrantUpdate {
  id: number;
  starts_at: Date;
  ends_at: Date | null;
  absorbed: boolean;
  revoked: boolean;
}

export interface RevokePlan {
  level: MemberLevel;
  expiresAt: Date | null;
  /** Time taken off the membership in ms; null when the grant's permanence was taken back. */
  removedMs: number | null;
  /** Time of the grant that had already passed (it cannot be taken back). */
  usedMs: number;
  updates: GrantUpdate[];
}

const later = (a: Date, b: Date) => (a.getTime() >= b.getTime() ? a : b);
const shift = (d: Date, ms: number) => new Date(d.getTime() - ms);

/**
 * Takes one grant back (a refund). The rule (docs/product-choices.md, "Refunds"):
 * the part of the grant's stretch that has not passed yet is removed and the
 * later grants of the same period move up by that much, so they keep all of
 * their time; the part that has passed is reported as used. A permanent grant
 * falls back to the expiry before it, and the grants it had absorbed add their
 * months again. The level becomes the highest one still granted in the period.
 * `grants` are the target's period, in grant order.
 */
export function planRevoke(
  current: { level: MemberLevel; expires_at: Date | null; period: number },
  target: GrantRecord & { period: number },
  grants: GrantRecord[],
  now: Date,
): RevokePlan {
  const revokeTarget = (endsAt: Date | null): GrantUpdate => ({ id: target.id, starts_at: target.starts_at, ends_at: endsAt, absorbed: target.absorbed, revoked: true });
  const after = grants.filter((g) => g.id > target.id && g.revoked_at === null);
  let expiresAt = current.expires_at;
  let removedMs: number | null = 0;
  let usedMs = 0;
  const updates: GrantUpdate[] = [];

  if (target.period !== current.period || target.absorbed) {
    // An earlier period ran out before a lapse; an absorbed grant added no time. Either way no time is taken.
    if (target.period !== current.period && target.ends_at) usedMs = target.ends_at.getTime() - target.starts_at.getTime();
    updates.push(revokeTarget(target.ends_at));
  } else if (target.ends_at === null) {
    const base = later(target.starts_at, now);
    removedMs = null;
    usedMs = Math.max(0, now.getTime() - target.starts_at.getTime());
    updates.push(revokeTarget(base));
    let expiry: Date | null = base;
    // Everything granted after a permanent grant was absorbed; without it, each adds its time again.
    for (const g of after) {
      if (expiry === null || g.months === null) continue;
      const endsAt: Date | null = g.months === 0 ? null : addMonths(expiry, g.months);
      updates.push({ id: g.id, starts_at: expiry, ends_at: endsAt, absorbed: false, revoked: false });
      expiry = endsAt;
    }
    expiresAt = expiry;
  } else {
    const end = target.ends_at.getTime();
    const taken = Math.max(0, end - later(target.starts_at, now).getTime());
    removedMs = taken;
    usedMs = end - target.starts_at.getTime() - taken;
    updates.push(revokeTarget(shift(target.ends_at, taken)));
    if (taken > 0) {
      for (const g of after) {
        if (g.absorbed) continue;
        updates.push({ id: g.id, starts_at: shift(g.starts_at, taken), ends_at: g.ends_at && shift(g.ends_at, taken), absorbed: false, revoked: false });
      }
      if (expiresAt) expiresAt = shift(expiresAt, taken);
    }
  }

  // Only the current period decides the level; a grant of an earlier one changes nothing now.
  const remaining = target.period === current.period ? grants.filter((g) => g.id !== target.id && g.revoked_at === null) : [];
  const level = remaining.reduce<MemberLevel | null>((best, g) => (best === null || RANK[g.level] > RANK[best] ? g.level : best), null) ?? current.level;
  return { level, expiresAt, removedMs, usedMs, updates };
}
