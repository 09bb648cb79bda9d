import type { adminOauthZh } from './zh';
import type { Widen } from '../draw/widen';

export const adminOauthEn: Widen<typeof adminOauthZh> = {
  tab: 'Third-party sign-in',
  intro: 'Once configured, the matching button appears in the sign-in popup. Complete environment variables (GOOGLE_* / WECHAT_*) take precedence and are read-only here.',
  google: 'Google sign-in (OpenID Connect)',
  wechat: 'WeChat QR sign-in',
  issuer: 'Issuer',
  client_id: 'Client ID',
  client_secret: 'Client secret',
  app_id: 'AppID',
  app_secret: 'AppSecret',
  secret_set: 'Set (leave empty to keep it)',
  secret_unset: 'Not set',
  clear_secret: 'Remove secret',
  callback: 'Callback URL (register it with the provider)',
  source_env: 'From environment variables',
  source_settings: 'From admin settings',
  source_none: 'Not configured',
  enabled: 'Enabled',
  disabled: 'Not enabled',
};
