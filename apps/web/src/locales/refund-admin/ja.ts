import type { refundAdminZh } from './zh';
import type { Widen } from '../draw/widen';

export const refundAdminJa: Widen<typeof refundAdminZh> = {
  refund: '返金',
  reason: '返金理由',
  confirm_title: 'この注文を返金しますか？',
  confirm_text: '先に決済サービス側でユーザーへ返金してください。確定すると、この注文で付与した回数・文字数・会員期間を取り消し（使用済みの分は取り消せません）、保留中のコミッションも取り消します。',
  title: '返金記録',
  time: '返金日時',
  none_taken: '自動取り消し導入前に記録された返金のため、何も取り消していません。',
  item: '項目',
  granted: '付与',
  taken: '取り消し済み',
  shortfall: '取り消せなかった分（使用済み）',
  membership: '会員',
  level: 'レベル',
  expiry: '有効期限',
  removed: '取り消した期間',
  used: '使用済み（取り消し不可）',
  permanent: '永久',
  permanence: '永久資格',
  duration: '{{days}}日{{hours}}時間',
  not_recorded: 'この会員は注文ごとの記録が始まる前に付与されたため、この注文の期間を区別できず、変更していません。',
};
