import type { noticeZh, staffZh, tabbarZh, webviewZh } from './zh';
import type { Widen } from '../draw/widen';

export const noticeKo: Widen<typeof noticeZh> = {
  title: '알림 센터',
  bulletin: '공지사항',
  badge_unread: '읽지 않은 알림 {{count}}개',
  list_title: '내 알림',
  tab_list: '알림',
  tab_settings: '이메일 알림',
  filter_all: '전체',
  filter_unread: '읽지 않음({{count}})',
  read_all: '모두 읽음으로 표시',
  empty: '알림이 없습니다',
  prefs_title: '이메일 알림',
  prefs_hint: '선택한 유형은 이메일로도 보내 드립니다(기본값은 보내지 않음). 메일은 마지막으로 사용한 화면 언어로 작성됩니다.',
  prefs_no_email: '계정에 이메일 주소가 없어 메일을 보낼 수 없습니다.',
};

export const webviewKo: Widen<typeof webviewZh> = {
  title: '내장 페이지',
  refused_hint: '이 링크는 열 수 있도록 허용된 사이트 목록에 없거나 안전한 https 링크가 아닙니다.',
  back_home: '홈으로',
  admin_tab: '내장 페이지',
  admin_hint: '/webview와 /webview2는 아래 사이트만 엽니다(https만). 브라우저의 콘텐츠 보안 정책도 프레임에 이 사이트만 허용하므로 다른 사이트로 이동하는 페이지는 차단됩니다.',
  admin_hosts: '허용 호스트',
  admin_hosts_extra: '호스트를 하나씩 입력하세요(예: docs.example.com). 하위 도메인은 따로 추가해야 합니다. 메뉴 항목은 /webview?url=https://… 를 가리킬 수 있습니다.',
  admin_too_many: '호스트는 최대 {{max}}개입니다',
};

export const tabbarKo: Widen<typeof tabbarZh> = {
  label: '탭 바',
  home: '홈',
  chat: '채팅',
  notice: '알림',
  user: '내 정보',
};

export const staffKo: Widen<typeof staffZh> = {
  role: '역할',
  role_user: '일반 사용자',
  role_operator: '운영자',
  role_admin: '관리자',
  set_role: '역할 설정',
  role_hint: '운영자는 콘텐츠, 피드백, 고객 지원을 맡고 관리자는 자금과 설정도 관리합니다.',
};
