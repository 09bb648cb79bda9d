import { describe, expect, it } from 'vitest';
import { adminGroupZh } from '@/locales/admin/zh';
import { ADMIN_GROUPS, ADMIN_SECTIONS, DEFAULT_SECTION, findSection, sectionPath, sectionsByGroup, sectionsFor } from './admin-sections';

describe('admin sections', () => {
  it('keeps every panel key that links, bookmarks and browser tests use', () => {
    expect(ADMIN_SECTIONS.map((s) => s.key).sort()).toEqual(
      ['audit', 'commissions', 'content', 'draw', 'feedback', 'models', 'oauth', 'orders', 'outbox', 'packages', 'papers', 'paperwrite', 'plagiarism', 'promotion', 'qrcode', 'redeem', 'settings', 'skills', 'sms', 'square', 'support', 'tasks', 'templates', 'users', 'webview', 'withdrawals'].sort(),
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

  it('shows an operator only content sections, an administrator all, a user none', () => {
    expect(sectionsFor('operator').map((s) => s.key)).toEqual(['feedback', 'support', 'content', 'templates', 'square', 'qrcode', 'skills']);
    expect(sectionsFor('admin')).toEqual([...ADMIN_SECTIONS]);
    expect(sectionsFor('user')).toEqual([]);
    // Headings without an operator section are left out of the operator's menu.
    expect(sectionsByGroup('operator').map((g) => g.group)).toEqual(['people', 'site', 'ai']);
  });

  it('has a heading text for every group', () => {
    for (const group of ADMIN_GROUPS) expect(adminGroupZh.adminnav.groups[group]).toBeTruthy();
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
