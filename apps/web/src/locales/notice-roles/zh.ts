/** Texts of the notice centre, embedded views, the app tab bar and staff roles, the Chinese source (merged into each locale). */
export const noticeZh = {
  title: '通知中心',
  bulletin: '系统公告',
  badge_unread: '{{count}} 条未读通知',
  list_title: '我的通知',
  tab_list: '通知',
  tab_settings: '邮件提醒',
  filter_all: '全部',
  filter_unread: '未读（{{count}}）',
  read_all: '全部标为已读',
  empty: '暂无通知',
  prefs_title: '邮件提醒',
  prefs_hint: '勾选的通知类型会同时发送到您的邮箱（默认不发送）。邮件使用您最近使用的界面语言。',
  prefs_no_email: '您的账号尚未绑定邮箱，暂时无法接收邮件提醒。',
};

export const webviewZh = {
  title: '内嵌页面',
  refused_hint: '该链接不在本站允许打开的网站列表中，或不是安全的 https 链接。',
  back_home: '返回首页',
  admin_tab: '内嵌页面',
  admin_hint: '/webview 与 /webview2 只会打开以下网站（仅限 https）。浏览器的内容安全策略也只允许框架加载这些网站，跳转到其他网站的页面会被拦截。',
  admin_hosts: '允许的域名',
  admin_hosts_extra: '每个域名单独填写，如 docs.example.com；子域名需要分别添加。菜单项可指向 /webview?url=https://…',
  admin_too_many: '最多 {{max}} 个域名',
};

export const tabbarZh = {
  label: '底部导航',
  home: '首页',
  chat: '对话',
  notice: '通知',
  user: '我的',
};

export const staffZh = {
  role: '角色',
  role_user: '普通用户',
  role_operator: '运营',
  role_admin: '管理员',
  set_role: '设置角色',
  role_hint: '运营可管理内容、反馈与客服；管理员还可管理资金与设置。',
};
