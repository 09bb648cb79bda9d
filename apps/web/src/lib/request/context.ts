import { HEADERS, type HttpMethod } from '@xueba/contract';
import { getToken } from '../auth-token';
import { apiUrl, getRuntimeConfig } from '../runtime-config';
import { getItem, getSetting } from '../storage';

/**
 * Things the request layer needs from the app without importing it (the app
 * sets them at startup; tests override them).
 */
export interface RequestContext {
  getLocale: () => string;
  /** Called for envelope code -1 (spec §8): log out; for POST also open the login dialog (with the server's message as its reason). */
  onLoginFailure: (method: HttpMethod, message: string) => void;
  /** Translates the few texts the layer produces itself (network failure, server error). */
  translate: (key: 'network_error' | 'server_error') => string;
  toastSuccess: (message: string) => void;
  toastError: (message: string) => void;
  /** Delay before retry n (1-based); tests set it to 0. */
  retryDelayMs: (attempt: number) => number;
  fetch: typeof fetch;
  /** Full URL of an API path (base + prefix from the runtime config). */
  apiUrl: (path: string) => string;
}

export const requestContext: RequestContext = {
  getLocale: () => 'zh',
  onLoginFailure: () => undefined,
  translate: (key) => key,
  toastSuccess: () => undefined,
  toastError: () => undefined,
  retryDelayMs: (attempt) => 400 * attempt,
  fetch: (...args) => globalThis.fetch(...args),
  apiUrl,
};

export function configureRequest(patch: Partial<RequestContext>): void {
  Object.assign(requestContext, patch);
}

/** Headers of spec §7 plus Accept-Language so the server answers `msg` in the reader's language. */
export function baseHeaders(tokenOverride?: string | null): Record<string, string> {
  const headers: Record<string, string> = {
    [HEADERS.version]: getRuntimeConfig().version,
    'Accept-Language': requestContext.getLocale(),
  };
  const token = tokenOverride ?? getToken();
  if (token) headers[HEADERS.token] = token;
  const orgCode = getSetting().orgCode;
  if (orgCode) headers[HEADERS.orgCode] = orgCode;
  const clickId = getItem<string>('click_id');
  if (clickId) headers[HEADERS.clickId] = clickId;
  return headers;
}
