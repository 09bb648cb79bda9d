/**
 * Personal notifications (the notice centre): the kinds other features send
 * through the one notifier. Each kind has its own email opt-in.
 */
export const NOTICE_KINDS = [
  'feedback_replied',
  'support_replied',
  'draw_done',
  'draw_failed',
  'order_paid',
  'withdrawal_approved',
  'withdrawal_rejected',
  'doc_processed',
  'membership_expiring',
  'plagiarism_done',
  'paper_write_done',
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];
