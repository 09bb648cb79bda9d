import type { refundAdminZh } from './zh';
import type { Widen } from '../draw/widen';

export const refundAdminKo: Widen<typeof refundAdminZh> = {
  refund: '환불',
  reason: '환불 사유',
  confirm_title: '이 주문을 환불할까요?',
  confirm_text: '먼저 결제 서비스에서 사용자에게 환불해 주세요. 확인하면 이 주문으로 지급한 횟수, 글자 수, 멤버십 기간을 회수하고(이미 사용한 부분은 회수할 수 없습니다) 대기 중인 수수료를 취소합니다.',
  title: '환불 기록',
  time: '환불 시각',
  none_taken: '자동 회수 도입 전에 기록된 환불이라 회수한 것이 없습니다.',
  item: '항목',
  granted: '지급',
  taken: '회수함',
  shortfall: '회수하지 못함(이미 사용)',
  membership: '멤버십',
  level: '등급',
  expiry: '만료',
  removed: '회수한 기간',
  used: '이미 사용(회수 불가)',
  permanent: '평생',
  permanence: '평생 자격',
  duration: '{{days}}일 {{hours}}시간',
  not_recorded: '이 멤버십은 주문별 기록이 시작되기 전에 지급되어 이 주문의 기간을 구분할 수 없으므로 변경하지 않았습니다.',
};
