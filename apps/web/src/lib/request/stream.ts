import type { HttpMethod } from '@xueba/contract';
import { baseHeaders, requestContext } from './context';
import { RequestError } from './errors';
import { buildQuery } from './query-string';
import { handleEnvelope } from './request';
import { createSseReader, type SseEvent } from './sse';

export interface StreamOptions {
  method?: HttpMethod;
  /** JSON body for POST, query string for GET (spec §7). */
  params?: object;
  onMessage: (event: SseEvent) => void;
  onClose?: () => void;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Suppress the error toast of a JSON refusal; the caller shows it its own way (e.g. the balance dialog). */
  silent?: boolean;
}

/**
 * Streaming call for chat and other long answers. Resolves when the stream
 * ends. A non-200 status rejects with the status text; a JSON answer (the
 * server refusing before streaming, e.g. no balance) goes through the
 * normal envelope handling and resolves with its data.
 */
export async function stream(path: string, options: StreamOptions): Promise<unknown> {
  const method = options.method ?? 'POST';
  const headers: Record<string, string> = { ...baseHeaders(), Accept: 'text/event-stream', ...options.headers };
  const init: RequestInit = { method, headers, signal: options.signal, credentials: 'same-origin' };
  let url = requestContext.apiUrl(path);
  if (method === 'GET') url += buildQuery(options.params);
  else {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.params ?? {});
  }
  let response: Response;
  try {
    // Never retried: a stream may already have started spending the user's balance.
    response = await requestContext.fetch(url, init);
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new RequestError(requestContext.translate('network_error'), { network: true, data: error });
  }
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('text/event-stream')) {
    if (type.includes('json')) {
      const data = await handleEnvelope<unknown>(response, method, options.silent ?? false);
      options.onClose?.();
      return data;
    }
    throw new RequestError(response.statusText || requestContext.translate('server_error'), { status: response.status });
  }
  if (response.status !== 200 || !response.body) {
    throw new RequestError(response.statusText || requestContext.translate('server_error'), { status: response.status });
  }
  const parser = createSseReader(options.onMessage);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
    }
    parser.feed(decoder.decode());
    parser.end();
  } finally {
    reader.releaseLock();
  }
  options.onClose?.();
  return undefined;
}
