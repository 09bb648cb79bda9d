import { describe, expect, it } from 'vitest';
import { codeSchema, emailSchema, mobileSchema, passwordSchema } from './common.js';
import { registerBodySchema } from './auth.js';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('field rules of spec §5', () => {
  it('password: 6-20 characters, digits plus letters or symbols', () => {
    expect(passwordSchema.safeParse('abc123').success).toBe(true);
    expect(passwordSchema.safeParse('12345!').success).toBe(true);
    expect(firstMessage(passwordSchema.safeParse('a1'))).toBe('password_length');
    expect(firstMessage(passwordSchema.safeParse('a1'.repeat(11)))).toBe('password_length');
    expect(firstMessage(passwordSchema.safeParse('123456'))).toBe('password_rule');
    expect(firstMessage(passwordSchema.safeParse('abcdef'))).toBe('password_rule');
    expect(firstMessage(passwordSchema.safeParse('abc 123'))).toBe('password_rule');
    expect(firstMessage(passwordSchema.safeParse(''))).toBe('password_required');
  });

  it('email is required, valid and lower-cased', () => {
    expect(emailSchema.parse(' Foo@Example.COM ')).toBe('foo@example.com');
    expect(firstMessage(emailSchema.safeParse(''))).toBe('email_required');
    expect(firstMessage(emailSchema.safeParse('not-an-email'))).toBe('email_invalid');
  });

  it('mobile: mainland or E.164', () => {
    expect(mobileSchema.safeParse('13800138000').success).toBe(true);
    expect(mobileSchema.safeParse('+819012345678').success).toBe(true);
    expect(firstMessage(mobileSchema.safeParse('12345'))).toBe('mobile_invalid');
  });

  it('code: six digits, required', () => {
    expect(codeSchema.safeParse('012345').success).toBe(true);
    expect(firstMessage(codeSchema.safeParse(''))).toBe('code_required');
    expect(firstMessage(codeSchema.safeParse('12345a'))).toBe('code_invalid');
  });

  it('registration needs exactly one of email or mobile, and matching passwords', () => {
    const base = { code: '123456', password: 'abc123', password_confirm: 'abc123' };
    expect(registerBodySchema.safeParse({ ...base, email: 'a@b.co' }).success).toBe(true);
    expect(firstMessage(registerBodySchema.safeParse(base))).toBe('email_required');
    expect(firstMessage(registerBodySchema.safeParse({ ...base, email: 'a@b.co', password_confirm: 'abc124' }))).toBe('password_mismatch');
  });
});
