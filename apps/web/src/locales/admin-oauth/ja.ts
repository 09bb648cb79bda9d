import type { adminOauthZh } from './zh';
import type { Widen } from '../draw/widen';

export const adminOauthJa: Widen<typeof adminOauthZh> = {
  tab: '外部アカウントログイン',
  intro: '設定するとログイン画面に対応するボタンが表示されます。環境変数（GOOGLE_* / WECHAT_*）が揃っている場合はそちらが優先され、ここでは読み取り専用です。',
  google: 'Google ログイン（OpenID Connect）',
  wechat: 'WeChat QR ログイン',
  issuer: '発行者（Issuer）',
  client_id: 'クライアント ID',
  client_secret: 'クライアントシークレット',
  app_id: 'AppID',
  app_secret: 'AppSecret',
  secret_set: '設定済み（空欄のままなら変更しません）',
  secret_unset: '未設定',
  clear_secret: 'シークレットを削除',
  callback: 'コールバック URL（提供元に登録してください）',
  source_env: '環境変数から',
  source_settings: '管理画面の設定から',
  source_none: '未設定',
  enabled: '有効',
  disabled: '無効',
};
