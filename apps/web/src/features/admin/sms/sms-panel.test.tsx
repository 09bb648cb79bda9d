import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { AdminSmsSettings, SmsConfigView } from '@xueba/contract';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, loadMessageGroups, setLocale } from '@/lib/i18n';

const NO_TEMPLATES = { login: '', register: '', find_password: '', bind_mobile: '', change_mobile: '' };
const ENV: SmsConfigView = { provider: 'log', access_key_id: '', secret_set: false, sign_name: 'EnvSign', region: '', sdk_app_id: '', template_default: 'SMS_ENV', templates: NO_TEMPLATES, template_params: ['code'] };
const SAVED: AdminSmsSettings['settings'] = {
  ...ENV,
  enabled: true,
  provider: 'aliyun',
  access_key_id: 'LTAI-saved',
  secret_set: true,
  sign_name: '学霸',
  template_default: 'SMS_1',
  templates: { ...NO_TEMPLATES, login: 'SMS_LOGIN' },
};

const state = vi.hoisted(() => ({ data: null as AdminSmsSettings | null }));
vi.mock('./sms-admin-api', () => ({
  smsKeys: { settings: ['admin', 'sms'] },
  smsQuery: { queryKey: ['admin', 'sms'], queryFn: () => Promise.resolve(state.data) },
  saveSms: vi.fn(() => Promise.resolve(state.data)),
  testSms: vi.fn(() => Promise.resolve({ ok: false, provider: 'aliyun', code: 'isv.MOBILE_NUMBER_ILLEGAL', message: '非法手机号', failure: 'invalid_number' })),
}));
vi.mock('@/lib/notify', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

const { SmsPanel, saveBody, initialValues } = await import('./sms-panel');
const api = await import('./sms-admin-api');

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <SmsPanel />
    </QueryClientProvider>,
  );
}

afterEach(cleanup);

describe('the admin SMS settings form', () => {
  beforeAll(async () => {
    await initI18n();
  await loadMessageGroups(['admin']);
    await loadMessageGroups(['admin']);
    await setLocale('en');
    window.matchMedia ??= (query: string) =>
      ({ matches: false, media: query, onchange: null, addListener: () => undefined, removeListener: () => undefined, addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false }) satisfies MediaQueryList;
  });
  beforeEach(() => {
    vi.mocked(api.saveSms).mockClear();
    vi.mocked(api.testSms).mockClear();
  });

  it('keeps the stored secret when the field is left empty, removes it only when asked, and sends variables in template order', () => {
    const values = { ...initialValues({ source: 'settings', settings: SAVED, env: ENV, delivers: true }), template_params: ['minutes', 'code'] as ('code' | 'minutes')[] };
    expect(saveBody(values)).toMatchObject({ provider: 'aliyun', access_key_secret: undefined, template_params: ['code', 'minutes'] });
    expect(saveBody({ ...values, access_key_secret: 'new' }).access_key_secret).toBe('new');
    expect(saveBody({ ...values, access_key_secret: 'new', clear_secret: true }).access_key_secret).toBe('');
    expect('clear_secret' in saveBody(values)).toBe(false);
  });

  it('starts from the environment before anything is saved, shown read-only, and hides the keys for the log provider', async () => {
    state.data = { source: 'env', settings: null, env: ENV, delivers: false };
    show();
    expect((await screen.findByTestId('sms-source')).textContent).toBe('Environment variables');
    expect(screen.getByTestId('sms-env').textContent).toContain('EnvSign');
    expect(screen.queryByTestId('sms-access-key-id')).toBeNull();
    // Choosing Tencent Cloud shows the keys and its SdkAppId.
    fireEvent.click(screen.getByText('Tencent Cloud SMS'));
    expect(await screen.findByTestId('sms-sdk-app-id')).toBeTruthy();
    expect((screen.getByTestId('sms-template-default') as HTMLInputElement).value).toBe('SMS_ENV');
  }, 20_000);

  it('never shows the secret, saves a blank secret as "keep", and reports a test send\'s provider answer', async () => {
    state.data = { source: 'settings', settings: SAVED, env: ENV, delivers: true };
    show();
    const secret = (await screen.findByTestId('sms-access-key-secret')) as HTMLInputElement;
    expect(secret.value).toBe('');
    expect(screen.getByText('Set (leave empty to keep it)')).toBeTruthy();
    expect((screen.getByTestId('sms-template-login') as HTMLInputElement).value).toBe('SMS_LOGIN');
    fireEvent.change(screen.getByTestId('sms-sign-name'), { target: { value: '新签名' } });
    fireEvent.click(screen.getByTestId('sms-save'));
    await waitFor(() => expect(api.saveSms).toHaveBeenCalledTimes(1));
    const body = vi.mocked(api.saveSms).mock.calls[0]![0];
    expect(body).toMatchObject({ enabled: true, provider: 'aliyun', access_key_id: 'LTAI-saved', sign_name: '新签名', access_key_secret: undefined, templates: { login: 'SMS_LOGIN' } });

    fireEvent.change(screen.getByTestId('sms-test-mobile'), { target: { value: ' 13800000000 ' } });
    fireEvent.click(screen.getByTestId('sms-test-send'));
    const result = await screen.findByTestId('sms-test-result');
    expect(api.testSms).toHaveBeenCalledWith({ mobile: '13800000000' });
    expect(result.textContent).toContain('Not sent');
    expect(result.textContent).toContain('isv.MOBILE_NUMBER_ILLEGAL');
    expect(result.textContent).toContain('非法手机号');
  }, 20_000);
});
