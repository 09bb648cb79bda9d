/**
 * Texts of the notice centre, staff roles and embedded views, merged into
 * MESSAGES by one spread. Each notice kind has a title and a body
 * (`notice_title_<kind>`, `notice_body_<kind>`); the body's `{name}`
 * placeholders are the notice's params (see NOTICE_PARAMS in notice.ts).
 */
export const NOTICE_MESSAGES = {
  notice_title_feedback_replied: { zh: '反馈有新回复', en: 'Your feedback has a reply', ja: 'フィードバックに返信がありました', ko: '피드백에 답변이 도착했습니다' },
  notice_body_feedback_replied: { zh: '我们回复了您提交的反馈，点击查看。', en: 'Our team replied to your feedback. Open it to read the reply.', ja: 'お送りいただいたフィードバックに返信しました。開いてご確認ください。', ko: '보내주신 피드백에 답변했습니다. 열어서 확인하세요.' },
  notice_title_support_replied: { zh: '客服回复了您', en: 'Customer service replied', ja: 'カスタマーサービスから返信がありました', ko: '고객센터에서 답변했습니다' },
  notice_body_support_replied: { zh: '您有一条来自客服的新消息。', en: 'You have a new message from customer service.', ja: 'カスタマーサービスから新しいメッセージが届いています。', ko: '고객센터에서 새 메시지가 도착했습니다.' },
  notice_title_draw_done: { zh: '绘画已完成', en: 'Your drawing is ready', ja: '画像が完成しました', ko: '그림이 완성되었습니다' },
  notice_body_draw_done: { zh: '您的绘画“{prompt}”已完成。', en: 'Your drawing “{prompt}” is finished.', ja: '画像「{prompt}」が完成しました。', ko: '그림 “{prompt}”이(가) 완성되었습니다.' },
  notice_title_draw_failed: { zh: '绘画失败', en: 'Your drawing failed', ja: '画像の生成に失敗しました', ko: '그림 생성에 실패했습니다' },
  notice_body_draw_failed: { zh: '您的绘画“{prompt}”生成失败，已扣除的额度已退回。', en: 'Your drawing “{prompt}” failed; anything it was charged has been refunded.', ja: '画像「{prompt}」の生成に失敗しました。差し引かれた分は返却済みです。', ko: '그림 “{prompt}” 생성에 실패했습니다. 차감된 이용량은 환불되었습니다.' },
  notice_title_order_paid: { zh: '订单支付成功', en: 'Order paid', ja: '注文の支払いが完了しました', ko: '주문 결제가 완료되었습니다' },
  notice_body_order_paid: { zh: '订单 {order}（{item}，¥{amount}）已支付成功，权益已到账。', en: 'Order {order} ({item}, ¥{amount}) is paid and what you bought is in your account.', ja: '注文 {order}（{item}、¥{amount}）の支払いが完了し、購入内容が反映されました。', ko: '주문 {order}({item}, ¥{amount}) 결제가 완료되어 구매 내용이 반영되었습니다.' },
  notice_title_withdrawal_approved: { zh: '提现已通过', en: 'Withdrawal approved', ja: '出金が承認されました', ko: '출금이 승인되었습니다' },
  notice_body_withdrawal_approved: { zh: '您申请的 ¥{amount} 提现已审核通过。', en: 'Your withdrawal of ¥{amount} has been approved.', ja: '¥{amount} の出金申請が承認されました。', ko: '¥{amount} 출금 신청이 승인되었습니다.' },
  notice_title_withdrawal_rejected: { zh: '提现未通过', en: 'Withdrawal rejected', ja: '出金が却下されました', ko: '출금이 거절되었습니다' },
  notice_body_withdrawal_rejected: { zh: '您申请的 ¥{amount} 提现未通过：{reason}。金额已退回您的佣金余额。', en: 'Your withdrawal of ¥{amount} was rejected: {reason}. The amount is back in your commission balance.', ja: '¥{amount} の出金申請は却下されました：{reason}。金額はコミッション残高に戻りました。', ko: '¥{amount} 출금 신청이 거절되었습니다: {reason}. 금액은 수수료 잔액으로 돌아갔습니다.' },
  notice_title_doc_processed: { zh: '文档处理结束', en: 'Document processed', ja: 'ドキュメントの処理が終わりました', ko: '문서 처리가 끝났습니다' },
  notice_body_doc_processed: { zh: '文档“{title}”已处理结束，点击查看结果。', en: 'Processing of “{title}” has finished. Open it to see the result.', ja: 'ドキュメント「{title}」の処理が終わりました。開いて結果をご確認ください。', ko: '문서 “{title}” 처리가 끝났습니다. 열어서 결과를 확인하세요.' },
  notice_title_membership_expiring: { zh: '会员即将到期', en: 'Membership ending soon', ja: '会員期間がまもなく終了します', ko: '멤버십이 곧 만료됩니다' },
  notice_body_membership_expiring: { zh: '您的会员将于 {date} 到期，续费即可继续享受会员权益。', en: 'Your membership ends on {date}. Renew to keep its benefits.', ja: '会員期間は {date} に終了します。更新すると特典を引き続きご利用いただけます。', ko: '멤버십이 {date}에 만료됩니다. 갱신하면 혜택을 계속 이용할 수 있습니다.' },
  notice_title_plagiarism_done: { zh: '查重完成', en: 'Plagiarism check finished', ja: '類似チェックが完了しました', ko: '표절 검사가 완료되었습니다' },
  notice_body_plagiarism_done: { zh: '您的查重报告已生成，点击查看。', en: 'Your plagiarism check report is ready. Open it to read it.', ja: '類似チェックのレポートができました。開いてご確認ください。', ko: '표절 검사 보고서가 준비되었습니다. 열어서 확인하세요.' },
  notice_title_paper_write_done: { zh: '论文已生成', en: 'Your paper is written', ja: '論文が生成されました', ko: '논문이 작성되었습니다' },
  notice_body_paper_write_done: { zh: '您的论文稿件已生成，点击查看。', en: 'Your paper draft is ready. Open it to read it.', ja: '論文の原稿ができました。開いてご確認ください。', ko: '논문 초안이 준비되었습니다. 열어서 확인하세요.' },
  notice_mail_footer: {
    zh: '您收到这封邮件，是因为您在{site}的通知设置中开启了此类邮件提醒。可在通知中心关闭。',
    en: 'You get this mail because you turned on email for this kind of notice on {site}. You can turn it off in the notice centre.',
    ja: '{site} の通知設定でこの種類のメール通知をオンにしているため、このメールをお送りしています。通知センターでオフにできます。',
    ko: '{site}의 알림 설정에서 이 유형의 이메일 알림을 켜 두셨기 때문에 이 메일을 보내드립니다. 알림 센터에서 끌 수 있습니다.',
  },
  notice_mail_open: { zh: '查看：{url}', en: 'Open: {url}', ja: '開く：{url}', ko: '열기: {url}' },
  notice_not_found: { zh: '通知不存在', en: 'That notice was not found', ja: 'その通知は見つかりません', ko: '해당 알림을 찾을 수 없습니다' },
  role_last_admin: { zh: '不能取消最后一位管理员的管理员身份', en: 'The last administrator cannot be demoted', ja: '最後の管理者の権限は外せません', ko: '마지막 관리자의 권한은 해제할 수 없습니다' },
  role_updated: { zh: '角色已更新', en: 'Role updated', ja: 'ロールを更新しました', ko: '역할을 변경했습니다' },
  webview_refused: { zh: '不允许打开该链接', en: 'This link is not allowed to open here', ja: 'このリンクはここでは開けません', ko: '이 링크는 여기에서 열 수 없습니다' },
  webview_host_invalid: { zh: '请输入有效的域名（如 example.com）', en: 'Enter a valid host name (such as example.com)', ja: '有効なホスト名を入力してください（例：example.com）', ko: '올바른 호스트 이름을 입력하세요(예: example.com)' },
} as const;
