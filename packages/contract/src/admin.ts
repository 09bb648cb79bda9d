import { z } from 'zod';
import { mindmapConfigSchema } from './mindmap-config.js';
import { safeString } from './common.js';
import { endpoint, USER_ROLES } from './endpoint.js';
import { POLICY_TYPES, problemExampleSchema } from './site.js';
import { balanceAssetSchema, balancesSchema, memberLevelSchema, membershipKindSchema, membershipSchema, userInfoSchema } from './user.js';
import { LOCALES } from './locales.js';

export const adminUserRowSchema = z.object({
  id: z.number().int(),
  sn: safeString(),
  nickname: safeString(),
  email: safeString().nullable(),
  mobile: safeString().nullable(),
  role: z.enum(USER_ROLES),
  disabled: z.boolean(),
  create_time: safeString(),
  balance: balancesSchema,
});

const localized = z.object({ zh: safeString(), en: safeString(), ja: safeString(), ko: safeString() });
const localizedExamples = z.object({
  zh: z.array(problemExampleSchema).max(50),
  en: z.array(problemExampleSchema).max(50),
  ja: z.array(problemExampleSchema).max(50),
  ko: z.array(problemExampleSchema).max(50),
});

/** Admin-editable site settings; `/pc/config` is assembled from these. */
/**
 * One policy text. `updated_at` is stamped by the server when the admin changes
 * the text (the value sent by a client is ignored), so readers see when the
 * wording they agree to last changed.
 */
const policySchema = z.object({ title: localized, content: localized, updated_at: safeString().max(40).optional() });

export const siteSettingsSchema = z.object({
  website: z.object({
    name: safeString().max(100),
    logo: safeString().max(512),
    favicon: safeString().max(512),
    description: safeString().max(500),
    keywords: safeString().max(500),
    icp: safeString().max(100),
  }),
  domain: safeString().max(200),
  login: z.object({
    email_password: z.boolean(),
    email_code: z.boolean(),
    mobile_password: z.boolean(),
    mobile_code: z.boolean(),
    register_email: z.boolean(),
    register_mobile: z.boolean(),
    agreement: z.boolean(),
  }),
  bulletin: z.object({ is_open: z.boolean(), title: localized, content: localized }),
  copyright: z.array(z.object({ name: safeString().max(200), link: safeString().max(512) })).max(20),
  card_code: z.object({ is_open: z.boolean(), buy_link: safeString().max(512) }),
  qrcode: z.object({ is_open: z.boolean(), official_account: safeString().max(512), customer_service: safeString().max(512) }),
  member_package_status: z.boolean(),
  recharge_package_status: z.boolean(),
  /** Which layout `/openvip` shows: the plan cards, or the compact comparison table of `/openvip/index_copy`. */
  openvip_layout: z.enum(['cards', 'table']),
  /**
   * With PAY_SANDBOX=1 beside a real provider: admin accounts (only they) may pay with the
   * sandbox, which grants purchases without money. No effect without a real provider.
   */
  pay_sandbox_admins: z.boolean(),
  draw: z.object({ is_open: z.boolean() }),
  draw_square_config: z.object({ is_open: z.boolean() }),
  mindmap_config: mindmapConfigSchema,
  voice_broadcast: z.boolean(),
  /** Pages of scans and page photos read by OCR per UTC day: for the whole site, and for one user (0 = none). */
  doc_ocr: z.object({ pages_per_day: z.number().int().min(0).max(1_000_000), pages_per_user_per_day: z.number().int().min(0).max(1_000_000) }),
  chat_limit: z.number().int().min(0).max(1000),
  draw_limit: z.number().int().min(0).max(1000),
  qrcode_limit: z.number().int().min(0).max(1000),
  foreign_url: safeString().max(512),
  is_fc: z.boolean(),
  problem_examples: localizedExamples,
  intro: localized,
  /** Gift for each new account, granted through the ledger. */
  signup_gift: z.object({
    conversation_count: z.number().int().min(0).max(1_000_000),
    word_count: z.number().int().min(0).max(100_000_000),
    drawing_count: z.number().int().min(0).max(1_000_000),
  }),
  /** Policies: rich text (HTML) per locale; sanitised on display. */
  policies: z.object(
    Object.fromEntries(POLICY_TYPES.map((t) => [t, policySchema])) as Record<(typeof POLICY_TYPES)[number], typeof policySchema>,
  ),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;
export const SETTINGS_LOCALES = LOCALES;

export const outboxRowSchema = z.object({
  id: z.number().int(),
  channel: z.enum(['email', 'sms']),
  recipient: safeString(),
  subject: safeString(),
  body: safeString(),
  status: z.enum(['logged', 'sent', 'failed']),
  error: safeString().nullable(),
  create_time: safeString(),
});

const listQuery = z.object({
  page_no: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});

export const adminEndpoints = {
  users: endpoint({
    method: 'GET',
    path: '/admin/users',
    auth: 'admin',
    summary: 'Search users by email, mobile, user ID or id',
    tags: ['admin'],
    query: listQuery.extend({ keyword: safeString().trim().max(254).optional() }),
    response: z.object({ lists: z.array(adminUserRowSchema), count: z.number().int(), page_no: z.number().int(), page_size: z.number().int() }),
  }),
  userDetail: endpoint({
    method: 'GET',
    path: '/admin/user/detail',
    auth: 'admin',
    summary: 'One user with balances, membership and recent ledger',
    tags: ['admin'],
    query: z.object({ id: z.coerce.number().int().positive() }),
    response: z.object({
      user: userInfoSchema,
      disabled: z.boolean(),
      ledger: z.array(
        z.object({
          id: z.number().int(),
          asset: safeString(),
          delta: z.number().int(),
          balance_after: z.number().int(),
          reason: safeString(),
          ref_type: safeString(),
          ref_id: safeString().nullable(),
          create_time: safeString(),
        }),
      ),
    }),
  }),
  setUserDisabled: endpoint({
    method: 'POST',
    path: '/admin/user/setDisabled',
    auth: 'admin',
    summary: 'Disable or enable a user (disabling revokes their sessions)',
    tags: ['admin'],
    body: z.object({ user_id: z.number().int().positive(), disabled: z.boolean() }),
    response: z.null(),
    idempotent: true,
  }),
  adjustBalance: endpoint({
    method: 'POST',
    path: '/admin/user/adjustBalance',
    auth: 'admin',
    summary: 'Add to or subtract from a balance, with a reason, through the ledger',
    tags: ['admin'],
    body: z.object({
      user_id: z.number().int().positive(),
      asset: balanceAssetSchema,
      delta: z.number().int().min(-1_000_000_000).max(1_000_000_000).refine((v) => v !== 0, 'validation_failed'),
      reason: safeString().trim().min(1, 'validation_failed').max(200, 'validation_failed'),
      /** Client-generated key so a retried click adjusts once. */
      idempotency_key: safeString().trim().min(8).max(100),
    }),
    response: balancesSchema,
    idempotent: true,
  }),
  getSettings: endpoint({
    method: 'GET',
    path: '/admin/settings',
    auth: 'admin',
    summary: 'Site settings',
    tags: ['admin'],
    response: siteSettingsSchema,
  }),
  saveSettings: endpoint({
    method: 'POST',
    path: '/admin/settings',
    auth: 'admin',
    summary: 'Replace site settings',
    tags: ['admin'],
    body: siteSettingsSchema,
    response: siteSettingsSchema,
    idempotent: true,
  }),
  setMembership: endpoint({
    method: 'POST',
    path: '/admin/user/membership',
    auth: 'admin',
    summary: 'Grant or extend a membership: months 0 = permanent, else 1-120 added to an active expiry (the level only goes up)',
    tags: ['admin'],
    body: z.object({
      user_id: z.number().int().positive(),
      kind: membershipKindSchema,
      level: memberLevelSchema,
      months: z.number().int().min(0, 'validation_failed').max(120, 'validation_failed'),
    }),
    response: membershipSchema,
  }),
  ledgerAudit: endpoint({
    method: 'GET',
    path: '/admin/ledger/audit',
    auth: 'admin',
    summary: 'Balances that differ from the sum of their ledger rows (empty when all is well)',
    tags: ['admin'],
    response: z.object({
      mismatches: z.array(z.object({ user_id: z.number().int(), asset: safeString(), balance: z.number().int(), ledger_sum: z.number().int() })),
      checked_at: safeString(),
    }),
  }),
  outbox: endpoint({
    method: 'GET',
    path: '/admin/outbox',
    auth: 'admin',
    summary: 'Mail and SMS written to the outbox (always kept; the only delivery while no transport is configured)',
    tags: ['admin'],
    query: listQuery.extend({ channel: z.enum(['email', 'sms']).optional() }),
    response: z.object({ lists: z.array(outboxRowSchema), count: z.number().int(), page_no: z.number().int(), page_size: z.number().int(), transport: z.object({ email: z.boolean(), sms: z.boolean() }) }),
  }),
};
