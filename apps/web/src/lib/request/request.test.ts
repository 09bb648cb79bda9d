import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api';
import { configureRequest, requestContext } from './context';
import { RequestError } from './errors';
import { buildQuery, toFormData } from './query-string';
import { request } from './request';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const envelope = (code: number, data: unknown, msg = '', show = 0) => ({ code, data, msg, show });

const original = { ...requestContext };
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let toasts: { ok: string[]; err: string[] };
let loginFailures: string[];

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  toasts = { ok: [], err: [] };
  loginFailures = [];
  configureRequest({
    fetch: fetchMock,
    apiUrl: (path) => `http://api.test/api${path}`,
    getLocale: () => 'ja',
    retryDelayMs: () => 0,
    toastSuccess: (m) => void toasts.ok.push(m),
    toastError: (m) => void toasts.err.push(m),
    onLoginFailure: (method) => void loginFailures.push(method),
    translate: (key) => `t:${key}`,
  });
  localStorage.clear();
});

afterEach(() => {
  configureRequest(original);
  document.cookie = 'token=; Max-Age=0; Path=/';
});

describe('query strings and multipart', () => {
  it('skips null, empty and undefined values and repeats arrays', () => {
    expect(buildQuery({ a: 1, b: '', c: null, d: undefined, e: 'x y', f: [1, '', 2], g: false })).toBe('?a=1&e=x+y&f=1&f=2&g=false');
    expect(buildQuery({ a: '', b: null })).toBe('');
    expect(buildQuery(undefined)).toBe('');
  });

  it('sends arrays as field[] entries in uploads', () => {
    const form = toFormData({ tags: ['a', 'b'], empty: '', file: new Blob(['x']), n: 2 });
    expect(form.getAll('tags[]')).toEqual(['a', 'b']);
    expect(form.has('empty')).toBe(false);
    expect(form.get('n')).toBe('2');
    expect(form.get('file')).toBeInstanceOf(Blob);
  });
});

describe('request', () => {
  it('GETs with the query string and the spec headers, and returns data', async () => {
    localStorage.setItem('app_token', JSON.stringify({ value: 'tok-1', expire: null }));
    localStorage.setItem('app_click_id', JSON.stringify({ value: 'click-9', expire: null }));
    localStorage.setItem('app_setting', JSON.stringify({ value: { orgCode: 'org-1' }, expire: null }));
    fetchMock.mockResolvedValue(json(envelope(1, { lists: [], count: 0, page_no: 2, page_size: 10 })));
    const data = await request(api.ledger, { page_no: 2, page_size: 10 });
    expect(data.page_no).toBe(2);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('http://api.test/api/user/ledger?page_no=2&page_size=10');
    const headers = init?.headers as Record<string, string>;
    expect(headers['token']).toBe('tok-1');
    expect(headers['Accept-Language']).toBe('ja');
    expect(headers['x-click-id']).toBe('click-9');
    expect(headers['x-org-code']).toBe('org-1');
    expect(headers['version']).toBeTruthy();
  });

  it('POSTs JSON bodies', async () => {
    fetchMock.mockResolvedValue(json(envelope(1, { token: 't' })));
    await request(api.login, { scene: 1, account: 'a@b.c', password: 'abc123', terminal: 'pc' });
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toMatchObject({ scene: 1, account: 'a@b.c' });
    expect((init?.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('shows a success toast only when show is set and msg exists', async () => {
    fetchMock.mockResolvedValueOnce(json(envelope(1, null, 'Saved', 1)));
    await request(api.logOrgEditNotify, { action: 'dismissed' });
    fetchMock.mockResolvedValueOnce(json(envelope(1, null, 'Saved', 0)));
    await request(api.logOrgEditNotify, { action: 'dismissed' });
    expect(toasts.ok).toEqual(['Saved']);
  });

  it('rejects on fail, with an error toast only when show is set', async () => {
    fetchMock.mockResolvedValueOnce(json(envelope(0, null, 'Wrong account or password', 1), 400));
    const error = await request(api.login, { scene: 1, account: 'a', password: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestError);
    expect((error as RequestError).code).toBe(0);
    expect((error as RequestError).status).toBe(400);
    expect(toasts.err).toEqual(['Wrong account or password']);
    fetchMock.mockResolvedValueOnce(json(envelope(0, null, 'quiet', 0), 409));
    await expect(request(api.login, { scene: 1, account: 'a', password: 'x' })).rejects.toThrow('quiet');
    expect(toasts.err).toHaveLength(1);
  });

  it('rejects with the message key of the envelope, and null without one', async () => {
    fetchMock.mockResolvedValueOnce(json({ ...envelope(0, null, '余额不足', 1), key: 'insufficient_conversation_balance' }, 402));
    await expect(request(api.login, { scene: 1, account: 'a', password: 'x' }, { silent: true })).rejects.toMatchObject({ key: 'insufficient_conversation_balance', message: '余额不足' });
    fetchMock.mockResolvedValueOnce(json(envelope(0, null, 'old server', 1), 400));
    await expect(request(api.login, { scene: 1, account: 'a', password: 'x' }, { silent: true })).rejects.toMatchObject({ key: null });
  });

  it('logs out on a login failure, telling the handler the method (POST also opens the login dialog)', async () => {
    fetchMock.mockResolvedValueOnce(json(envelope(-1, null, 'expired', 0), 401));
    await expect(request(api.info)).rejects.toMatchObject({ code: -1 });
    fetchMock.mockResolvedValueOnce(json(envelope(-1, null, 'expired', 0), 401));
    await expect(request(api.setInfo, { nickname: 'x' })).rejects.toMatchObject({ code: -1 });
    expect(loginFailures).toEqual(['GET', 'POST']);
  });

  it('returns data for code 2 (open a new page)', async () => {
    fetchMock.mockResolvedValue(json(envelope(2, { url: '/x' })));
    await expect(request(api.config)).resolves.toEqual({ url: '/x' });
  });

  it('treats a non-envelope answer as a server error', async () => {
    fetchMock.mockResolvedValue(new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    await expect(request(api.config)).rejects.toMatchObject({ status: 502, message: 'Bad Gateway' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('retries', () => {
  it('retries a GET twice on network errors, then succeeds', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('fetch failed')).mockRejectedValueOnce(new TypeError('fetch failed')).mockResolvedValue(json(envelope(1, 'ok')));
    await expect(request(api.config)).resolves.toBe('ok');
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('gives up after two retries with a network error', async () => {
    fetchMock.mockRejectedValue(new TypeError('fetch failed'));
    await expect(request(api.config)).rejects.toMatchObject({ network: true, message: 't:network_error' });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(toasts.err).toEqual(['t:network_error']);
  });

  it('retries a POST only when the contract marks it idempotent', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('fetch failed')).mockResolvedValue(json(envelope(1, { conversation_count: 1, drawing_count: 0, word_count: 0, session_balance: 0 })));
    await request(api.adjustBalance, { user_id: 1, asset: 'conversation_count', delta: 1, reason: 'r', idempotency_key: 'k-12345678' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    // The retried body is identical, idempotency key included.
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe(fetchMock.mock.calls[1]?.[1]?.body);
  });

  it('never repeats a non-idempotent POST', async () => {
    fetchMock.mockRejectedValue(new TypeError('fetch failed'));
    await expect(request(api.register, { email: 'a@b.c', code: '123456', password: 'abc123', password_confirm: 'abc123' })).rejects.toMatchObject({ network: true });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('does not retry HTTP errors, even for GET', async () => {
    fetchMock.mockResolvedValue(json(envelope(0, null, 'Server exception', 1), 500));
    await expect(request(api.config)).rejects.toMatchObject({ status: 500 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('passes on an abort that lands while the body is read, without a toast', async () => {
    const response = json(envelope(1, 'late'));
    vi.spyOn(response, 'json').mockRejectedValue(new DOMException('aborted', 'AbortError'));
    fetchMock.mockResolvedValue(response);
    await expect(request(api.config)).rejects.toMatchObject({ name: 'AbortError' });
    expect(toasts.err).toEqual([]);
  });

  it('does not retry an aborted request', async () => {
    const controller = new AbortController();
    controller.abort();
    fetchMock.mockRejectedValue(new DOMException('aborted', 'AbortError'));
    await expect(request(api.config, undefined, { signal: controller.signal })).rejects.toThrow('aborted');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
