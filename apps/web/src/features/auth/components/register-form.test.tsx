import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { configQuery, DEFAULT_CONFIG } from '@/lib/site-config';
import { closeLogin, LOGIN_MODE, openLogin } from '@/stores/user-store';
// eslint-disable-next-line no-restricted-imports -- the race sits in the app's popup host, so the test mounts it
import { Popups } from '@/app/popups';
import LoginModal from './login-modal';

beforeAll(async () => {
  await initI18n();
  // antd asks for media queries, which jsdom lacks.
  window.matchMedia ??= (query: string) =>
    ({ matches: false, media: query, onchange: null, addListener: () => undefined, removeListener: () => undefined, addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false }) satisfies MediaQueryList;
});
afterEach(() => {
  cleanup();
  closeLogin();
});

/** Opens the popup on email sign-up and renders `node` with the app's providers; the config query never runs. */
function openSignUp(node: ReactNode): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity, enabled: false } } });
  act(() => openLogin(LOGIN_MODE.REGISTER_EMAIL));
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

const email = () => screen.getByTestId('login-email') as HTMLInputElement;

describe('the sign-up form', () => {
  it('keeps a typed email when the site config arrives after the popup opened', async () => {
    const client = openSignUp(<LoginModal />);
    fireEvent.change(email(), { target: { value: 'reader@example.com' } });
    expect(email().value).toBe('reader@example.com');
    act(() => client.setQueryData(configQuery.queryKey, { ...DEFAULT_CONFIG, login: { ...DEFAULT_CONFIG.login, register_mobile: true, agreement: false } }));
    expect(email().value).toBe('reader@example.com');
    act(() => openLogin(LOGIN_MODE.REGISTER_EMAIL));
    expect(email().value).toBe('reader@example.com');
  });

  // The popup can open (and be typed in) before antd's language chunk has
  // arrived; its arrival must not re-mount the form.
  it('keeps a typed email while antd and its locale finish loading around the popup', async () => {
    openSignUp(<Popups loginOpen />);
    const input = (await screen.findByTestId('login-email', {}, { timeout: 10_000 })) as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'reader@example.com' } });
    await act(async () => {
      await new Promise((r) => setTimeout(r, 1500));
    });
    expect(email().value).toBe('reader@example.com');
  });
});
