import { z } from 'zod';

/**
 * Shared field rules. Error messages are message keys (see messages.ts) so the
 * server can answer in the user's language and the web form shows the same text.
 */
/**
 * Every string the API accepts refuses U+0000: PostgreSQL text and jsonb cannot
 * hold it, so a NUL let through fails at the database as a 500. Build strings
 * with `safeString()`, never a bare `z.string()` (an ESLint rule and the
 * contract's schema test hold every endpoint to it). The check runs first, so
 * a NUL answers "Invalid parameter: <field>" (see
 * docs/decisions/0021-zip-bombs-and-nul-bytes.md).
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this refuses
export const noNulCheck = z.regex(/^[^\u0000]*$/, 'validation_failed');

// eslint-disable-next-line no-restricted-syntax -- the one place a string schema is built
export const safeString = (params?: Parameters<typeof z.string>[0]) => z.string(params).check(noNulCheck);

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 20;

export const emailSchema = safeString({ error: 'email_required' })
  .trim()
  .min(1, 'email_required')
  .max(254, 'email_invalid')
  .pipe(z.email({ error: 'email_invalid' }))
  .transform((value) => value.toLowerCase());

/** Mainland mobile numbers, or an international number in E.164 form. */
export const mobileSchema = safeString({ error: 'mobile_required' })
  .trim()
  .min(1, 'mobile_required')
  .regex(/^(?:1[3-9]\d{9}|\+[1-9]\d{6,14})$/, 'mobile_invalid');

/** Spec §5: 6-20 characters, digits plus letters or symbols. */
export const passwordSchema = safeString({ error: 'password_required' })
  .min(1, 'password_required')
  .min(PASSWORD_MIN, 'password_length')
  .max(PASSWORD_MAX, 'password_length')
  .refine((value) => /\d/.test(value) && /[^\d\s]/.test(value) && !/\s/.test(value), 'password_rule');

export const codeSchema = safeString({ error: 'code_required' })
  .trim()
  .min(1, 'code_required')
  .regex(/^\d{6}$/, 'code_invalid');

export const CODE_SCENES = ['login', 'register', 'find_password', 'bind_mobile', 'change_mobile'] as const;
export const codeSceneSchema = z.enum(CODE_SCENES);
export type CodeScene = z.infer<typeof codeSceneSchema>;

/** Client types for `/index/visit` and sign-in. */
export const TERMINALS = ['pc', 'h5', 'wechat', 'app', 'mini'] as const;
export const terminalSchema = z.enum(TERMINALS);

export const idSchema = z.coerce.number().int().positive().max(2 ** 31 - 1);

export const pageQuerySchema = z.object({
  page_no: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ lists: z.array(item), count: z.number().int(), page_no: z.number().int(), page_size: z.number().int() });
}

/** Attribution parameters read at startup (spec §2). Short opaque strings. */
export const shareIdSchema = safeString().trim().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, 'share_invalid');
export const userSnSchema = safeString().trim().max(64).regex(/^[A-Za-z0-9_-]*$/, 'validation_failed');
export const channelSchema = safeString().trim().max(64).regex(/^[A-Za-z0-9_.-]*$/, 'validation_failed');

export const okSchema = z.null();
