import type { adminOauthZh } from './zh';
import type { Widen } from '../draw/widen';

export const adminOauthKo: Widen<typeof adminOauthZh> = {
  tab: '외부 계정 로그인',
  intro: '설정하면 로그인 창에 해당 버튼이 나타납니다. 환경 변수(GOOGLE_* / WECHAT_*)가 모두 있으면 그것이 우선하며 여기서는 읽기 전용입니다.',
  google: 'Google 로그인(OpenID Connect)',
  wechat: 'WeChat QR 로그인',
  issuer: '발급자(Issuer)',
  client_id: '클라이언트 ID',
  client_secret: '클라이언트 시크릿',
  app_id: 'AppID',
  app_secret: 'AppSecret',
  secret_set: '설정됨(비워 두면 유지)',
  secret_unset: '설정 안 됨',
  clear_secret: '시크릿 삭제',
  callback: '콜백 URL(제공자에 등록하세요)',
  source_env: '환경 변수에서',
  source_settings: '관리자 설정에서',
  source_none: '설정 안 됨',
  enabled: '사용 중',
  disabled: '사용 안 함',
};
