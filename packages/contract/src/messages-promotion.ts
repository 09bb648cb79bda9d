/**
 * Messages of daily tasks, invitations, the distribution programme and
 * withdrawals, merged into the one table in messages.ts.
 */
export const PROMOTION_MESSAGES = {
  task_not_found: { zh: '任务不存在或已停用', en: 'This task does not exist or is disabled', ja: 'このタスクは存在しないか無効です', ko: '이 작업은 없거나 비활성화되었습니다' },
  task_done_today: { zh: '今日已完成该任务', en: 'You have already completed this task today', ja: 'このタスクは本日すでに完了しています', ko: '오늘 이미 완료한 작업입니다' },
  task_signin_success: { zh: '签到成功', en: 'Signed in for today', ja: 'チェックインしました', ko: '출석 체크했습니다' },
  distribution_disabled: { zh: '分销功能未开启', en: 'The distribution programme is not enabled', ja: '紹介プログラムは有効になっていません', ko: '추천 프로그램이 활성화되지 않았습니다' },
  commission_insufficient: { zh: '可提现佣金不足', en: 'Insufficient withdrawable commission', ja: '出金可能なコミッションが不足しています', ko: '출금 가능한 수수료가 부족합니다' },
  withdraw_below_minimum: { zh: '提现金额不能低于{min}元', en: 'The withdrawal must be at least ¥{min}', ja: '出金額は{min}元以上にしてください', ko: '출금액은 {min}위안 이상이어야 합니다' },
  withdraw_submitted: { zh: '提现申请已提交，请等待审核', en: 'Withdrawal requested; it awaits review', ja: '出金を申請しました。審査をお待ちください', ko: '출금을 신청했습니다. 심사를 기다려 주세요' },
  withdraw_not_found: { zh: '提现记录不存在', en: 'Withdrawal not found', ja: '出金記録が見つかりません', ko: '출금 기록을 찾을 수 없습니다' },
  withdraw_state_invalid: { zh: '该提现申请当前状态不能执行此操作', en: 'This withdrawal cannot be changed that way in its current state', ja: 'この出金申請は現在の状態ではこの操作ができません', ko: '현재 상태에서는 이 출금 신청에 이 작업을 할 수 없습니다' },
  order_refunded: { zh: '已退款，订单发放的权益已收回', en: 'Refunded; what the order granted was taken back', ja: '返金しました。注文で付与した分を取り消しました', ko: '환불했습니다. 주문으로 지급한 혜택을 회수했습니다' },
  order_not_refundable: { zh: '只有已完成的订单可以退款', en: 'Only a fulfilled order can be refunded', ja: '返金できるのは完了した注文だけです', ko: '완료된 주문만 환불할 수 있습니다' },
} as const;
