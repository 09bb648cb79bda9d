import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { channelSchema, codeSceneSchema, codeSchema, emailSchema, mobileSchema, passwordSchema, safeString, shareIdSchema, terminalSchema, userSnSchema } from './common.js';

/** Sign-in scenes: 1 email or mobile + password, 2 mobile + code, 3 email + code. */
export const LOGIN_SCENES = { PASSWORD: 1, MOBILE_CODE: 2, EMAIL_CODE: 3 } as const;

export const loginBodySchema = z.object({
  scene: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  account: safeString({ error: 'validation_failed' }).trim().min(1, 'validation_failed').max(254, 'validation_failed'),
  password: safeString().max(64, 'password_length').optional(),
  code: safeString().max(16, 'code_invalid').optional(),
  terminal: terminalSchema.default('pc'),
});

const attribution = {
  share_id: shareIdSchema.optional(),
  user_sn: userSnSchema.optional(),
  channel: channelSchema.optional(),
};

/** Register with exactly one of email or mobile. */
export const registerBodySchema = z
  .object({
    email: emailSchema.optional(),
    mobile: mobileSchema.optional(),
    code: codeSchema,
    password: passwordSchema,
    password_confirm: safeString({ error: 'password_required' }),
    ...attribution,
  })
  .refine((b) => (b.email === undefined) !== (b.mobile === undefined), { message: 'email_required', path: ['email'] })
  .refine((b) => b.password === b.password_confirm, { message: 'password_mismatch', path: ['password_confirm'] });

export const tokenSchema = z.object({ token: safeString() });

export const authEndpoints = {
  sendEmailCode: endpoint({
    method: 'POST',
    path: '/email/sendCode',
    auth: 'optional',
    summary: 'Send a 6-digit code by email (5 minutes, single use)',
    tags: ['auth'],
    body: z.object({ email: emailSchema, scene: codeSceneSchema }),
    response: z.object({ resend_after: z.number().int() }),
  }),
  sendSmsCode: endpoint({
    method: 'POST',
    path: '/sms/sendCode',
    auth: 'optional',
    summary: 'Send a 6-digit code by SMS (5 minutes, single use)',
    tags: ['auth'],
    body: z.object({ mobile: mobileSchema, scene: codeSceneSchema }),
    response: z.object({ resend_after: z.number().int() }),
  }),
  login: endpoint({
    method: 'POST',
    path: '/login/account',
    auth: 'none',
    summary: 'Sign in: scene 1 password, 2 mobile code, 3 email code',
    tags: ['auth'],
    body: loginBodySchema,
    response: tokenSchema,
  }),
  register: endpoint({
    method: 'POST',
    path: '/login/register',
    auth: 'none',
    summary: 'Create an account with an email or mobile code',
    tags: ['auth'],
    body: registerBodySchema,
    response: tokenSchema,
  }),
  logout: endpoint({
    method: 'POST',
    path: '/login/logout',
    auth: 'optional',
    summary: 'Revoke the current session token',
    tags: ['auth'],
    // A POST without any body is fine too (Fastify hands the validator null then).
    body: z.object({}).nullish(),
    response: z.null(),
    idempotent: true,
  }),
  oauthProviders: endpoint({
    method: 'GET',
    path: '/login/oauth/providers',
    auth: 'none',
    summary: 'Third-party sign-in providers that are configured',
    tags: ['auth'],
    response: z.object({ google: z.boolean(), wechat: z.boolean() }),
  }),
};

/** Browser redirects (not JSON endpoints): start and callback of third-party sign-in. */
export const OAUTH_PATHS = {
  googleStart: '/login/google',
  googleCallback: '/login/google/callback',
  wechatStart: '/login/wechat',
  wechatCallback: '/login/wechat/callback',
} as const;
