import type { CodeValue, MessageKey } from '@xueba/contract';

/**
 * Every rejected request carries the envelope code (or null without one), the
 * message key of a refusal (null without an envelope), the HTTP status and the
 * translated message. Callers branch on `key`: `message` is translated and the
 * status says little (a 402 and a 409 are both refusals).
 */
export class RequestError extends Error {
  readonly code: CodeValue | null;
  readonly key: string | null;
  readonly status: number;
  readonly data: unknown;
  /** True when the failure never reached the server (fetch threw). */
  readonly network: boolean;

  constructor(message: string, options: { code?: CodeValue | null; key?: string | null; status?: number; data?: unknown; network?: boolean } = {}) {
    super(message);
    this.name = 'RequestError';
    this.code = options.code ?? null;
    this.key = options.key ?? null;
    this.status = options.status ?? 0;
    this.data = options.data ?? null;
    this.network = options.network ?? false;
  }
}

export function isRequestError(error: unknown): error is RequestError {
  return error instanceof RequestError;
}

/** True when the error is the refusal of this message key. */
export function hasKey(error: unknown, ...keys: MessageKey[]): boolean {
  return isRequestError(error) && error.key !== null && (keys as string[]).includes(error.key);
}

/** Refusals that the balance dialog answers (top up or become a member). */
const BALANCE_KEYS: MessageKey[] = ['insufficient_conversation_balance', 'insufficient_word_balance'];

export function isBalanceRefusal(error: unknown): boolean {
  return hasKey(error, ...BALANCE_KEYS);
}

/**
 * The server declined on purpose (balance, limits, validation, sign-in) rather
 * than failing or being out of reach: the caller takes the question back and
 * shows why. An envelope says so by its key; a bare answer (a proxy's error
 * page) only by its status.
 */
export function isRefusal(error: unknown): error is RequestError {
  if (!isRequestError(error) || error.network) return false;
  if (error.key !== null) return error.key !== 'server_exception';
  return error.status !== 0 && error.status !== 500;
}
