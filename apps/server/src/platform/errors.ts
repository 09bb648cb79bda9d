import type { MessageKey, MessageParams } from '@xueba/contract';
import { Code, type CodeValue } from '@xueba/contract';

/**
 * An error the client may see: a stable message key (translated per request),
 * an honest HTTP status and the envelope code. Anything else that escapes a
 * handler is a 500 with a generic message; its details go to the log only.
 */
export class AppError extends Error {
  constructor(
    readonly key: MessageKey,
    readonly status = 400,
    readonly params: MessageParams = {},
    readonly envelopeCode: CodeValue = Code.FAIL,
    /** `data` of the failure envelope, for the few failures that still answer a result (e.g. `{bound: false}`). */
    readonly data: unknown = null,
  ) {
    super(key);
    this.name = 'AppError';
  }
}

export const badRequest = (key: MessageKey, params?: MessageParams) => new AppError(key, 400, params);
export const unauthorized = (key: MessageKey = 'login_expired') => new AppError(key, 401, {}, Code.LOGIN_FAILURE);
export const forbidden = (key: MessageKey = 'forbidden') => new AppError(key, 403);
export const notFound = (key: MessageKey = 'not_found') => new AppError(key, 404);
export const conflict = (key: MessageKey, params?: MessageParams) => new AppError(key, 409, params);
export const tooMany = (key: MessageKey = 'rate_limited', params?: MessageParams) => new AppError(key, 429, params);
