import { roleMeets, type UserInfo } from '@xueba/contract';

export interface MenuItem {
  path: string;
  label: string;
  icon: 'home' | 'introduce' | 'members' | 'profile' | 'language' | 'admin' | 'paper' | 'chat' | 'create' | 'collection' | 'doc' | 'vip' | 'tasks' | 'promotion' | 'app' | 'skill' | 'news' | 'help' | 'write';
  testId: string;
}

/**
 * Sidebar entries. Only pages that exist are listed; later features (chat,
 * drawing, search, documents, membership) add theirs here with their routes.
 */
export function menuItems(user: UserInfo | undefined): MenuItem[] {
  const items: MenuItem[] = [
    { path: '/', label: 'nav.home', icon: 'home', testId: 'nav-home' },
    { path: '/chat', label: 'chat.nav', icon: 'chat', testId: 'nav-chat' },
    { path: '/create', label: 'create.nav', icon: 'create', testId: 'nav-create' },
    { path: '/skill', label: 'nav.skill', icon: 'skill', testId: 'nav-skill' },
    { path: '/app', label: 'apphome.nav', icon: 'app', testId: 'nav-app' },
    { path: '/academic_search', label: 'paper.nav', icon: 'paper', testId: 'nav-academic-search' },
    { path: '/paper/write', label: 'nav.paper_write', icon: 'write', testId: 'nav-paper-write' },
    { path: '/doc/manage', label: 'nav.docs', icon: 'doc', testId: 'nav-doc' },
    { path: '/paper/check', label: 'nav.paper_check', icon: 'paper', testId: 'nav-paper-check' },
    { path: '/introduce', label: 'nav.introduce', icon: 'introduce', testId: 'nav-introduce' },
    { path: '/pc-members', label: 'nav.members', icon: 'members', testId: 'nav-members' },
    { path: '/openvip', label: 'commerce.nav_openvip', icon: 'vip', testId: 'nav-openvip' },
  ];
  if (user) items.push({ path: '/user/info', label: 'nav.profile', icon: 'profile', testId: 'nav-profile' });
  if (user) items.push({ path: '/user/collection', label: 'collection.nav', icon: 'collection', testId: 'nav-collection' });
  if (user) items.push({ path: '/user/tasks', label: 'promotion.nav_tasks', icon: 'tasks', testId: 'nav-tasks' });
  if (user) items.push({ path: '/promotion/distribution', label: 'promotion.nav_distribution', icon: 'promotion', testId: 'nav-distribution' });
  items.push({ path: '/news', label: 'nav.news', icon: 'news', testId: 'nav-news' });
  items.push({ path: '/help', label: 'nav.help', icon: 'help', testId: 'nav-help' });
  items.push({ path: '/lang', label: 'nav.language', icon: 'language', testId: 'nav-language' });
  if (user && roleMeets(user.role, 'operator')) items.push({ path: '/admin', label: 'nav.admin', icon: 'admin', testId: 'nav-admin' });
  return items;
}
