import type { adminNavZh } from './zh';
import type { Widen } from '../draw/widen';

export const adminNavKo: Widen<typeof adminNavZh> = {
  nav_label: '관리 메뉴',
  open_menu: '전체 메뉴',
  groups: {
    people: '사용자와 메시지',
    site: '사이트와 로그인',
    ai: 'AI와 콘텐츠',
    sales: '판매',
    growth: '성장과 정산',
    audit: '감사',
  },
};
