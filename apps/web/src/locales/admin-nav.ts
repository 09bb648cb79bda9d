/** Texts of the admin console's navigation (section headings, menu labels), in the four languages (merged into each locale). */
export const ADMIN_NAV = {
  zh: {
    nav_label: '管理功能',
    open_menu: '全部功能',
    groups: {
      people: '用户与消息',
      site: '站点与登录',
      ai: 'AI 与内容',
      sales: '销售',
      growth: '推广与结算',
      audit: '审计',
    },
  },
  en: {
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
  },
  ja: {
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
  },
  ko: {
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
  },
};
