import { z } from 'zod';
import { mobileSchema, safeString } from './common.js';
import { endpoint } from './endpoint.js';

/**
 * Admin → SMS: the provider that sends verification codes (the development
 * log, Alibaba Cloud or Tencent Cloud), its keys, sign name and template per
 * scene. Saved settings win over the SMS_* environment variables, which stay
 * the fallback and are shown read-only. The access key secret is stored
 * sealed and never sent back: the reading side only learns whether one is set.
 */
export const SMS_PROVIDERS = ['log', 'aliyun', 'tencent'] as const;
export const smsProviderSchema = z.enum(SMS_PROVIDERS);
export type SmsProviderName = z.infer<typeof smsProviderSchema>;

/** The template variables a template may take (the code, its minutes of validity), in order. */
export const SMS_TEMPLATE_PARAM_NAMES = ['code', 'minutes'] as const;


/** One configuration as the admin sees it (saved settings, or the environment's). */
export const smsConfigViewSchema = z.object({
  provider: smsProviderSchema,
  access_key_id: safeString(),
  /** An access key secret is set (never shown). */
  secret_set: z.boolean(),
  sign_name: safeString(),
  /** Alibaba Cloud region (cn-hangzhou) or Tencent Cloud region (ap-guangzhou); empty: the provider's default. */
  region: safeString(),
  /** Tencent Cloud only: the SMS application's SdkAppId. */
  sdk_app_id: safeString(),
  /** Template id for the scenes without their own. */
  template_default: safeString(),
  /** Template id per scene (login, register, find_password, bind_mobile, change_mobile); empty: template_default. */
  templates: z.object({ login: safeString(), register: safeString(), find_password: safeString(), bind_mobile: safeString(), change_mobile: safeString() }),
  template_params: z.array(z.enum(SMS_TEMPLATE_PARAM_NAMES)),
});
export type SmsConfigView = z.infer<typeof smsConfigViewSchema>;

export const adminSmsSettingsSchema = z.object({
  /** Which configuration sends now: the saved one, or the environment's. */
  source: z.enum(['settings', 'env']),
  /** The saved settings, or null before the first save. */
  settings: smsConfigViewSchema.extend({ enabled: z.boolean() }).nullable(),
  /** SMS_* from the environment, read-only. */
  env: smsConfigViewSchema,
  /** Messages reach phones (false: the development log). */
  delivers: z.boolean(),
});
export type AdminSmsSettings = z.infer<typeof adminSmsSettingsSchema>;

const idText = (max: number) => safeString().trim().max(max, 'validation_failed').regex(/^[\x21-\x7e]*$/, 'validation_failed');
const templateId = idText(100);

export const saveSmsBodySchema = z.object({
  /** false: the saved settings are kept but the environment's configuration sends. */
  enabled: z.boolean(),
  provider: smsProviderSchema,
  access_key_id: idText(200).default(''),
  /** Omitted or null: keep the stored secret. Empty string: remove it. */
  access_key_secret: idText(500).nullish(),
  sign_name: safeString().trim().max(50, 'validation_failed').default(''),
  region: safeString().trim().max(50, 'validation_failed').regex(/^[a-z0-9-]*$/, 'sms_region_invalid').default(''),
  sdk_app_id: safeString().trim().max(20, 'validation_failed').regex(/^\d*$/, 'sms_app_id_invalid').default(''),
  template_default: templateId.default(''),
  templates: z
    .object({
      login: templateId.default(''),
      register: templateId.default(''),
      find_password: templateId.default(''),
      bind_mobile: templateId.default(''),
      change_mobile: templateId.default(''),
    })
    .default({ login: '', register: '', find_password: '', bind_mobile: '', change_mobile: '' }),
  template_params: z.array(z.enum(SMS_TEMPLATE_PARAM_NAMES)).min(1, 'validation_failed').max(2, 'validation_failed').default(['code']),
});
export type SaveSmsBody = z.input<typeof saveSmsBodySchema>;

export const smsTestBodySchema = z.object({ mobile: mobileSchema });

/** What the provider answered to a test message. */
export const smsTestResultSchema = z.object({
  ok: z.boolean(),
  /** The provider that sent it (`log`: written to the server log only). */
  provider: smsProviderSchema,
  /** The provider's own code (`OK`, `isv.MOBILE_NUMBER_ILLEGAL`…), or `logged`. */
  code: safeString(),
  /** The provider's message, as it gave it. */
  message: safeString(),
  /** The kind of refusal (rate limit, number, template, balance, credentials), null when sent. */
  failure: z.enum(['rate_limit', 'invalid_number', 'template', 'balance', 'auth', 'unknown']).nullable(),
});
export type SmsTestResult = z.infer<typeof smsTestResultSchema>;

export const adminSmsEndpoints = {
  adminSmsSettings: endpoint({
    method: 'GET',
    path: '/admin/sms',
    auth: 'admin',
    summary: 'SMS provider settings (saved and environment; the secret is never returned, only whether one is set)',
    tags: ['admin'],
    response: adminSmsSettingsSchema,
  }),
  adminSmsSave: endpoint({
    method: 'POST',
    path: '/admin/sms',
    auth: 'admin',
    summary: 'Save the SMS provider, keys, sign name and templates; they win over the environment while enabled',
    tags: ['admin'],
    body: saveSmsBodySchema,
    response: adminSmsSettingsSchema,
    idempotent: true,
  }),
  adminSmsTest: endpoint({
    method: 'POST',
    path: '/admin/sms/test',
    auth: 'admin',
    summary: 'Send a test message through the configured provider and report its answer',
    tags: ['admin'],
    body: smsTestBodySchema,
    response: smsTestResultSchema,
  }),
};
