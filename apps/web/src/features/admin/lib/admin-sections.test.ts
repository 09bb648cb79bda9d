import { describe, expect, it } from 'vitest';
import { zh } from '@/locales/zh';
import { ADMIN_GROUPS, ADMIN_SECTIONS, DEFAULT_SECTION, findSection, sectionPath, sectionsByGroup } from './admin-sections';

describe('admin sections', () => {
  it('keeps every panel key that links, bookmarks and browser tests use', () => {
    expect(ADMIN_SECTIONS.map((s) => s.key).sort()).toEqual(
      ['audit', 'commissions', 'draw', 'models', 'oauth', 'orders', 'outbox', 'packages', 'papers', 'plagiarism', 'promotion', 'qrcode', 'redeem', 'settings', 'sms', 'tasks', 'templates', 'users', 'withdrawals'].sort(),
    );
  });

  it('lists the sections heading by heading, every heading with at least one', () => {
    const grouped = sectionsByGroup();
    expect(grouped.map((g) => g.group)).toEqual([...ADMIN_GROUPS]);
    expect(grouped.every((g) => g.sections.length > 0)).toBe(true);
    // Menu order is the table's order, so the first item under the first heading is what /admin shows.
    expect(grouped.flatMap((g) => g.sections)).toEqual([...ADMIN_SECTIONS]);
    expect(DEFAULT_SECTION.key).toBe('users');
  });

  it('has a heading text for every group', () => {
    for (const group of ADMIN_GROUPS) expect(zh.adminnav.groups[group]).toBeTruthy();
  });

  it('maps URL segments to sections and back', () => {
    expect(findSection('orders')?.key).toBe('orders');
    expect(findSection('')).toBeUndefined();
    expect(findSection('nope')).toBeUndefined();
    expect(findSection('toString')).toBeUndefined();
    expect(sectionPath('users')).toBe('/admin');
    expect(sectionPath('orders')).toBe('/admin/orders');
  });
});
