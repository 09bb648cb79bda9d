import { createStore, useStore } from '@/lib/create-store';
import { getToken } from '@/lib/auth-token';

/** Login popup modes of spec §4. */
export const LOGIN_MODE = {
  LOGIN: 0,
  FORGOT_MOBILE: 1,
  FORGOT_MAILBOX: 2,
  REGISTER_MOBILE: 3,
  BIND_MOBILE: 4,
  REGISTER_EMAIL: 5,
  FORGOT_EMAIL: 6,
} as const;
export type LoginMode = (typeof LOGIN_MODE)[keyof typeof LOGIN_MODE];

/** Organisation edit modal of spec §4: 0 hidden, 1 shown automatically, 2 shown on request. */
export type OrgEditState = 0 | 1 | 2;

/**
 * UI state of spec §3 "user store". The user record itself lives in the
 * TanStack Query cache (`lib/auth`); this store holds the token and the popups.
 */
export interface UserState {
  token: string | null;
  /** A token to use for one call instead of the stored one (bind mobile after a third-party sign-in). */
  tempToken: string | null;
  showLogin: boolean;
  loginMode: LoginMode;
  /** Why the login popup opened by itself (e.g. the free questions are used up), shown above the form. */
  loginReason: string | null;
  showRedeem: boolean;
  redeemShowCount: number;
  expirePopup: 'member' | 'vip' | null;
  orgEditState: OrgEditState;
  href: string;
}

export const userStore = createStore<UserState>({
  token: getToken(),
  tempToken: null,
  showLogin: false,
  loginMode: LOGIN_MODE.LOGIN,
  loginReason: null,
  showRedeem: false,
  redeemShowCount: 0,
  expirePopup: null,
  orgEditState: 0,
  href: '',
});

export function useUserStore<T>(select: (state: UserState) => T): T {
  return useStore(userStore, select);
}

export function openLogin(mode: LoginMode = LOGIN_MODE.LOGIN, reason: string | null = null): void {
  userStore.set({ showLogin: true, loginMode: mode, loginReason: reason });
}

export function closeLogin(): void {
  userStore.set({ showLogin: false, tempToken: null, loginReason: null });
}

export function setLoginMode(mode: LoginMode): void {
  userStore.set({ loginMode: mode });
}
