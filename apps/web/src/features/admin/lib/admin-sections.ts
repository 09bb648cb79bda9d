import type { ComponentType } from 'react';
import type { UserRole } from '@xueba/contract';

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
  /** Who sees it: 'operator' (content, feedback, support) for operators too; otherwise administrators only (money, settings). */
  level?: 'operator';
}

/**
 * Every panel of the console, grouped and in menu order. The first one is what
 * bare `/admin` shows. Keys are public (links, bookmarks): rename one only with
 * a redirect.
 */
export const ADMIN_SECTIONS = [
  { key: 'users', group: 'people', label: 'admin.users', load: () => import('../components/users-panel').then((m) => m.UsersPanel) },
  { key: 'feedback', group: 'people', label: 'feedbackadmin.tab', level: 'operator', load: () => import('../feedback/feedback-panel').then((m) => m.FeedbackPanel) },
  { key: 'support', group: 'people', label: 'supportadmin.tab', level: 'operator', load: () => import('../support/support-panel').then((m) => m.SupportPanel) },
  { key: 'outbox', group: 'people', label: 'admin.outbox', load: () => import('../components/outbox-panel').then((m) => m.OutboxPanel) },
  { key: 'settings', group: 'site', label: 'admin.settings', load: () => import('../components/settings-panel').then((m) => m.SettingsPanel) },
  { key: 'oauth', group: 'site', label: 'oauthadmin.tab', load: () => import('../components/oauth-panel').then((m) => m.OauthPanel) },
  { key: 'content', group: 'site', label: 'contentadmin.tab', level: 'operator', load: () => import('../content/content-panel').then((m) => m.ContentPanel) },
  { key: 'sms', group: 'site', label: 'smsadmin.tab', load: () => import('../sms/sms-panel').then((m) => m.SmsPanel) },
  { key: 'webview', group: 'site', label: 'webview.admin_tab', load: () => import('@/features/webview/components/webview-admin-panel').then((m) => m.WebviewAdminPanel) },
  { key: 'models', group: 'ai', label: 'aiadmin.tab_models', load: () => import('../components/ai-models-panel').then((m) => m.AiModelsPanel) },
  { key: 'templates', group: 'ai', label: 'aiadmin.tab_templates', level: 'operator', load: () => import('../components/templates-panel').then((m) => m.TemplatesPanel) },
  { key: 'draw', group: 'ai', label: 'drawadmin.tab', load: () => import('../draw/draw-panel').then((m) => m.DrawPanel) },
  { key: 'square', group: 'ai', label: 'drawadmin.tab_square', level: 'operator', load: () => import('../draw/moderation-section').then((m) => m.ModerationSection) },
  { key: 'qrcode', group: 'ai', label: 'qradmin.tab', level: 'operator', load: () => import('../qrcode/qrcode-panel').then((m) => m.QrcodePanel) },
  { key: 'skills', group: 'ai', label: 'skilladmin.tab', level: 'operator', load: () => import('../skill/skill-panel').then((m) => m.SkillPanel) },
  { key: 'papers', group: 'ai', label: 'paperadmin.tab', load: () => import('../components/papers-panel').then((m) => m.PapersPanel) },
  { key: 'paperwrite', group: 'ai', label: 'paperwrite.admin.title', load: () => import('@/features/paper-write/components/admin-panel').then((m) => m.PaperWriteAdminPanel) },
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

/** Whether a role sees a section: administrators see all, operators the operator ones. */
export function sectionAllowed(section: AdminSectionDef, role: UserRole): boolean {
  return role === 'admin' || (role === 'operator' && section.level === 'operator');
}

/** The sections a role sees, in menu order. */
export function sectionsFor(role: UserRole): AdminSection[] {
  return ADMIN_SECTIONS.filter((s) => sectionAllowed(s, role));
}

/** The section a URL segment names, or undefined for an unknown or empty one. */
export function findSection(segment: string): AdminSection | undefined {
  return ADMIN_SECTIONS.find((s) => s.key === segment);
}

/** Unprefixed path of a section; the first one lives at the bare `/admin`. */
export function sectionPath(key: AdminSectionKey): string {
  return key === DEFAULT_SECTION.key ? ADMIN_ROOT : `${ADMIN_ROOT}/${key}`;
}

/** The sections under each heading, in menu order. */
export function sectionsByGroup(role: UserRole = 'admin'): { group: AdminGroup; sections: AdminSection[] }[] {
  return ADMIN_GROUPS.map((group) => ({ group, sections: sectionsFor(role).filter((s) => s.group === group) })).filter((g) => g.sections.length > 0);
}
