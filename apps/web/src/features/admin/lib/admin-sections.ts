import type { ComponentType } from 'react';

/** Headings of the admin menu, in menu order (texts under `adminnav.groups.*`). */
export const ADMIN_GROUPS = ['people', 'site', 'ai', 'sales', 'growth', 'audit'] as const;
export type AdminGroup = (typeof ADMIN_GROUPS)[number];

export interface AdminSectionDef {
  /** URL segment (`/admin/<key>`) and test id suffix (`admin-tab-<key>`); browser tests and shared links rely on both. */
  key: string;
  group: AdminGroup;
  /** i18n key of the menu label. */
  label: string;
  /** Each panel is its own chunk: opening the console loads only the panel shown. */
  load: () => Promise<ComponentType>;
}

/**
 * Every panel of the console, grouped and in menu order. The first one is what
 * bare `/admin` shows. Keys are public (links, bookmarks): rename one only with
 * a redirect.
 */
export const ADMIN_SECTIONS = [
  { key: 'users', group: 'people', label: 'admin.users', load: () => import('../components/users-panel').then((m) => m.UsersPanel) },
  { key: 'outbox', group: 'people', label: 'admin.outbox', load: () => import('../components/outbox-panel').then((m) => m.OutboxPanel) },
  { key: 'settings', group: 'site', label: 'admin.settings', load: () => import('../components/settings-panel').then((m) => m.SettingsPanel) },
  { key: 'oauth', group: 'site', label: 'oauthadmin.tab', load: () => import('../components/oauth-panel').then((m) => m.OauthPanel) },
  { key: 'sms', group: 'site', label: 'smsadmin.tab', load: () => import('../sms/sms-panel').then((m) => m.SmsPanel) },
  { key: 'models', group: 'ai', label: 'aiadmin.tab_models', load: () => import('../components/ai-models-panel').then((m) => m.AiModelsPanel) },
  { key: 'templates', group: 'ai', label: 'aiadmin.tab_templates', load: () => import('../components/templates-panel').then((m) => m.TemplatesPanel) },
  { key: 'draw', group: 'ai', label: 'drawadmin.tab', load: () => import('../draw/draw-panel').then((m) => m.DrawPanel) },
  { key: 'qrcode', group: 'ai', label: 'qradmin.tab', load: () => import('../qrcode/qrcode-panel').then((m) => m.QrcodePanel) },
  { key: 'papers', group: 'ai', label: 'paperadmin.tab', load: () => import('../components/papers-panel').then((m) => m.PapersPanel) },
  { key: 'plagiarism', group: 'ai', label: 'plagiarism.admin.nav', load: () => import('@/features/plagiarism/components/admin-panel').then((m) => m.PlagiarismAdminPanel) },
  { key: 'packages', group: 'sales', label: 'commerceadmin.tab_packages', load: () => import('../components/packages-panel').then((m) => m.PackagesPanel) },
  { key: 'orders', group: 'sales', label: 'commerceadmin.tab_orders', load: () => import('../components/orders-panel').then((m) => m.OrdersPanel) },
  { key: 'redeem', group: 'sales', label: 'commerceadmin.tab_redeem', load: () => import('../components/redeem-panel').then((m) => m.RedeemPanel) },
  { key: 'tasks', group: 'growth', label: 'promotionadmin.tab_tasks', load: () => import('../components/tasks-panel').then((m) => m.TasksPanel) },
  { key: 'promotion', group: 'growth', label: 'promotionadmin.tab_promotion', load: () => import('../components/promotion-settings-panel').then((m) => m.PromotionSettingsPanel) },
  { key: 'commissions', group: 'growth', label: 'promotionadmin.tab_commissions', load: () => import('../components/commissions-panel').then((m) => m.CommissionsPanel) },
  { key: 'withdrawals', group: 'growth', label: 'promotionadmin.tab_withdrawals', load: () => import('../components/withdrawals-panel').then((m) => m.WithdrawalsPanel) },
  { key: 'audit', group: 'audit', label: 'promotionadmin.tab_audit', load: () => import('../components/ledger-audit-panel').then((m) => m.LedgerAuditPanel) },
] as const satisfies readonly AdminSectionDef[];

export type AdminSection = (typeof ADMIN_SECTIONS)[number];
export type AdminSectionKey = AdminSection['key'];

export const DEFAULT_SECTION: AdminSection = ADMIN_SECTIONS[0];
export const ADMIN_ROOT = '/admin';

/** The section a URL segment names, or undefined for an unknown or empty one. */
export function findSection(segment: string): AdminSection | undefined {
  return ADMIN_SECTIONS.find((s) => s.key === segment);
}

/** Unprefixed path of a section; the first one lives at the bare `/admin`. */
export function sectionPath(key: AdminSectionKey): string {
  return key === DEFAULT_SECTION.key ? ADMIN_ROOT : `${ADMIN_ROOT}/${key}`;
}

/** The sections under each heading, in menu order. */
export function sectionsByGroup(): { group: AdminGroup; sections: AdminSection[] }[] {
  return ADMIN_GROUPS.map((group) => ({ group, sections: ADMIN_SECTIONS.filter((s) => s.group === group) }));
}
