import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { idSchema, pageQuerySchema, pageSchema, safeString } from './common.js';
import { MAX_CENTS } from './commerce.js';
import { rewardSchema } from './tasks.js';

/**
 * Invitation rewards, the distribution (promotion) programme and withdrawals.
 * Money is integer cents. Commission lives in ledger assets:
 * `commission` (settled, withdrawable) and `commission_held` (requested for
 * withdrawal, not yet paid or rejected); pending commission is not money yet
 * and stays in the commissions table until it settles by time.
 */

/** When an invitation reward is granted: at sign-up (bind), after the invitee's first chat answer, or after their first paid order. */
export const INVITE_UNLOCKS = ['signup', 'first_use', 'first_payment'] as const;
export const inviteUnlockSchema = z.enum(INVITE_UNLOCKS);

export const inviteSettingsSchema = z.object({
  enabled: z.boolean(),
  inviter_reward: rewardSchema,
  invitee_reward: rewardSchema,
  unlock: inviteUnlockSchema,
});
export type InviteSettings = z.infer<typeof inviteSettingsSchema>;

export const distributionSettingsSchema = z.object({
  enabled: z.boolean(),
  /** Commission in basis points of the order amount (1000 = 10 %). */
  commission_bp: z.number({ error: 'validation_failed' }).int('validation_failed').min(0, 'validation_failed').max(10_000, 'validation_failed'),
  /** Days a commission stays pending before it settles (refund window). */
  pending_days: z.number({ error: 'validation_failed' }).int('validation_failed').min(0, 'validation_failed').max(365, 'validation_failed'),
  /** Smallest withdrawal, cents. */
  min_withdraw: z.number({ error: 'validation_failed' }).int('validation_failed').min(1, 'validation_failed').max(MAX_CENTS, 'validation_failed'),
});
export type DistributionSettings = z.infer<typeof distributionSettingsSchema>;

export const promotionSettingsSchema = z.object({ invite: inviteSettingsSchema, distribution: distributionSettingsSchema });
export type PromotionSettings = z.infer<typeof promotionSettingsSchema>;

export const COMMISSION_STATUSES = ['pending', 'settled', 'cancelled'] as const;
export const commissionStatusSchema = z.enum(COMMISSION_STATUSES);
export const WITHDRAW_STATUSES = ['pending', 'approved', 'rejected', 'paid'] as const;
export const withdrawStatusSchema = z.enum(WITHDRAW_STATUSES);
export const WITHDRAW_METHODS = ['alipay', 'wechat', 'bank'] as const;
export const withdrawMethodSchema = z.enum(WITHDRAW_METHODS);

export const promotionSummarySchema = z.object({
  enabled: z.boolean(),
  commission_bp: z.number().int(),
  pending_days: z.number().int(),
  min_withdraw: z.number().int(),
  share_id: safeString(),
  link: safeString(),
  invitee_count: z.number().int(),
  /** Cents: commission not yet settled. */
  pending: z.number().int(),
  /** Cents: everything ever settled. */
  settled: z.number().int(),
  /** Cents: requested and not yet paid or rejected. */
  held: z.number().int(),
  /** Cents: paid out. */
  withdrawn: z.number().int(),
  /** Cents: withdrawable now (the `commission` balance). */
  available: z.number().int(),
});
export type PromotionSummary = z.infer<typeof promotionSummarySchema>;

export const inviteeSchema = z.object({
  nickname: safeString(),
  avatar: safeString(),
  join_time: safeString(),
  /** Paid (fulfilled) orders of this invitee and the commission they earned the promoter, cents. */
  order_count: z.number().int(),
  commission: z.number().int(),
});

export const commissionSchema = z.object({
  id: z.number().int(),
  order_no: safeString(),
  invitee_nickname: safeString(),
  order_amount: z.number().int(),
  commission_bp: z.number().int(),
  amount: z.number().int(),
  status: commissionStatusSchema,
  create_time: safeString(),
  /** When it settles (or settled). */
  settle_time: safeString(),
  cancel_reason: safeString().nullable(),
});
export type Commission = z.infer<typeof commissionSchema>;

export const withdrawalSchema = z.object({
  id: z.number().int(),
  amount: z.number().int(),
  method: withdrawMethodSchema,
  name: safeString(),
  /** Masked for the user (last 4 characters); in full for administrators. */
  account: safeString(),
  status: withdrawStatusSchema,
  reason: safeString().nullable(),
  create_time: safeString(),
  review_time: safeString().nullable(),
  paid_time: safeString().nullable(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

const amountSchema = z
  .number({ error: 'validation_failed' })
  .int('validation_failed')
  .min(1, 'validation_failed')
  .max(MAX_CENTS, 'validation_failed');

export const withdrawApplySchema = z.object({
  amount: amountSchema,
  method: withdrawMethodSchema,
  name: safeString({ error: 'required_field_empty' }).trim().min(1, 'required_field_empty').max(50, 'validation_failed'),
  account: safeString({ error: 'required_field_empty' }).trim().min(1, 'required_field_empty').max(64, 'validation_failed'),
});

/** The poster is an SVG image (image/svg+xml), not a JSON envelope: GET /api/promotion/poster?share_id=… (public: it shows only the public invite link). Usable as an <img> src. */
export const PROMOTION_POSTER_PATH = '/promotion/poster';

export const promotionEndpoints = {
  promotionSummary: endpoint({
    method: 'GET',
    path: '/promotion/summary',
    auth: 'user',
    summary: 'Promoter earnings: pending, settled, held, withdrawn and available commission (cents); settles what is due first',
    tags: ['promotion'],
    response: promotionSummarySchema,
  }),
  promotionInvitees: endpoint({
    method: 'GET',
    path: '/promotion/invitees',
    auth: 'user',
    summary: 'People the user brought, newest first',
    tags: ['promotion'],
    query: pageQuerySchema,
    response: pageSchema(inviteeSchema),
  }),
  promotionOrders: endpoint({
    method: 'GET',
    path: '/promotion/orders',
    auth: 'user',
    summary: "Commission on the invitees' orders, newest first",
    tags: ['promotion'],
    query: pageQuerySchema,
    response: pageSchema(commissionSchema),
  }),
  withdrawApply: endpoint({
    method: 'POST',
    path: '/withdraw/apply',
    auth: 'user',
    summary: 'Request a withdrawal; the amount is held from the available commission at once',
    tags: ['promotion'],
    body: withdrawApplySchema,
    response: withdrawalSchema,
  }),
  withdrawLists: endpoint({
    method: 'GET',
    path: '/withdraw/lists',
    auth: 'user',
    summary: "The user's withdrawal requests, newest first",
    tags: ['promotion'],
    query: pageQuerySchema,
    response: pageSchema(withdrawalSchema),
  }),
  adminPromotionSettings: endpoint({
    method: 'GET',
    path: '/admin/promotion/settings',
    auth: 'admin',
    summary: 'Invitation rewards and distribution programme settings',
    tags: ['admin', 'promotion'],
    response: promotionSettingsSchema,
  }),
  adminPromotionSettingsSave: endpoint({
    method: 'POST',
    path: '/admin/promotion/settings',
    auth: 'admin',
    summary: 'Replace the invitation and distribution settings',
    tags: ['admin', 'promotion'],
    body: promotionSettingsSchema,
    response: promotionSettingsSchema,
    idempotent: true,
  }),
  adminCommissions: endpoint({
    method: 'GET',
    path: '/admin/commissions',
    auth: 'admin',
    summary: 'Commission rows, by status or promoter',
    tags: ['admin', 'promotion'],
    query: pageQuerySchema.extend({ status: commissionStatusSchema.optional(), promoter_id: idSchema.optional() }),
    response: pageSchema(commissionSchema.extend({ promoter_id: z.number().int(), invitee_id: z.number().int() })),
  }),
  adminWithdrawals: endpoint({
    method: 'GET',
    path: '/admin/withdrawals',
    auth: 'admin',
    summary: 'Withdrawal requests, by status or user',
    tags: ['admin', 'promotion'],
    query: pageQuerySchema.extend({ status: withdrawStatusSchema.optional(), user_id: idSchema.optional() }),
    response: pageSchema(withdrawalSchema.extend({ user_id: z.number().int() })),
  }),
  adminWithdrawApprove: endpoint({
    method: 'POST',
    path: '/admin/withdraw/approve',
    auth: 'admin',
    summary: 'Approve a pending withdrawal (repeating it is a no-op)',
    tags: ['admin', 'promotion'],
    body: z.object({ id: idSchema }),
    response: withdrawalSchema.extend({ user_id: z.number().int() }),
    idempotent: true,
  }),
  adminWithdrawReject: endpoint({
    method: 'POST',
    path: '/admin/withdraw/reject',
    auth: 'admin',
    summary: 'Reject a pending or approved withdrawal with a reason; the held amount returns to the available commission',
    tags: ['admin', 'promotion'],
    body: z.object({ id: idSchema, reason: safeString({ error: 'required_field_empty' }).trim().min(1, 'required_field_empty').max(200, 'validation_failed') }),
    response: withdrawalSchema.extend({ user_id: z.number().int() }),
    idempotent: true,
  }),
  adminWithdrawPaid: endpoint({
    method: 'POST',
    path: '/admin/withdraw/paid',
    auth: 'admin',
    summary: 'Mark an approved withdrawal paid (the held amount leaves the ledger)',
    tags: ['admin', 'promotion'],
    body: z.object({ id: idSchema }),
    response: withdrawalSchema.extend({ user_id: z.number().int() }),
    idempotent: true,
  }),
};
