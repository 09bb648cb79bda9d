import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureRequest, requestContext } from './context';
import { RequestError } from './errors';
import { uploadWithProgress } from './upload-progress';

/** A stand-in XMLHttpRequest that records what is sent and answers as told. */
class FakeXhr {
  static last: FakeXhr | null = null;
  static answer: { status: number; body: string } = { status: 200, body: '' };
  headers: Record<string, string> = {};
  url = '';
  body: unknown = null;
  status = 0;
  statusText = '';
  responseText = '';
  private listeners = new Map<string, (event: unknown) => void>();
  upload = { listeners: new Map<string, (event: unknown) => void>(), addEventListener(type: string, fn: (event: unknown) => void) { this.listeners.set(type, fn); } };
  constructor() {
    FakeXhr.last = this;
  }
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getResponseHeader() {
    return 'application/json';
  }
  addEventListener(type: string, fn: (event: unknown) => void) {
    this.listeners.set(type, fn);
  }
  abort() {
    this.listeners.get('abort')?.({});
  }
  send(body: unknown) {
    this.body = body;
    this.upload.listeners.get('progress')?.({ loaded: 50, total: 100, lengthComputable: true });
    this.upload.listeners.get('progress')?.({ loaded: 100, total: 100, lengthComputable: true });
    this.status = FakeXhr.answer.status;
    this.responseText = FakeXhr.answer.body;
    queueMicrotask(() => this.listeners.get('load')?.({}));
  }
}

const original = { ...requestContext };
const toasts: string[] = [];

beforeEach(() => {
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  toasts.length = 0;
  configureRequest({ apiUrl: (p) => `http://api.test/api${p}`, getLocale: () => 'ko', toastError: (m) => void toasts.push(m), translate: (k) => `t:${k}` });
  localStorage.setItem('app_token', JSON.stringify({ value: 'tok-7', expire: null }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  configureRequest(original);
  localStorage.clear();
});

describe('uploadWithProgress', () => {
  it('sends the form with the usual headers, reports progress and resolves with the envelope data', async () => {
    FakeXhr.answer = { status: 200, body: JSON.stringify({ code: 1, data: { files: [] }, show: 0, msg: '' }) };
    const progress: number[] = [];
    const form = new FormData();
    form.append('type', 'literature');
    const data = await uploadWithProgress<{ files: unknown[] }>('/doc/upload', form, { onProgress: (loaded, total) => progress.push(loaded / total) });
    expect(data).toEqual({ files: [] });
    expect(progress).toEqual([0.5, 1]);
    expect(FakeXhr.last?.url).toBe('http://api.test/api/doc/upload');
    expect(FakeXhr.last?.body).toBe(form);
    expect(FakeXhr.last?.headers).toMatchObject({ token: 'tok-7', 'Accept-Language': 'ko' });
    expect(FakeXhr.last?.headers.version).toBeTruthy();
  });

  it('rejects a refusal with the server text and status', async () => {
    FakeXhr.answer = { status: 400, body: JSON.stringify({ code: 0, data: null, show: 1, msg: 'Too many files, the maximum is 10' }) };
    const error = await uploadWithProgress('/doc/upload', new FormData(), { silent: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestError);
    expect((error as RequestError).status).toBe(400);
    expect((error as RequestError).message).toBe('Too many files, the maximum is 10');
    expect(toasts).toEqual([]);
  });
});
