import { z } from 'zod';
import { safeString } from './common.js';
import { endpoint } from './endpoint.js';

/**
 * Third-party sign-in settings an administrator can edit. Environment variables
 * (GOOGLE_* / WECHAT_*) win when they are complete; otherwise these apply.
 * Secrets are write-only: they are stored encrypted and never sent back, the
 * reading side only learns whether one is set.
 */
export const OAUTH_SOURCES = ['env', 'settings', 'none'] as const;

/** https, or plain http only on this machine (a local test provider). No `URL` here: the contract also builds without DOM/Node types. */
export function isAllowedIssuer(value: string): boolean {
  if (/^https:\/\/[^\s/?#@]+(?:\/[^\s?#]*)?$/i.test(value)) return true;
  return /^http:\/\/(?:localhost|127\.0\.0\.1)(?::\d{1,5})?(?:\/[^\s?#]*)?$/i.test(value);
}

const idText = safeString().trim().max(200, 'validation_failed').regex(/^[\x21-\x7e]*$/, 'validation_failed');
/** Omitted or null: keep the stored secret. Empty string: remove it. */
const secretInput = safeString().trim().max(500, 'validation_failed').regex(/^[\x21-\x7e]*$/, 'validation_failed').nullish();

export const adminOauthSettingsSchema = z.object({
  google: z.object({
    source: z.enum(OAUTH_SOURCES),
    /** Whether sign-in with this provider is available now (env or complete settings). */
    enabled: z.boolean(),
    issuer: safeString(),
    client_id: safeString(),
    secret_set: z.boolean(),
  }),
  wechat: z.object({
    source: z.enum(OAUTH_SOURCES),
    enabled: z.boolean(),
    app_id: safeString(),
    secret_set: z.boolean(),
  }),
  /** The redirect (callback) URLs to register at each provider. */
  callbacks: z.object({ google: safeString(), wechat: safeString() }),
});
export type AdminOauthSettings = z.infer<typeof adminOauthSettingsSchema>;

export const saveOauthBodySchema = z.object({
  google: z
    .object({
      issuer: safeString()
        .trim()
        .max(300, 'validation_failed')
        .refine((v) => v === '' || isAllowedIssuer(v), 'oauth_issuer_invalid')
        .default(''),
      client_id: idText.default(''),
      client_secret: secretInput,
    })
    .optional(),
  wechat: z.object({ app_id: idText.default(''), app_secret: secretInput }).optional(),
});

export const adminOauthEndpoints = {
  getOauth: endpoint({
    method: 'GET',
    path: '/admin/oauth',
    auth: 'admin',
    summary: 'Third-party sign-in settings (secrets are never returned, only whether one is set)',
    tags: ['admin'],
    response: adminOauthSettingsSchema,
  }),
  saveOauth: endpoint({
    method: 'POST',
    path: '/admin/oauth',
    auth: 'admin',
    summary: 'Save Google (issuer, client id, secret) and WeChat (app id, secret) sign-in settings',
    tags: ['admin'],
    body: saveOauthBodySchema,
    response: adminOauthSettingsSchema,
    idempotent: true,
  }),
};
