import type { refundAdminZh } from './zh';
import type { Widen } from '../draw/widen';

export const refundAdminEn: Widen<typeof refundAdminZh> = {
  refund: 'Refund',
  reason: 'Refund reason',
  confirm_title: 'Refund this order?',
  confirm_text: 'Return the money at the payment provider first. This takes back the counts, words and membership time the order granted (what was already used cannot be taken back) and cancels its pending commission.',
  title: 'Refund',
  time: 'Refunded at',
  none_taken: 'Refunded before refunds took anything back: nothing was taken back.',
  item: 'Item',
  granted: 'Granted',
  taken: 'Taken back',
  shortfall: 'Not recovered (already used)',
  membership: 'Membership',
  level: 'Level',
  expiry: 'Expires',
  removed: 'Time taken back',
  used: 'Already used (not taken back)',
  permanent: 'Permanent',
  permanence: 'Permanent status',
  duration: '{{days}} d {{hours}} h',
  not_recorded: 'This membership was granted before grants were recorded per order, so this order’s time cannot be told apart; it was left unchanged.',
};
