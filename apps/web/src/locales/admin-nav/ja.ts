import type { adminNavZh } from './zh';
import type { Widen } from '../draw/widen';

export const adminNavJa: Widen<typeof adminNavZh> = {
  nav_label: '管理メニュー',
  open_menu: 'メニュー',
  groups: {
    people: 'ユーザーとメッセージ',
    site: 'サイトとログイン',
    ai: 'AI とコンテンツ',
    sales: '販売',
    growth: '集客と出金',
    audit: '監査',
  },
};
