import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { AdminChannel, AdminModel } from '@xueba/contract';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';

const OFFLINE: AdminChannel = { id: null, kind: 'offline', name: 'Offline', base_url: '', has_key: false, first_token_timeout_ms: 0, total_timeout_ms: 0, enabled: true, read_only: true, models: [] };
const MODEL = { key: 'm' } as AdminModel;
const ENV: AdminChannel = { ...OFFLINE, kind: 'env', name: 'Env', base_url: 'http://env', models: [MODEL] };
const stored = (enabled: boolean, models: AdminModel[]): AdminChannel => ({ ...OFFLINE, id: 3, kind: 'db', read_only: false, name: 'Mine', base_url: 'http://x', enabled, models });

const state = vi.hoisted(() => ({ channels: [] as AdminChannel[] }));
vi.mock('../api/ai-admin-api', () => ({
  channelsQuery: { queryKey: ['admin', 'ai', 'channels'], queryFn: () => Promise.resolve({ channels: state.channels, settings: {} }) },
  saveChannel: vi.fn((body: { id?: number; enabled: boolean }) => Promise.resolve({ ...stored(body.enabled, []), id: body.id ?? 9 })),
  saveModel: vi.fn(() => Promise.resolve({})),
}));
vi.mock('@/lib/notify', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

const { ConnectModelStep, needsModelStep } = await import('./connect-model-step');
const api = await import('../api/ai-admin-api');

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ConnectModelStep />
    </QueryClientProvider>,
  );
}

afterEach(cleanup);

describe('the "connect a model" first-run step', () => {
  beforeAll(async () => {
    await initI18n();
    // antd asks for media queries, which jsdom lacks.
    window.matchMedia ??= (query: string) =>
      ({ matches: false, media: query, onchange: null, addListener: () => undefined, removeListener: () => undefined, addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false }) satisfies MediaQueryList;
  });
  beforeEach(() => {
    vi.mocked(api.saveChannel).mockClear();
    vi.mocked(api.saveModel).mockClear();
  });

  it('is needed only without an env channel and without a stored channel that can answer', () => {
    expect(needsModelStep([OFFLINE])).toBe(true);
    expect(needsModelStep([stored(false, [MODEL]), OFFLINE])).toBe(true);
    expect(needsModelStep([stored(true, []), OFFLINE])).toBe(true);
    expect(needsModelStep([stored(true, [MODEL]), OFFLINE])).toBe(false);
    expect(needsModelStep([ENV, OFFLINE])).toBe(false);
  });

  it('shows on a fresh install and not beside an env channel', async () => {
    state.channels = [OFFLINE];
    show();
    expect(await screen.findByTestId('connect-model-step')).toBeTruthy();
    cleanup();
    state.channels = [ENV, OFFLINE];
    show();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('connect-model-step')).toBeNull();
  });

  it('saves the channel disabled, adds each model, then enables it', async () => {
    state.channels = [OFFLINE];
    show();
    fireEvent.change(await screen.findByTestId('connect-base-url'), { target: { value: 'https://api.example.com/v1' } });
    fireEvent.change(screen.getByTestId('connect-api-key'), { target: { value: 'sk-test' } });
    fireEvent.change(screen.getByTestId('connect-models'), { target: { value: 'deepseek-chat, deepseek-reasoner' } });
    fireEvent.click(screen.getByTestId('connect-save'));
    await waitFor(() => expect(api.saveChannel).toHaveBeenCalledTimes(2));
    expect(vi.mocked(api.saveChannel).mock.calls[0]![0]).toMatchObject({ base_url: 'https://api.example.com/v1', api_key: 'sk-test', enabled: false });
    expect(vi.mocked(api.saveModel).mock.calls.map((c) => c[0].upstream_model)).toEqual(['deepseek-chat', 'deepseek-reasoner']);
    expect(vi.mocked(api.saveChannel).mock.calls[1]![0]).toMatchObject({ id: 9, enabled: true });
  });
});
