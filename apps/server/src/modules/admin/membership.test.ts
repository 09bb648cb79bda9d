import { describe, expect, it } from 'vitest';
import { planGrant, planRevoke, type GrantRecord, type MemberLevel } from './membership.js';

const at = (iso: string) => new Date(`${iso}T00:00:00Z`);
const DAY = 86_400_000;

/** Replays grants the way MembershipService records them, for the revoke plans to work on. */
function history(steps: { at: string; level: MemberLevel; months: number }[]) {
  let current: { level: MemberLevel; expires_at: Date | null; period: number } | null = null;
  const grants: (GrantRecord & { period: number })[] = [];
  for (const [i, step] of steps.entries()) {
    const plan = planGrant(current, { level: step.level, months: step.months }, at(step.at));
    grants.push({ id: i + 1, level: step.level, months: step.months, starts_at: plan.startsAt, ends_at: plan.endsAt, absorbed: plan.absorbed, revoked_at: null, period: plan.period });
    current = { level: plan.level, expires_at: plan.expiresAt, period: plan.period };
  }
  return { current: current!, grants };
}

describe('membership grants and their refund', () => {
  it('records the stretch each grant adds; a grant after a lapse starts a new period; one on a permanent membership is absorbed', () => {
    const { grants } = history([
      { at: '2024-01-31', level: 'vip', months: 1 },
      { at: '2024-02-10', level: 'vip', months: 3 },
      { at: '2024-09-01', level: 'vip', months: 1 },
      { at: '2024-09-02', level: 'bvip', months: 0 },
      { at: '2024-09-03', level: 'vip', months: 12 },
    ]);
    expect(grants.map((g) => [g.period, g.starts_at.toISOString().slice(0, 10), g.ends_at?.toISOString().slice(0, 10) ?? null, g.absorbed])).toEqual([
      [1, '2024-01-31', '2024-02-29', false],
      [1, '2024-02-29', '2024-05-29', false],
      [2, '2024-09-01', '2024-10-01', false],
      [2, '2024-10-01', null, false],
      [2, '2024-09-03', null, true],
    ]);
  });

  it('removes what has not passed of the refunded stretch and moves the later grants up whole (calendar months do not subtract back)', () => {
    const { current, grants } = history([
      { at: '2024-01-31', level: 'vip', months: 1 },
      { at: '2024-02-10', level: 'vip', months: 3 },
    ]);
    const now = at('2024-02-10');
    const plan = planRevoke(current, grants[0]!, grants, now);
    expect(plan.removedMs).toBe(19 * DAY);
    expect(plan.usedMs).toBe(10 * DAY);
    // The quarter keeps its 90 days from Feb 29 to May 29, now from Feb 10.
    expect(plan.expiresAt).toEqual(at('2024-05-10'));
    expect(plan.updates).toEqual([
      { id: 1, starts_at: at('2024-01-31'), ends_at: now, absorbed: false, revoked: true },
      { id: 2, starts_at: now, ends_at: at('2024-05-10'), absorbed: false, revoked: false },
    ]);
    expect(plan.level).toBe('vip');
  });

  it('a stretch entirely ahead is removed whole; the only grant refunded ends the membership at once', () => {
    const { current, grants } = history([
      { at: '2024-03-01', level: 'vip', months: 1 },
      { at: '2024-03-02', level: 'vip', months: 1 },
    ]);
    const ahead = planRevoke(current, grants[1]!, grants, at('2024-03-05'));
    expect(ahead).toMatchObject({ removedMs: 30 * DAY, usedMs: 0, expiresAt: at('2024-04-01') });
    const only = history([{ at: '2024-03-01', level: 'bvip', months: 1 }]);
    expect(planRevoke(only.current, only.grants[0]!, only.grants, at('2024-03-03'))).toMatchObject({ expiresAt: at('2024-03-03'), usedMs: 2 * DAY, level: 'bvip' });
  });

  it('a grant of an earlier period ran out before the lapse: nothing is taken and the current level stays', () => {
    const { current, grants } = history([
      { at: '2024-01-01', level: 'bvip', months: 1 },
      { at: '2024-03-01', level: 'vip', months: 1 },
    ]);
    const plan = planRevoke(current, grants[0]!, grants.filter((g) => g.period === 1), at('2024-03-10'));
    expect(plan).toMatchObject({ removedMs: 0, usedMs: 31 * DAY, expiresAt: at('2024-04-01'), level: 'vip' });
  });

  it('a permanent grant falls back to the expiry before it, the grants it absorbed count again, and the level is the highest left', () => {
    const { current, grants } = history([
      { at: '2024-01-01', level: 'vip', months: 1 },
      { at: '2024-01-05', level: 'bvip', months: 0 },
      { at: '2024-01-06', level: 'vip', months: 2 },
    ]);
    const plan = planRevoke(current, grants[1]!, grants, at('2024-01-10'));
    expect(plan).toMatchObject({ removedMs: null, usedMs: 0, expiresAt: at('2024-04-01'), level: 'vip' });
    expect(plan.updates[1]).toEqual({ id: 3, starts_at: at('2024-02-01'), ends_at: at('2024-04-01'), absorbed: false, revoked: false });
    // A second permanent grant it had absorbed keeps the membership permanent.
    const twice = history([
      { at: '2024-01-01', level: 'bvip', months: 0 },
      { at: '2024-01-02', level: 'bvip', months: 0 },
    ]);
    expect(planRevoke(twice.current, twice.grants[0]!, twice.grants, at('2024-01-03'))).toMatchObject({ expiresAt: null, level: 'bvip', usedMs: 2 * DAY });
  });

  it('an absorbed grant added no time: its refund only gives back the level it raised; a timed one before a permanent moves the permanent up', () => {
    const absorbed = history([
      { at: '2024-01-01', level: 'vip', months: 0 },
      { at: '2024-01-02', level: 'bvip', months: 1 },
    ]);
    expect(planRevoke(absorbed.current, absorbed.grants[1]!, absorbed.grants, at('2024-01-03'))).toMatchObject({ removedMs: 0, usedMs: 0, expiresAt: null, level: 'vip' });
    const before = history([
      { at: '2024-01-01', level: 'vip', months: 1 },
      { at: '2024-01-02', level: 'bvip', months: 0 },
    ]);
    const plan = planRevoke(before.current, before.grants[0]!, before.grants, at('2024-01-11'));
    expect(plan).toMatchObject({ removedMs: 21 * DAY, expiresAt: null, level: 'bvip' });
    expect(plan.updates[1]).toEqual({ id: 2, starts_at: at('2024-01-11'), ends_at: null, absorbed: false, revoked: false });
  });
});
