import { z } from 'zod';
import { endpoint, USER_ROLES } from './endpoint.js';
import { MEMBERSHIP_KINDS } from './membership-constants.js';
import { channelSchema, codeSchema, emailSchema, mobileSchema, passwordSchema, safeString, userSnSchema } from './common.js';

export const membershipKindSchema = z.enum(MEMBERSHIP_KINDS);
export const MEMBER_LEVELS = ['vip', 'bvip'] as const;
export const memberLevelSchema = z.enum(MEMBER_LEVELS);

/** The four balances of spec §3. Counts and words are integers; session_balance is money in integer cents. */
export const balancesSchema = z.object({
  conversation_count: z.number().int(),
  drawing_count: z.number().int(),
  word_count: z.number().int(),
  session_balance: z.number().int(),
});
export type Balances = z.infer<typeof balancesSchema>;
export const BALANCE_ASSETS = ['conversation_count', 'drawing_count', 'word_count', 'session_balance'] as const;
export const balanceAssetSchema = z.enum(BALANCE_ASSETS);
export type BalanceAsset = z.infer<typeof balanceAssetSchema>;

export const membershipSchema = z.object({
  kind: membershipKindSchema,
  level: memberLevelSchema,
  /** null: permanent. */
  expires_at: safeString().nullable(),
});

export const userInfoSchema = z.object({
  id: z.number().int(),
  /** The user ID shown to people (spec §3 "user ID"). */
  sn: safeString(),
  nickname: safeString(),
  avatar: safeString(),
  email: safeString().nullable(),
  mobile: safeString().nullable(),
  create_time: safeString(),
  role: z.enum(USER_ROLES),
  has_password: z.boolean(),
  /** 1 when any membership is active now. */
  is_member: z.union([z.literal(0), z.literal(1)]),
  /** Highest active level: none (not opened), vip or bvip. */
  member_level: z.enum(['none', 'vip', 'bvip']),
  memberships: z.array(membershipSchema),
  balance: balancesSchema,
  /** The share_id others use to be invited by this user. */
  share_id: safeString(),
  google_bound: z.boolean(),
  wechat_bound: z.boolean(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const orgInfoSchema = z.object({
  id: z.number().int().nullable(),
  name: safeString(),
  department: safeString(),
  position: safeString(),
  /** 1 means the organisation edit modal should show (spec §3). */
  show_edit: z.union([z.literal(0), z.literal(1)]),
});

export const userCenterSchema = z.object({
  user: userInfoSchema,
  org: orgInfoSchema,
  invite_count: z.number().int(),
});

const nicknameSchema = safeString()
  .trim()
  .min(1, 'validation_failed')
  .max(32, 'validation_failed')
  // Control characters never belong in a display name; everything else is stored as text and escaped on output.
  .refine((v) => ![...v].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f), 'validation_failed');

export const userEndpoints = {
  center: endpoint({
    method: 'GET',
    path: '/user/center',
    auth: 'user',
    summary: 'User centre: the user, organisation and invitation count',
    tags: ['user'],
    query: z.object({ user_sn: userSnSchema.optional(), channel: channelSchema.optional() }),
    response: userCenterSchema,
  }),
  info: endpoint({
    method: 'GET',
    path: '/user/info',
    auth: 'user',
    summary: 'The signed-in user with balances and membership',
    tags: ['user'],
    response: userInfoSchema,
  }),
  setInfo: endpoint({
    method: 'POST',
    path: '/user/setInfo',
    auth: 'user',
    summary: 'Change nickname and/or avatar',
    tags: ['user'],
    body: z
      .object({ nickname: nicknameSchema.optional(), avatar: safeString().max(512, 'validation_failed').optional() })
      .refine((b) => b.nickname !== undefined || b.avatar !== undefined, { message: 'validation_failed', path: ['nickname'] }),
    response: userInfoSchema,
  }),
  orgInfo: endpoint({
    method: 'GET',
    path: '/user/orgInfo',
    auth: 'user',
    summary: 'The user organisation; show_edit=1 asks the client to show the edit modal',
    tags: ['user'],
    response: orgInfoSchema,
  }),
  setOrgInfo: endpoint({
    method: 'POST',
    path: '/user/setOrgInfo',
    auth: 'user',
    summary: 'Set the user organisation',
    tags: ['user'],
    body: z.object({
      name: safeString().trim().min(1, 'validation_failed').max(100, 'validation_failed'),
      department: safeString().trim().max(100, 'validation_failed').default(''),
      position: safeString().trim().max(50, 'validation_failed').default(''),
    }),
    response: orgInfoSchema,
  }),
  logOrgEditNotify: endpoint({
    method: 'POST',
    path: '/user/logOrgEditNotify',
    auth: 'user',
    summary: 'Record that the organisation modal was shown or dismissed (stops auto-showing for 7 days)',
    tags: ['user'],
    body: z.object({ action: z.enum(['shown', 'dismissed']).default('dismissed') }),
    response: z.null(),
    idempotent: true,
  }),
  bindMobile: endpoint({
    method: 'POST',
    path: '/user/bindMobile',
    auth: 'user',
    summary: 'Bind or change the mobile number with an SMS code',
    tags: ['user'],
    body: z.object({ mobile: mobileSchema, code: codeSchema, scene: z.enum(['bind_mobile', 'change_mobile']).default('bind_mobile') }),
    response: userInfoSchema,
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/user/resetPassword',
    auth: 'none',
    summary: 'Reset the password with a mobile code (scene find_password)',
    tags: ['user'],
    body: z
      .object({ mobile: mobileSchema, code: codeSchema, password: passwordSchema, password_confirm: safeString() })
      .refine((b) => b.password === b.password_confirm, { message: 'password_mismatch', path: ['password_confirm'] }),
    response: z.null(),
  }),
  resetEmailPassword: endpoint({
    method: 'POST',
    path: '/user/resetEmailPassword',
    auth: 'none',
    summary: 'Reset the password with an email code (scene find_password)',
    tags: ['user'],
    body: z
      .object({ email: emailSchema, code: codeSchema, password: passwordSchema, password_confirm: safeString() })
      .refine((b) => b.password === b.password_confirm, { message: 'password_mismatch', path: ['password_confirm'] }),
    response: z.null(),
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/user/changePassword',
    auth: 'user',
    summary: 'Change the password while signed in; revokes every session, returns a fresh token',
    tags: ['user'],
    body: z
      .object({ old_password: safeString().max(64).optional(), password: passwordSchema, password_confirm: safeString() })
      .refine((b) => b.password === b.password_confirm, { message: 'password_mismatch', path: ['password_confirm'] }),
    response: z.object({ token: safeString() }),
  }),
  ledger: endpoint({
    method: 'GET',
    path: '/user/ledger',
    auth: 'user',
    summary: 'The user balance history, newest first',
    tags: ['user'],
    query: z.object({
      page_no: z.coerce.number().int().min(1).max(100_000).default(1),
      page_size: z.coerce.number().int().min(1).max(100).default(20),
    }),
    response: z.object({
      lists: z.array(
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
      count: z.number().int(),
      page_no: z.number().int(),
      page_size: z.number().int(),
    }),
  }),
};

export const uploadImageResponseSchema = z.object({ url: safeString(), uri: safeString(), name: safeString(), size: z.number().int(), mime: safeString() });
/** `POST /upload/image` is multipart (field `file`), so it has no JSON body schema. */
export const UPLOAD_IMAGE_PATH = '/upload/image';
export const UPLOAD_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Per-user image quota (our choice; the spec is silent): per rolling 24 hours, and in total. */
export const UPLOAD_IMAGE_QUOTA = {
  dailyCount: 100,
  dailyBytes: 100 * 1024 * 1024,
  totalCount: 10_000,
  totalBytes: 2 * 1024 * 1024 * 1024,
} as const;
export const emailOrMobile = { emailSchema, mobileSchema };
