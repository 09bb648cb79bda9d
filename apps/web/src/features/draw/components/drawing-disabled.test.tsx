import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n, loadMessageGroups } from '@/lib/i18n';

const user = vi.hoisted(() => ({ role: 'user' as 'user' | 'admin' }));
vi.mock('@/lib/auth', () => ({ useUser: () => ({ user: { role: user.role }, signedIn: true, isLoading: false }) }));

const { DrawingDisabled } = await import('./drawing-disabled');

afterEach(cleanup);
beforeAll(async () => {
  await initI18n();
  await loadMessageGroups(['draw']);
});

describe('drawing not enabled', () => {
  it('tells an administrator where to turn drawing on', () => {
    user.role = 'admin';
    render(
      <MemoryRouter>
        <DrawingDisabled />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading').textContent).toBe('绘画功能未开启');
    expect(screen.getByTestId('drawing-disabled-admin-link').getAttribute('href')).toBe('/admin/draw');
  });

  it('tells anyone else the administrator has not connected a service', () => {
    user.role = 'user';
    render(
      <MemoryRouter>
        <DrawingDisabled />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('drawing-disabled-admin-link')).toBeNull();
    expect(screen.getByTestId('drawing-disabled').textContent).toContain('本站管理员尚未接入绘画服务');
  });
});
