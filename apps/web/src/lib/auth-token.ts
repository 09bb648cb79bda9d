import { COOKIE, TOKEN_COOKIE_MS, clearCookie, getCookie, setCookie } from './cookies';
import { getItem, removeItem, setItem } from './storage';

/**
 * The session token lives in local storage (`app_token`) and in the `token`
 * cookie (360 days, spec §4). The cookie is also how the server hands the token
 * over after a third-party sign-in redirect, so it wins when the two differ.
 */
export function getToken(): string | null {
  const fromCookie = getCookie(COOKIE.token);
  if (fromCookie) return fromCookie;
  return getItem<string>('token');
}

export function setToken(token: string): void {
  setItem('token', token, TOKEN_COOKIE_MS / 1000);
  setCookie(COOKIE.token, token, TOKEN_COOKIE_MS);
}

/** Logout per spec §3/§4: drop the token everywhere plus the legacy userInfo/authStatus entries. */
export function clearToken(): void {
  removeItem('token');
  removeItem('userInfo');
  removeItem('authStatus');
  clearCookie(COOKIE.token);
}
