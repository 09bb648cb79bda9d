import { describe, expect, it } from 'vitest';
import { dateGroup, groupByDate } from './group-by-date';

describe('groupByDate', () => {
  const now = new Date(2025, 5, 15, 10, 0, 0);
  const at = (d: number, h = 12) => new Date(2025, 5, d, h).toISOString();

  it('puts each conversation in today, yesterday, last 7 days or earlier by local calendar day', () => {
    expect(dateGroup(at(15, 0), now)).toBe('today');
    expect(dateGroup(at(14, 23), now)).toBe('yesterday');
    expect(dateGroup(at(14, 0), now)).toBe('yesterday');
    expect(dateGroup(at(9), now)).toBe('week');
    expect(dateGroup(at(8, 23), now)).toBe('earlier');
  });

  it('keeps order inside groups and drops empty groups', () => {
    const items = [{ id: 1, updated_at: at(15) }, { id: 2, updated_at: at(15, 9) }, { id: 3, updated_at: at(1) }];
    expect(groupByDate(items, now).map((g) => [g.group, g.items.map((i) => i.id)])).toEqual([
      ['today', [1, 2]],
      ['earlier', [3]],
    ]);
  });
});
