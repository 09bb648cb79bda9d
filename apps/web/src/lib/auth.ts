import { type UserInfo } from '@xueba/contract';
import { api } from '@/lib/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { clearToken, getToken, setToken } from './auth-token';
import { queryClient } from './query-client';
import { request } from './request';
import { configQuery } from './site-config';
import { LOGIN_MODE, openLogin, userStore, useUserStore } from '@/stores/user-store';

export const userKeys = { all: ['user'] as const, info: ['user', 'info'] as const, org: ['user', 'org'] as const };

export const userInfoQuery = queryOptions({
  queryKey: userKeys.info,
  queryFn: ({ signal }) => request(api.info, undefined, { signal, background: true }),
  staleTime: 60_000,
});

/** The signed-in user, or undefined when signed out or still loading. */
export function useUser(): { user: UserInfo | undefined; isLoading: boolean; signedIn: boolean } {
  const token = useUserStore((s) => s.token);
  const query = useQuery({ ...userInfoQuery, enabled: Boolean(token) });
  return { user: token ? query.data : undefined, isLoading: Boolean(token) && query.isPending, signedIn: Boolean(token) };
}

export function isSignedIn(): boolean {
  return Boolean(userStore.get().token);
}

/** Loads the user before navigation when a token exists but no user is cached (spec §4); failures reset the store. */
export async function ensureUser(): Promise<UserInfo | null> {
  if (!getToken()) {
    if (userStore.get().token) resetSession();
    return null;
  }
  if (!userStore.get().token) userStore.set({ token: getToken() });
  try {
    return await queryClient.ensureQueryData(userInfoQuery);
  } catch {
    resetSession();
    return null;
  }
}

export async function signIn(token: string): Promise<UserInfo | null> {
  setToken(token);
  userStore.set({ token, showLogin: false, tempToken: null });
  await queryClient.invalidateQueries({ queryKey: userKeys.all });
  // The ways to pay depend on the account (an admin may be offered the sandbox): read the config again.
  void queryClient.invalidateQueries({ queryKey: configQuery.queryKey });
  return ensureUser();
}

/** Local part of logout (spec §4): storage entries, cookies, cached user data. */
export function resetSession(): void {
  clearToken();
  userStore.set({ token: null, tempToken: null, orgEditState: 0, expirePopup: null, showRedeem: false });
  queryClient.removeQueries({ queryKey: userKeys.all });
  void queryClient.invalidateQueries({ queryKey: configQuery.queryKey });
}

export async function signOut(): Promise<void> {
  try {
    await request(api.logout, {}, { silent: true });
  } catch {
    // The server session may already be gone; signing out locally is what the user asked for.
  }
  resetSession();
}

/**
 * Envelope code -1 (spec §8): log out, and for a POST also open the login dialog,
 * which shows the server's reason when it is more than "please log in".
 */
export function handleLoginFailure(method: 'GET' | 'POST', message?: string): void {
  resetSession();
  if (method === 'POST') openLogin(LOGIN_MODE.LOGIN, message || null);
}
