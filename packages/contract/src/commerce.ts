import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { idSchema, pageQuerySchema, pageSchema, safeString } from './common.js';
import { memberLevelSchema, membershipKindSchema } from './user.js';

/**
 * Packages, orders, payments and redeem codes. Money is integer
 * cents (fen) everywhere; a price never comes from the client.
 */

/** At most 1,000,000 yuan per package: anything larger is a typo or an attack. */
export const MAX_CENTS = 100_000_000;
export const centsSchema = z.number({ error: 'validation_failed' }).int('validation_failed').min(0, 'validation_failed').max(MAX_CENTS, 'validation_failed');
const countSchema = z.number({ error: 'validation_failed' }).int('validation_failed').min(0, 'validation_failed').max(1_000_000_000, 'validation_failed');

export const PACKAGE_TYPES = ['member', 'recharge'] as const;
export const packageTypeSchema = z.enum(PACKAGE_TYPES);
export const PAY_GATEWAYS = ['sandbox', 'wechat', 'alipay'] as const;
export const payGatewaySchema = z.enum(PAY_GATEWAYS);
export type PayGateway = z.infer<typeof payGatewaySchema>;
/** refunded: an administrator recorded a refund made by hand and took back what the order granted (POST /admin/order/refund). */
export const ORDER_STATUSES = ['created', 'paid', 'fulfilled', 'closed', 'paid_after_close', 'refunded'] as const;
export const orderStatusSchema = z.enum(ORDER_STATUSES);

const text = (max: number) => safeString().trim().max(max, 'validation_failed');
const localizedText = (max: number) => z.object({ zh: text(max), en: text(max), ja: text(max), ko: text(max) });

/** Benefit types of spec §3: 0 member, 1 VIP, 2 B-VIP, 3 word count, 4 drawing count. */
export const benefitSchema = z.object({ type: z.number().int().min(0).max(4), value: text(200) });

export const packageInputSchema = z
  .object({
    type: packageTypeSchema,
    name: localizedText(100),
    description: localizedText(2000),
    /** Membership packages only: level, kind and months (0 = permanent). */
    level: memberLevelSchema.nullable(),
    kind: membershipKindSchema.nullable(),
    months: z.number().int().min(0, 'validation_failed').max(120, 'validation_failed').nullable(),
    original_price: centsSchema,
    price: centsSchema.refine((v) => v >= 1, 'validation_failed'),
    conversation_count: countSchema,
    word_count: countSchema,
    drawing_count: countSchema,
    gift_conversation_count: countSchema,
    gift_word_count: countSchema,
    gift_drawing_count: countSchema,
    invoice: z.boolean(),
    benefits: z.array(benefitSchema).max(20),
    recommended: z.boolean(),
    sort: z.number().int().min(-100_000).max(100_000),
    enabled: z.boolean(),
  })
  .refine((p) => p.type === 'recharge' || (p.level !== null && p.kind !== null && p.months !== null), { message: 'validation_failed', path: ['level'] });
export type PackageInput = z.infer<typeof packageInputSchema>;

export const adminPackageSchema = z.object({
  id: z.number().int(),
  type: packageTypeSchema,
  name: localizedText(100),
  description: localizedText(2000),
  level: memberLevelSchema.nullable(),
  kind: membershipKindSchema.nullable(),
  months: z.number().int().nullable(),
  original_price: z.number().int(),
  price: z.number().int(),
  conversation_count: z.number().int(),
  word_count: z.number().int(),
  drawing_count: z.number().int(),
  gift_conversation_count: z.number().int(),
  gift_word_count: z.number().int(),
  gift_drawing_count: z.number().int(),
  invoice: z.boolean(),
  benefits: z.array(benefitSchema),
  recommended: z.boolean(),
  sort: z.number().int(),
  enabled: z.boolean(),
});
export type AdminPackage = z.infer<typeof adminPackageSchema>;

/** A package as users see it: texts in the request's language. */
export const packageSchema = adminPackageSchema.omit({ name: true, description: true, enabled: true }).extend({
  name: safeString(),
  description: safeString(),
  /** Word count in ten-thousands, as the recharge cards show it. */
  word_count_wan: z.number(),
});
export type Package = z.infer<typeof packageSchema>;

export const orderSchema = z.object({
  order_no: safeString(),
  package_id: z.number().int(),
  package_type: packageTypeSchema,
  package_name: safeString(),
  gateway: payGatewaySchema,
  /** Cents. */
  amount: z.number().int(),
  status: orderStatusSchema,
  create_time: safeString(),
  expire_time: safeString(),
  pay_time: safeString().nullable(),
  fulfil_time: safeString().nullable(),
});
export type Order = z.infer<typeof orderSchema>;

/** The balances an order or a code grants (a package's counts plus its gifts); the session balance is never sold. */
export const GRANT_ASSETS = ['conversation_count', 'word_count', 'drawing_count'] as const;
export type GrantAsset = (typeof GRANT_ASSETS)[number];

/**
 * What an administrator's refund took back (docs/product-choices.md, "Refunds").
 * Balances: per asset the order granted, what was taken and what could not be
 * (already spent: balances never go negative). Membership: the time this order
 * added that had not passed yet is removed; `used_ms` is the part that had passed.
 */
export const refundClawbackSchema = z.object({
  assets: z.array(z.object({ asset: z.enum(GRANT_ASSETS), granted: z.number().int(), taken: z.number().int(), shortfall: z.number().int() })),
  membership: z
    .object({
      kind: membershipKindSchema,
      /** false: granted before grants were recorded (migration 0011); left unchanged. */
      recorded: z.boolean(),
      level_before: memberLevelSchema,
      level_after: memberLevelSchema,
      /** null: permanent. */
      expires_before: safeString().nullable(),
      expires_after: safeString().nullable(),
      /** Milliseconds taken off the membership; null: the order's permanence was taken back. */
      removed_ms: z.number().int().nullable(),
      /** Milliseconds of this order's time that had already passed (cannot be taken back). */
      used_ms: z.number().int(),
    })
    .nullable(),
});
export type RefundClawback = z.infer<typeof refundClawbackSchema>;

/** A refund as the admin orders list shows it; `clawback` null for refunds recorded before clawbacks existed. */
export const orderRefundSchema = z.object({ reason: safeString(), time: safeString(), clawback: refundClawbackSchema.nullable() });

export const notificationLogSchema = z.object({
  id: z.number().int(),
  gateway: safeString(),
  order_no: safeString().nullable(),
  trade_no: safeString().nullable(),
  paid_amount: z.number().int().nullable(),
  outcome: safeString(),
  detail: safeString(),
  create_time: safeString(),
});

const redeemCodeSchema = safeString({ error: 'redeem_code_required' })
  .trim()
  .min(1, 'redeem_code_required')
  .max(64, 'redeem_code_unknown');

export const redeemGrantSchema = z
  .object({
    package_id: idSchema.optional(),
    conversation_count: countSchema.optional(),
    word_count: countSchema.optional(),
    drawing_count: countSchema.optional(),
  })
  .refine((g) => (g.package_id !== undefined) !== ((g.conversation_count ?? 0) + (g.word_count ?? 0) + (g.drawing_count ?? 0) > 0), {
    message: 'validation_failed',
    path: ['package_id'],
  });

export const redeemBatchSchema = z.object({
  id: z.number().int(),
  count: z.number().int(),
  uses_per_code: z.number().int(),
  one_per_user: z.boolean(),
  expires_at: safeString().nullable(),
  grant: z.object({ package_id: z.number().int().optional(), conversation_count: z.number().int().optional(), word_count: z.number().int().optional(), drawing_count: z.number().int().optional() }),
  disabled: z.boolean(),
  used: z.number().int(),
  create_time: safeString(),
});

export const redeemCodeRowSchema = z.object({
  id: z.number().int(),
  code: safeString(),
  uses: z.number().int(),
  uses_per_code: z.number().int(),
  disabled: z.boolean(),
});

export const commerceEndpoints = {
  memberPackages: endpoint({
    method: 'GET',
    path: '/member/packages',
    auth: 'optional',
    summary: 'Membership packages on sale (fails with membership_disabled when member_package_status is off)',
    tags: ['commerce'],
    query: z.object({ kind: membershipKindSchema.optional() }),
    response: z.object({ lists: z.array(packageSchema) }),
  }),
  rechargePackages: endpoint({
    method: 'GET',
    path: '/recharge/packages',
    auth: 'optional',
    summary: 'Recharge (word and drawing) packages on sale (fails with recharge_disabled when recharge_package_status is off)',
    tags: ['commerce'],
    response: z.object({ lists: z.array(packageSchema) }),
  }),
  packageDetail: endpoint({
    method: 'GET',
    path: '/package/detail',
    auth: 'optional',
    summary: 'One package on sale (/openvip/{id})',
    tags: ['commerce'],
    query: z.object({ id: idSchema }),
    response: packageSchema,
  }),
  createOrder: endpoint({
    method: 'POST',
    path: '/order/create',
    auth: 'user',
    summary: 'Create an order for a package; the price comes from the server (any price field in the request is refused)',
    tags: ['commerce'],
    body: z.strictObject({ package_id: idSchema, kind: packageTypeSchema, gateway: payGatewaySchema }),
    response: orderSchema.extend({ pay_url: safeString().nullable(), code_url: safeString().nullable() }),
  }),
  orderDetail: endpoint({
    method: 'GET',
    path: '/order/detail',
    auth: 'user',
    summary: "One of the user's orders (an unpaid order past its time shows as closed)",
    tags: ['commerce'],
    query: z.object({ order_no: safeString().trim().min(1).max(64) }),
    response: orderSchema,
  }),
  orderPay: endpoint({
    method: 'POST',
    path: '/order/pay',
    auth: 'user',
    summary: "Continue paying one of the user's unpaid orders: the same order, its way to pay again (refused once it is paid or closed, or its gateway is no longer offered)",
    tags: ['commerce'],
    body: z.strictObject({ order_no: safeString().trim().min(1).max(64) }),
    response: orderSchema.extend({ pay_url: safeString().nullable(), code_url: safeString().nullable() }),
  }),
  orderCancel: endpoint({
    method: 'POST',
    path: '/order/cancel',
    auth: 'user',
    summary: "Cancel one of the user's unpaid orders: it closes at once (a payment arriving later is recorded paid_after_close)",
    tags: ['commerce'],
    body: z.strictObject({ order_no: safeString().trim().min(1).max(64) }),
    response: orderSchema,
  }),
  orderLists: endpoint({
    method: 'GET',
    path: '/order/lists',
    auth: 'user',
    summary: "The user's orders, newest first",
    tags: ['commerce'],
    query: pageQuerySchema,
    response: pageSchema(orderSchema),
  }),
  redeemUse: endpoint({
    method: 'POST',
    path: '/redeem/use',
    auth: 'user',
    summary: 'Redeem a card code (case-insensitive; rate-limited per user and per IP)',
    tags: ['commerce'],
    body: z.object({ code: redeemCodeSchema }),
    response: z.object({ granted: z.object({ conversation_count: z.number().int(), word_count: z.number().int(), drawing_count: z.number().int(), package_id: z.number().int().nullable() }) }),
  }),
  adminPackages: endpoint({
    method: 'GET',
    path: '/admin/packages',
    auth: 'admin',
    summary: 'All packages of one type, on and off',
    tags: ['admin', 'commerce'],
    query: z.object({ type: packageTypeSchema }),
    response: z.object({ lists: z.array(adminPackageSchema) }),
  }),
  adminPackageSave: endpoint({
    method: 'POST',
    path: '/admin/package/save',
    auth: 'admin',
    summary: 'Create (no id) or replace a package',
    tags: ['admin', 'commerce'],
    body: z.object({ id: idSchema.optional(), package: packageInputSchema }),
    response: adminPackageSchema,
  }),
  adminPackageSetEnabled: endpoint({
    method: 'POST',
    path: '/admin/package/setEnabled',
    auth: 'admin',
    summary: 'Put a package on or off sale (packages are never deleted: orders refer to them)',
    tags: ['admin', 'commerce'],
    body: z.object({ id: idSchema, enabled: z.boolean() }),
    response: z.null(),
    idempotent: true,
  }),
  adminOrders: endpoint({
    method: 'GET',
    path: '/admin/orders',
    auth: 'admin',
    summary: 'Search orders by order number, user id or status',
    tags: ['admin', 'commerce'],
    query: pageQuerySchema.extend({ order_no: safeString().trim().max(64).optional(), user_id: idSchema.optional(), status: orderStatusSchema.optional() }),
    response: pageSchema(
      orderSchema.extend({
        user_id: z.number().int(),
        trade_no: safeString().nullable(),
        paid_amount: z.number().int().nullable(),
        user_sn: safeString().nullable(),
        channel: safeString().nullable(),
        refund: orderRefundSchema.nullable(),
      }),
    ),
  }),
  adminOrderRefund: endpoint({
    method: 'POST',
    path: '/admin/order/refund',
    auth: 'admin',
    summary:
      'Mark a fulfilled order refunded (money returned by hand at the provider) and, in the same transaction, take back what it granted: balances down to zero at most (the rest is reported as shortfall), the membership time it added, its pending commission. Repeating it changes nothing',
    tags: ['admin', 'commerce'],
    body: z.object({ order_no: safeString().trim().min(1).max(64), reason: safeString().trim().min(1, 'required_field_empty').max(200, 'validation_failed') }),
    response: z.object({ order_no: safeString(), status: z.literal('refunded'), commission_cancelled: z.boolean(), clawback: refundClawbackSchema.nullable() }),
    idempotent: true,
  }),
  adminOrderNotifications: endpoint({
    method: 'GET',
    path: '/admin/order/notifications',
    auth: 'admin',
    summary: 'Payment notification log (all, or of one order): rejected signatures, amount mismatches, replays, paid after close',
    tags: ['admin', 'commerce'],
    query: pageQuerySchema.extend({ order_no: safeString().trim().max(64).optional() }),
    response: pageSchema(notificationLogSchema),
  }),
  adminRedeemBatch: endpoint({
    method: 'POST',
    path: '/admin/redeem/batch',
    auth: 'admin',
    summary: 'Generate a batch of redeem codes',
    tags: ['admin', 'commerce'],
    body: z.object({
      count: z.number().int().min(1, 'validation_failed').max(10_000, 'validation_failed'),
      uses_per_code: z.number().int().min(1, 'validation_failed').max(1_000_000, 'validation_failed'),
      one_per_user: z.boolean(),
      expires_at: safeString().pipe(z.iso.datetime({ offset: true, error: 'validation_failed' })).optional(),
      grant: redeemGrantSchema,
    }),
    response: z.object({ batch_id: z.number().int(), codes: z.array(safeString()) }),
  }),
  adminRedeemBatches: endpoint({
    method: 'GET',
    path: '/admin/redeem/batches',
    auth: 'admin',
    summary: 'Redeem-code batches, newest first',
    tags: ['admin', 'commerce'],
    query: pageQuerySchema,
    response: pageSchema(redeemBatchSchema),
  }),
  adminRedeemCodes: endpoint({
    method: 'GET',
    path: '/admin/redeem/codes',
    auth: 'admin',
    summary: 'Codes of one batch with their use counts (CSV: GET /admin/redeem/export?batch_id=)',
    tags: ['admin', 'commerce'],
    query: pageQuerySchema.extend({ batch_id: idSchema }),
    response: pageSchema(redeemCodeRowSchema),
  }),
  adminRedeemDisable: endpoint({
    method: 'POST',
    path: '/admin/redeem/disable',
    auth: 'admin',
    summary: 'Disable a whole batch or one code',
    tags: ['admin', 'commerce'],
    body: z.object({ batch_id: idSchema.optional(), code_id: idSchema.optional() }).refine((b) => (b.batch_id === undefined) !== (b.code_id === undefined), 'validation_failed'),
    response: z.null(),
    idempotent: true,
  }),
};
