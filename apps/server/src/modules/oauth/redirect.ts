import { sameSitePath } from '@xueba/contract';

/**
 * Where to send the browser after sign-in: only a path on this site (the
 * contract's `sameSitePath`, which the web app uses too); anything else
 * falls back to `/`.
 */
export function safeRedirect(value: unknown): string {
  return sameSitePath(value) ?? '/';
}
