import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';

export interface StreamEvent {
  type: string;
  [key: string]: unknown;
}

export interface StreamResult {
  status: number;
  contentType: string;
  /** Parsed SSE events (stream answers) … */
  events: StreamEvent[];
  /** … or the JSON envelope of a refusal. */
  json: { code: number; msg: string; data: unknown } | null;
  text: string;
}

/** Base URL of an app listening on a random local port (streams need real HTTP; inject buffers). */
export async function listen(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}/api`;
}

/**
 * POSTs to a stream endpoint and reads the SSE body as it arrives.
 * `onEvent` may return 'abort' to close the connection (a closed tab).
 */
export async function stream(
  base: string,
  path: string,
  body: unknown,
  options: { token?: string; locale?: string; onEvent?: (event: StreamEvent, all: StreamEvent[]) => 'abort' | void } = {},
): Promise<StreamResult> {
  const controller = new AbortController();
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'text/event-stream' };
  if (options.token) headers.token = options.token;
  if (options.locale) headers['accept-language'] = options.locale;
  const res = await fetch(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body), signal: controller.signal });
  const contentType = res.headers.get('content-type') ?? '';
  if (!contentType.includes('text/event-stream')) {
    const text = await res.text();
    return { status: res.status, contentType, events: [], json: JSON.parse(text) as StreamResult['json'], text };
  }
  const events: StreamEvent[] = [];
  const decoder = new TextDecoder();
  let buffer = '';
  let text = '';
  const reader = res.body!.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const chunk = decoder.decode(value, { stream: true });
      text += chunk;
      buffer += chunk;
      let index: number;
      while ((index = buffer.indexOf('\n\n')) >= 0) {
        const frame = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        const data = frame.split('\n').find((line) => line.startsWith('data: '));
        const name = frame.split('\n').find((line) => line.startsWith('event: '));
        if (!data) continue;
        const event = JSON.parse(data.slice(6)) as StreamEvent;
        if (name && name.slice(7) !== event.type) throw new Error(`event name ${name} does not match ${event.type}`);
        events.push(event);
        if (options.onEvent?.(event, events) === 'abort') {
          controller.abort();
          return { status: res.status, contentType, events, json: null, text };
        }
      }
    }
  } catch (error) {
    if (!controller.signal.aborted) throw error;
  }
  return { status: res.status, contentType, events, json: null, text };
}

export function textOf(events: StreamEvent[]): string {
  return events.filter((e) => e.type === 'delta').map((e) => String(e.text)).join('');
}

export async function until(check: () => Promise<boolean> | boolean, ms = 5000): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < ms) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`condition not met within ${ms} ms`);
}
