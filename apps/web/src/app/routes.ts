import type { ComponentType } from 'react';
import type { MessageGroup } from '@/locales/groups';

export type LayoutName = 'app' | 'blank' | 'default' | 'up-down';

export interface RouteDef {
  /** Unprefixed path (Chinese); the table adds /en, /zh, /ja and /ko (spec §2). */
  path: string;
  layout: LayoutName;
  /** 'user': sign-in required (spec §2 guard); 'operator': the staff area (operators and administrators); 'admin': the administrator role. */
  auth?: 'user' | 'operator' | 'admin';
  /** i18n key of the document title. */
  title: string;
  /** i18n key of the description meta tag (pages with their own, such as an article, set it with usePageMeta). */
  description?: string;
  /** The page uses antd components: it is wrapped in the (lazy) antd theme/locale provider. */
  antd?: boolean;
  /**
   * false: the layout leaves its footer out (spec §2: drawing main, drawing
   * record and mind map main have "the footer hidden").
   */
  footer?: false;
  /** The feature message groups the page shows (loaded with it; route-messages.test.ts checks the list). */
  messages?: MessageGroup[];
  /** The page module, loaded on demand so the first screen stays small. */
  load: () => Promise<{ default: ComponentType }>;
}

/**
 * The one route table. Later features add their pages here; everything else
 * (locale prefixes, guards, prefetch, titles) follows from the entry.
 */
export const ROUTES: RouteDef[] = [
  { path: '/', layout: 'app', title: 'nav.home', load: () => import('@/features/home/pages/home-page') },
  { path: '/introduce', layout: 'app', title: 'nav.introduce', load: () => import('@/features/home/pages/introduce-page') },
  { path: '/pc-members', layout: 'app', title: 'nav.members', load: () => import('@/features/members/pages/members-page') },
  { path: '/user/info', layout: 'app', auth: 'user', antd: true, title: 'nav.profile', load: () => import('@/features/user/pages/user-info-page') },
  { path: '/chat', layout: 'app', title: 'chat.title', load: () => import('@/features/chat/pages/chat-page') },
  { path: '/skill', layout: 'app', title: 'skill.title', messages: ['skill'], load: () => import('@/features/skill/pages/skill-page') },
  { path: '/uiec', layout: 'app', title: 'uiec.title', messages: ['uiec'], load: () => import('@/features/uiec/pages/uiec-page') },
  { path: '/create', layout: 'app', auth: 'user', title: 'create.title', load: () => import('@/features/templates/pages/templates-page') },
  { path: '/create/produce', layout: 'app', auth: 'user', title: 'create.title', load: () => import('@/features/templates/pages/produce-page') },
  { path: '/user/opinion', layout: 'app', auth: 'user', title: 'feedback.title', messages: ['support'], load: () => import('@/features/feedback/pages/feedback-page') },
  { path: '/user/notice', layout: 'app', auth: 'user', antd: true, title: 'notice.title', load: () => import('@/features/notice/pages/notice-page') },
  { path: '/webview', layout: 'app', title: 'webview.title', load: () => import('@/features/webview/pages/webview-page') },
  { path: '/webview2', layout: 'blank', title: 'webview.title', load: () => import('@/features/webview/pages/webview-full-page') },
  { path: '/user/collection', layout: 'app', auth: 'user', title: 'collection.title', load: () => import('@/features/favorites/pages/favorites-page') },
  { path: '/academic_search', layout: 'app', title: 'paper.title', load: () => import('@/features/paper/pages/academic-search-page') },
  { path: '/paper/write', layout: 'app', auth: 'user', title: 'paperwrite.title', messages: ['paperwrite'], load: () => import('@/features/paper-write/pages/projects-page') },
  { path: '/paper/write/:id', layout: 'app', auth: 'user', footer: false, title: 'paperwrite.title', messages: ['paperwrite'], load: () => import('@/features/paper-write/pages/editor-page') },
  { path: '/academic_search/detail/:id', layout: 'app', title: 'paper.detail_title', load: () => import('@/features/paper/pages/paper-detail-page') },
  { path: '/policy/:type', layout: 'default', title: 'policy.title', load: () => import('@/features/policy/pages/policy-page') },
  { path: '/lang', layout: 'blank', title: 'nav.language', load: () => import('@/features/lang/pages/lang-page') },
  { path: '/lang/redirect', layout: 'blank', title: 'nav.language', load: () => import('@/features/lang/pages/lang-redirect-page') },
  { path: '/lang/google', layout: 'blank', title: 'lang.signing_in', load: () => import('@/features/lang/pages/lang-google-page') },
  { path: '/empty', layout: 'blank', title: 'empty.title', load: () => import('@/features/misc/pages/empty-page') },
  { path: '/openvip', layout: 'app', title: 'commerce.openvip_title', messages: ['skill'], load: () => import('@/features/commerce/pages/openvip-page') },
  { path: '/openvip/index_copy', layout: 'app', title: 'viptable.title', messages: ['skill'], load: () => import('@/features/commerce/pages/openvip-table-page') },
  { path: '/openvip/:id', layout: 'app', antd: true, title: 'commerce.openvip_title', load: () => import('@/features/commerce/pages/package-page') },
  { path: '/recharge', layout: 'app', antd: true, title: 'commerce.recharge_title', load: () => import('@/features/commerce/pages/recharge-page') },
  { path: '/redeem_code', layout: 'app', antd: true, title: 'commerce.redeem_title', load: () => import('@/features/commerce/pages/redeem-page') },
  { path: '/components/open-ai-vip', layout: 'blank', antd: true, title: 'commerce.open_ai_vip_title', load: () => import('@/features/commerce/pages/open-ai-vip-page') },
  { path: '/user/orders', layout: 'app', auth: 'user', title: 'commerce.orders_title', load: () => import('@/features/commerce/pages/orders-page') },
  { path: '/user/tasks', layout: 'app', auth: 'user', title: 'promotion.tasks_title', load: () => import('@/features/tasks/pages/tasks-page') },
  { path: '/promotion/distribution', layout: 'app', auth: 'user', title: 'promotion.distribution_title', load: () => import('@/features/promotion/pages/distribution-page') },
  { path: '/promotion/withdrawal', layout: 'app', auth: 'user', antd: true, title: 'promotion.withdraw_title', load: () => import('@/features/promotion/pages/withdrawal-page') },
  { path: '/doc/manage', layout: 'app', auth: 'user', antd: true, title: 'doc.titles.manage', messages: ['doc'], load: () => import('@/features/doc/pages/doc-manage-page') },
  { path: '/doc/details', layout: 'app', auth: 'user', antd: true, title: 'doc.titles.reader', messages: ['doc'], load: () => import('@/features/doc/pages/doc-details-page') },
  { path: '/doc/chat', layout: 'app', auth: 'user', antd: true, title: 'doc.titles.reader', messages: ['doc'], load: () => import('@/features/doc/pages/doc-details-page') },
  { path: '/doc/h5', layout: 'app', auth: 'user', antd: true, title: 'doc.titles.h5', messages: ['doc'], load: () => import('@/features/doc/pages/doc-h5-page') },
  { path: '/doc/openvip', layout: 'app', title: 'doc.titles.vip', messages: ['doc'], load: () => import('@/features/doc/pages/doc-openvip-page') },
  { path: '/components/doc-detail', layout: 'blank', auth: 'user', antd: true, title: 'doc.titles.reader', messages: ['doc'], load: () => import('@/features/doc/pages/component-doc-detail-page') },
  { path: '/components/doc-manage', layout: 'blank', auth: 'user', antd: true, title: 'doc.titles.manage', messages: ['doc'], load: () => import('@/features/doc/pages/component-doc-manage-page') },
  { path: '/components/open-doc-vip', layout: 'blank', title: 'doc.titles.vip', messages: ['doc'], load: () => import('@/features/doc/pages/doc-openvip-page') },
  // Spec §2 "layout off" for the app area: these pages bring no layout of their own and sit
  // in the app shell (sidebar and header, so the visitor can move on); drawing hides the footer.
  { path: '/app', layout: 'app', title: 'apphome.title', load: () => import('@/features/app-home/pages/app-home-page') },
  { path: '/app/drawing', layout: 'app', footer: false, title: 'draw.title', messages: ['draw'], load: () => import('@/features/draw/pages/drawing-page') },
  { path: '/app/drawing/record', layout: 'app', footer: false, auth: 'user', title: 'draw.records_title', messages: ['draw'], load: () => import('@/features/draw/pages/record-page') },
  { path: '/app/qrcode', layout: 'app', footer: false, title: 'qrcode.title', messages: ['qrcode'], load: () => import('@/features/qrcode/pages/qrcode-page') },
  // The older drawing pages: the same components in the default layout.
  { path: '/drawing', layout: 'default', title: 'draw.title', messages: ['draw'], load: () => import('@/features/draw/pages/drawing-page') },
  { path: '/drawing/record', layout: 'default', auth: 'user', title: 'draw.records_title', messages: ['draw'], load: () => import('@/features/draw/pages/record-page') },
  { path: '/app/mind_map', layout: 'app', footer: false, title: 'mindmap.title', messages: ['mindmap'], load: () => import('@/features/mindmap/pages/mind-map-page') },
  // A shared map, read-only, for anyone with the link (the token is in the query, as the server's share path says).
  { path: '/mind_map/share', layout: 'blank', title: 'mindmap.share.page_title', messages: ['mindmap'], load: () => import('@/features/mindmap/pages/mind-map-share-page') },
  { path: '/paper/check', layout: 'app', title: 'plagiarism.title', messages: ['plagiarism'], load: () => import('@/features/plagiarism/pages/check-page') },
  { path: '/paper/check/shared', layout: 'app', title: 'plagiarism.title', messages: ['plagiarism'], load: () => import('@/features/plagiarism/pages/shared-report-page') },
  { path: '/paper/check/:id', layout: 'app', auth: 'user', title: 'plagiarism.title', messages: ['plagiarism'], load: () => import('@/features/plagiarism/pages/report-page') },
  { path: '/app/square', layout: 'app', title: 'square.title', messages: ['square'], load: () => import('@/features/square/pages/square-page') },
  { path: '/admin/*', layout: 'up-down', auth: 'operator', antd: true, title: 'admin.title', messages: ['admin', 'support', 'content', 'skill', 'paperwrite', 'plagiarism', 'qrcode', 'square', 'doc'], load: () => import('@/features/admin/pages/admin-page') },
  { path: '/news', layout: 'app', title: 'news.title', description: 'news.description', messages: ['content'], load: () => import('@/features/news/pages/news-page') },
  { path: '/news/detail/:id', layout: 'app', title: 'news.title', description: 'news.description', messages: ['content'], load: () => import('@/features/news/pages/news-detail-page') },
  { path: '/help', layout: 'app', title: 'help.title', description: 'help.description', messages: ['content'], load: () => import('@/features/help/pages/help-page') },
  { path: '/help/:id', layout: 'app', title: 'help.title', description: 'help.description', messages: ['content'], load: () => import('@/features/help/pages/help-detail-page') },
];
