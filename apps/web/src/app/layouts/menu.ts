import type { UserInfo } from '@xueba/contract';

export interface MenuItem {
  path: string;
  label: string;
  icon: 'home' | 'introduce' | 'members' | 'profile' | 'language' | 'admin';
  testId: string;
}

/**
 * Sidebar entries. Only pages that exist are listed; later features (chat,
 * drawing, search, documents, membership) add theirs here with their routes.
 */
export function menuItems(user: UserInfo | undefined): MenuItem[] {
  const items: MenuItem[] = [
    { path: '/', label: 'nav.home', icon: 'home', testId: 'nav-home' },
    { path: '/introduce', label: 'nav.introduce', icon: 'introduce', testId: 'nav-introduce' },
    { path: '/pc-members', label: 'nav.members', icon: 'members', testId: 'nav-members' },
  ];
  if (user) items.push({ path: '/user/info', label: 'nav.profile', icon: 'profile', testId: 'nav-profile' });
  items.push({ path: '/lang', label: 'nav.language', icon: 'language', testId: 'nav-language' });
  if (user?.role === 'admin') items.push({ path: '/admin', label: 'nav.admin', icon: 'admin', testId: 'nav-admin' });
  return items;
}
