import type { CodeValue } from '@xueba/contract';

/** Every rejected request carries the envelope code (or null without one), the HTTP status and the translated message. */
export class RequestError extends Error {
  readonly code: CodeValue | null;
  readonly status: number;
  readonly data: unknown;
  /** True when the failure never reached the server (fetch threw). */
  readonly network: boolean;

  constructor(message: string, options: { code?: CodeValue | null; status?: number; data?: unknown; network?: boolean } = {}) {
    super(message);
    this.name = 'RequestError';
    this.code = options.code ?? null;
    this.status = options.status ?? 0;
    this.data = options.data ?? null;
    this.network = options.network ?? false;
  }
}

export function isRequestError(error: unknown): error is RequestError {
  return error instanceof RequestError;
}
