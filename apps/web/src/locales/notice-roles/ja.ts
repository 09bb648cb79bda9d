import type { noticeZh, staffZh, tabbarZh, webviewZh } from './zh';
import type { Widen } from '../draw/widen';

export const noticeJa: Widen<typeof noticeZh> = {
  title: 'お知らせ',
  bulletin: 'システムからのお知らせ',
  badge_unread: '未読のお知らせ {{count}} 件',
  list_title: 'マイお知らせ',
  tab_list: 'お知らせ',
  tab_settings: 'メール通知',
  filter_all: 'すべて',
  filter_unread: '未読（{{count}}）',
  read_all: 'すべて既読にする',
  empty: 'お知らせはありません',
  prefs_title: 'メール通知',
  prefs_hint: 'チェックした種類はメールでもお知らせします（初期設定では送信しません）。メールは最後に使った表示言語で送られます。',
  prefs_no_email: 'アカウントにメールアドレスが登録されていないため、メールを送れません。',
};

export const webviewJa: Widen<typeof webviewZh> = {
  title: '埋め込みページ',
  refused_hint: 'このリンクは開くことを許可されたサイトの一覧にないか、安全な https リンクではありません。',
  back_home: 'ホームへ戻る',
  admin_tab: '埋め込みページ',
  admin_hint: '/webview と /webview2 は以下のサイトだけを開きます（https のみ）。ブラウザのコンテンツセキュリティポリシーもフレームにこれらのサイトだけを許可するため、他のサイトへ移動するページはブロックされます。',
  admin_hosts: '許可するホスト',
  admin_hosts_extra: 'ホストを 1 つずつ入力します（例：docs.example.com）。サブドメインは個別に追加してください。メニュー項目は /webview?url=https://… を指せます。',
  admin_too_many: 'ホストは最大 {{max}} 件です',
};

export const tabbarJa: Widen<typeof tabbarZh> = {
  label: 'タブバー',
  home: 'ホーム',
  chat: 'チャット',
  notice: 'お知らせ',
  user: 'マイページ',
};

export const staffJa: Widen<typeof staffZh> = {
  role: 'ロール',
  role_user: '一般ユーザー',
  role_operator: 'オペレーター',
  role_admin: '管理者',
  set_role: 'ロールを設定',
  role_hint: 'オペレーターはコンテンツ・フィードバック・サポートを担当し、管理者はさらに資金と設定を管理します。',
};
