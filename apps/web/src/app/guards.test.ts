import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoaderFunctionArgs } from 'react-router';

vi.mock('@/lib/notify', () => ({ toast: { warning: vi.fn(), success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const { guardLoader } = await import('./guards');
const { rememberShownPage } = await import('./nav-memory');
const { userStore } = await import('@/stores/user-store');
const { toast } = await import('@/lib/notify');

function args(url: string): LoaderFunctionArgs {
  return { request: new Request(url), params: {}, context: undefined } as LoaderFunctionArgs;
}

function redirectOf(fn: () => unknown): string | null {
  try {
    fn();
    return null;
  } catch (thrown) {
    return thrown instanceof Response ? thrown.headers.get('Location') : null;
  }
}

beforeEach(() => {
  userStore.set({ token: null, showLogin: false, href: '' });
  vi.mocked(toast.warning).mockClear();
});

describe('sign-in guard (spec §2, §6)', () => {
  it('lets a signed-in user through', () => {
    userStore.set({ token: 't' });
    expect(guardLoader(args('http://x/user/info'))).toBeNull();
  });

  it('from an open page: stays there and opens the login popup with "please log in before proceeding"', () => {
    rememberShownPage({ href: '/introduce', guarded: false });
    expect(redirectOf(() => guardLoader(args('http://x/user/info')))).toBe('/introduce');
    expect(userStore.get().showLogin).toBe(true);
    expect(userStore.get().href).toBe('/user/info');
    expect(toast.warning).toHaveBeenCalledWith(expect.any(String));
  });

  it('from a guarded page: goes to the root of the current language', () => {
    rememberShownPage({ href: '/ja/user/info', guarded: true });
    expect(redirectOf(() => guardLoader(args('http://x/ja/admin')))).toBe('/ja');
  });
});
