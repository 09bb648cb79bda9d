import { type CodeScene } from '@xueba/contract';
import { api, type ApiBody } from '@/lib/api';
import { request } from '@/lib/request';

export type CodeChannel = 'email' | 'mobile';

/** Sends a verification code; resolves with the seconds until a resend is allowed. */
export async function sendCode(channel: CodeChannel, target: string, scene: CodeScene): Promise<number> {
  const result =
    channel === 'email'
      ? await request(api.sendEmailCode, { email: target, scene })
      : await request(api.sendSmsCode, { mobile: target, scene });
  return result.resend_after;
}

export const login = (body: ApiBody<'login'>) => request(api.login, body);
export const register = (body: ApiBody<'register'>) => request(api.register, body);
export const resetPassword = (body: ApiBody<'resetPassword'>) => request(api.resetPassword, body);
export const resetEmailPassword = (body: ApiBody<'resetEmailPassword'>) => request(api.resetEmailPassword, body);
/** A temporary token (from a third-party sign-in awaiting a mobile) replaces the stored one for this call (spec §7). */
export const bindMobile = (body: ApiBody<'bindMobile'>, token?: string) => request(api.bindMobile, body, token ? { token } : {});
