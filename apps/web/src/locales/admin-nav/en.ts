import type { adminNavZh } from './zh';
import type { Widen } from '../draw/widen';

export const adminNavEn: Widen<typeof adminNavZh> = {
  nav_label: 'Admin sections',
  open_menu: 'All sections',
  groups: {
    people: 'Users and messages',
    site: 'Site and sign-in',
    ai: 'AI and content',
    sales: 'Sales',
    growth: 'Growth and payouts',
    audit: 'Audit',
  },
};
