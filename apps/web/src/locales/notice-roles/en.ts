import type { noticeZh, staffZh, tabbarZh, webviewZh } from './zh';
import type { Widen } from '../draw/widen';

export const noticeEn: Widen<typeof noticeZh> = {
  title: 'Notices',
  bulletin: 'Announcement',
  badge_unread: '{{count}} unread notices',
  list_title: 'My notices',
  tab_list: 'Notices',
  tab_settings: 'Email',
  filter_all: 'All',
  filter_unread: 'Unread ({{count}})',
  read_all: 'Mark all as read',
  empty: 'No notices yet',
  prefs_title: 'Email notices',
  prefs_hint: 'Kinds you tick are also sent to your email (none are by default). Mail is written in the language you last used the site in.',
  prefs_no_email: 'Your account has no email address yet, so no mail can be sent.',
};

export const webviewEn: Widen<typeof webviewZh> = {
  title: 'Embedded page',
  refused_hint: 'This link is not on the list of sites this site may open, or it is not a secure https link.',
  back_home: 'Back to home',
  admin_tab: 'Embedded views',
  admin_hint: '/webview and /webview2 open only these sites (https only). The browser’s content security policy also lets frames load only these sites, so a page that redirects elsewhere is blocked.',
  admin_hosts: 'Allowed hosts',
  admin_hosts_extra: 'One host each, such as docs.example.com; add subdomains separately. A menu entry can point to /webview?url=https://…',
  admin_too_many: 'At most {{max}} hosts',
};

export const tabbarEn: Widen<typeof tabbarZh> = {
  label: 'Tab bar',
  home: 'Home',
  chat: 'Chat',
  notice: 'Notices',
  user: 'Me',
};

export const staffEn: Widen<typeof staffZh> = {
  role: 'Role',
  role_user: 'User',
  role_operator: 'Operator',
  role_admin: 'Administrator',
  set_role: 'Set role',
  role_hint: 'Operators run content, feedback and support; administrators also manage money and settings.',
};
