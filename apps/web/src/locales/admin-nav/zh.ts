/** Texts of the admin console's navigation (section headings, menu labels), the Chinese source (merged into each locale). */
export const adminNavZh = {
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
};
