import type { SmsFailure } from './sms.js';

/** Exact provider codes and code prefixes (ending in `.`) per failure kind. */
export type FailureTable = Record<Exclude<SmsFailure, 'unknown'>, readonly string[]>;

export function classify(table: FailureTable, code: string): SmsFailure {
  for (const [failure, codes] of Object.entries(table) as [SmsFailure, readonly string[]][]) {
    if (codes.some((known) => (known.endsWith('.') ? code.startsWith(known) : code === known))) return failure;
  }
  return 'unknown';
}

/** An SDK's thrown error: its code (a provider code, or a network error name) and text. */
export function thrownCode(error: unknown): { code: string; message: string } {
  const code = typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : 'network';
  const message = error instanceof Error ? error.message : String(error);
  return { code, message };
}
