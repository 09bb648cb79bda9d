import { Code, type BodyOf, type Endpoint, type HttpMethod, type QueryOf, type ResponseOf } from '@xueba/contract';
import type { EndpointRef } from '../api';
import { beginLoading } from '../loading';
import { baseHeaders, requestContext } from './context';
import { RequestError } from './errors';
import { buildQuery } from './query-string';

export interface RequestOptions {
  headers?: Record<string, string>;
  /** Use this token instead of the stored one (spec §7: bindMobile may use a supplied token). */
  token?: string;
  signal?: AbortSignal;
  /** Suppress toasts; the caller reports the outcome itself. */
  silent?: boolean;
  /** Do not drive the global loading bar (background calls). */
  background?: boolean;
}

export const MAX_RETRIES = 2;

interface RawEnvelope {
  code: unknown;
  data: unknown;
  show: unknown;
  msg: unknown;
  key?: unknown;
}

function isEnvelope(value: unknown): value is RawEnvelope {
  return typeof value === 'object' && value !== null && 'code' in value && 'data' in value;
}

const sleep = (ms: number) => (ms > 0 ? new Promise<void>((r) => setTimeout(r, ms)) : Promise.resolve());

/**
 * fetch with retries on network errors only (spec §7, 2 retries). An HTTP
 * answer of any status is never retried, and a POST is retried only when the
 * contract marks it idempotent: a timed-out charge must not be sent twice.
 */
export async function fetchWithRetry(url: string, init: RequestInit, retryable: boolean): Promise<Response> {
  const attempts = retryable ? MAX_RETRIES + 1 : 1;
  let lastError: unknown;
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (attempt > 0) await sleep(requestContext.retryDelayMs(attempt));
    try {
      return await requestContext.fetch(url, init);
    } catch (error) {
      if (init.signal?.aborted) throw error;
      lastError = error;
    }
  }
  throw new RequestError(requestContext.translate('network_error'), { network: true, data: lastError });
}

/**
 * Turns an HTTP response into the envelope's data, applying spec §8: success
 * toasts when `show`, rejection (and an error toast when `show`) on fail, and
 * logout (plus the login dialog for POST) on a login failure.
 */
export async function handleEnvelope<T>(response: Response, method: HttpMethod, silent: boolean): Promise<T> {
  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    // The caller gave up while the body was arriving (a navigation, a cancelled query): not a server fault to toast.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    body = undefined;
  }
  if (!isEnvelope(body)) {
    // A proxy error page or an empty 502: there is no server message to show, so use our own.
    const message = response.ok ? requestContext.translate('server_error') : response.statusText || requestContext.translate('server_error');
    if (!silent) requestContext.toastError(message);
    throw new RequestError(message, { status: response.status });
  }
  const msg = typeof body.msg === 'string' ? body.msg : '';
  const show = body.show === 1 || body.show === true;
  const key = typeof body.key === 'string' ? body.key : null;
  switch (body.code) {
    case Code.SUCCESS:
      if (show && msg && !silent) requestContext.toastSuccess(msg);
      return body.data as T;
    case Code.FAIL:
      if (show && msg && !silent) requestContext.toastError(msg);
      throw new RequestError(msg, { code: Code.FAIL, key, status: response.status, data: body.data });
    case Code.LOGIN_FAILURE:
      requestContext.onLoginFailure(method, msg);
      throw new RequestError(msg, { code: Code.LOGIN_FAILURE, key, status: response.status, data: body.data });
    default:
      // Code 2 ("open a new page") and anything newer: hand the data to the caller (spec §8).
      return body.data as T;
  }
}

type InputOf<E> = E extends Endpoint<'GET'> ? QueryOf<E> : BodyOf<E>;
type Args<E> = undefined extends InputOf<E> ? [input?: InputOf<E>, options?: RequestOptions] : [input: InputOf<E>, options?: RequestOptions];

/**
 * Calls one contract endpoint: `request(api.login, body)` infers the body from
 * the zod schema and resolves with the typed `data`.
 */
export async function request<E extends Endpoint>(endpoint: EndpointRef<E>, ...args: Args<E>): Promise<ResponseOf<E>> {
  const [input, options = {}] = args;
  const isGet = endpoint.method === 'GET';
  const url = apiPath(endpoint.path) + (isGet ? buildQuery(input ?? undefined) : '');
  const headers: Record<string, string> = { ...baseHeaders(options.token), ...options.headers };
  const init: RequestInit = { method: endpoint.method, headers, signal: options.signal, credentials: 'same-origin' };
  if (!isGet) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(input ?? {});
  }
  const end = options.background ? () => undefined : beginLoading();
  try {
    const response = await fetchWithRetry(url, init, isGet || endpoint.idempotent === true).catch((error: unknown) => {
      if (error instanceof RequestError && !options.silent) requestContext.toastError(error.message);
      throw error;
    });
    const data = await handleEnvelope<ResponseOf<E>>(response, endpoint.method, options.silent ?? false);
    if (import.meta.env.DEV && import.meta.env.MODE !== 'test') void devCheck(endpoint.name, data);
    return data;
  } finally {
    end();
  }
}

function apiPath(path: string): string {
  return requestContext.apiUrl(path);
}

/**
 * In development, a response that drifts from the contract is reported loudly
 * instead of surfacing as a strange UI bug. The schemas load only here, so
 * production never ships zod for this.
 */
async function devCheck(name: string, data: unknown): Promise<void> {
  const { api } = await import('@xueba/contract');
  const endpoint = (api as Record<string, Endpoint>)[name];
  const result = endpoint?.response.safeParse(data);
  if (result && !result.success) console.warn(`[contract] ${name} response does not match`, result.error.issues);
}
