import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { QrOptions } from '@xueba/contract';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n, loadMessageGroups } from '@/lib/i18n';

const user = vi.hoisted(() => ({ role: 'user' as 'user' | 'admin' }));
vi.mock('@/lib/auth', () => ({ useUser: () => ({ user: { role: user.role }, signedIn: true, isLoading: false }), userKeys: { info: ['user', 'info'] } }));

const { QrControl } = await import('./qr-control');
const { useQrWorkspace } = await import('../hooks/use-qr-workspace');

const options = (enabled: boolean): QrOptions => ({
  styles: [
    { key: 'square', name: '方块' },
    { key: 'dots', name: '圆点' },
  ],
  eyes: [{ key: 'square', name: '方形' }],
  templates: { style: [], prompt: [] },
  free: { limit: 20, used: 5, unlimited: false },
  ai: { enabled, models: enabled ? ['sd15'] : [], sizes: enabled ? [{ size: '512x512', price: 2 }] : [], max_attempts: 3 },
  balance: 1,
});

function Page({ opts }: { opts: QrOptions }) {
  const w = useQrWorkspace(opts);
  return <QrControl options={opts} w={w} />;
}

const show = (opts: QrOptions) =>
  render(
    <MemoryRouter>
      <Page opts={opts} />
    </MemoryRouter>,
  );

afterEach(cleanup);
beforeAll(async () => {
  await initI18n();
  await loadMessageGroups(['qrcode']);
});

describe('the QR control', () => {
  it('without a Stable Diffusion channel says what AI codes need, and styled codes keep working', () => {
    user.role = 'admin';
    show(options(false));
    expect(screen.getByTestId('qr-free').textContent).toContain('15 / 20');
    fireEvent.click(screen.getByTestId('qr-mode-ai').querySelector('input')!);
    expect(screen.getByTestId('qr-ai-disabled').textContent).toContain('Stable Diffusion');
    expect(screen.getByRole('link').getAttribute('href')).toBe('/admin/draw');
    expect((screen.getByTestId('qr-submit') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('qr-mode-styled').querySelector('input')!);
    expect(screen.getByTestId('qr-styled-control')).toBeTruthy();
    expect(screen.getByTestId('qr-style-dots')).toBeTruthy();
    expect((screen.getByTestId('qr-submit') as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows a non-administrator no admin link, and the cost against a short balance', () => {
    user.role = 'user';
    show(options(false));
    fireEvent.click(screen.getByTestId('qr-mode-ai').querySelector('input')!);
    expect(screen.queryByRole('link')).toBeNull();
    cleanup();
    show(options(true));
    fireEvent.click(screen.getByTestId('qr-mode-ai').querySelector('input')!);
    expect(screen.getByTestId('qr-cost').textContent).toContain('2');
    expect(screen.getByTestId('qr-cost').textContent).toContain('绘画次数不足');
  });

  it('keeps each content type’s fields when switching type', () => {
    user.role = 'user';
    show(options(true));
    fireEvent.change(screen.getByTestId('qr-field-url'), { target: { value: 'https://a.example' } });
    fireEvent.click(screen.getByTestId('qr-type-wifi').querySelector('input')!);
    fireEvent.change(screen.getByTestId('qr-field-ssid'), { target: { value: 'Lab' } });
    fireEvent.change(screen.getByTestId('qr-field-encryption'), { target: { value: 'nopass' } });
    expect(screen.queryByTestId('qr-field-password')).toBeNull();
    fireEvent.click(screen.getByTestId('qr-type-url').querySelector('input')!);
    expect((screen.getByTestId('qr-field-url') as HTMLInputElement).value).toBe('https://a.example');
  });
});
