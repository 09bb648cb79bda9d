import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import type { UiMessage } from '../hooks/use-chat-session';

const auth = vi.hoisted(() => ({ role: 'user' as 'user' | 'admin' }));
vi.mock('@/lib/auth', () => ({ useUser: () => ({ user: { role: auth.role }, isLoading: false, signedIn: true }) }));

const { MessageItem } = await import('./message-item');

const offline: UiMessage = { key: 'a', id: 1, role: 'assistant', content: '> No AI model is connected yet…', status: 'done', error: null, sources: [], favoriteId: null, offline: true, model: 'offline' };

function show(message: UiMessage) {
  render(
    <MemoryRouter>
      <MessageItem message={message} isLast busy={false} speaking={false} actions={{}} />
    </MemoryRouter>,
  );
}

afterEach(cleanup);

describe('an offline answer', () => {
  beforeAll(async () => {
    await initI18n();
  });

  it('offers an administrator the way to connect a model', () => {
    auth.role = 'admin';
    show(offline);
    expect(screen.getByTestId('offline-connect-model').getAttribute('href')).toMatch(/\/admin\/models$/);
  });

  it('does not offer it to other users, nor on a model’s answer', () => {
    auth.role = 'user';
    show(offline);
    expect(screen.getByTestId('offline-badge')).toBeTruthy();
    expect(screen.queryByTestId('offline-connect-model')).toBeNull();
    cleanup();
    auth.role = 'admin';
    show({ ...offline, offline: false, model: 'gpt' });
    expect(screen.queryByTestId('offline-badge')).toBeNull();
  });
});
