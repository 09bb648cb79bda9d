import http from 'node:http';
import type { AddressInfo } from 'node:net';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpFetch } from './http-fetch.js';

/** The model channels' transport against a local HTTP server (the SDK-level behaviour is covered by the chat fault tests). */
describe('httpFetch', () => {
  let server: http.Server;
  let base: string;
  /** Resolved when the server sees a `/slow` response's connection go away. */
  let slowClosed: Promise<void> = Promise.resolve();
  const seen: { method?: string; headers: http.IncomingHttpHeaders; body: string }[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (c: string) => (body += c));
      req.on('end', () => {
        seen.push({ method: req.method, headers: req.headers, body });
        if (req.url === '/error') {
          res.writeHead(429, { 'content-type': 'application/json', 'set-cookie': ['a=1', 'b=2'] });
          res.end(JSON.stringify({ error: { message: 'slow down' } }));
        } else if (req.url === '/empty') {
          res.writeHead(204);
          res.end();
        } else if (req.url === '/big') {
          // 4 MB in 64 KB writes: more than the body stream queues, so the socket is paused and resumed as it is read.
          res.writeHead(200, { 'content-type': 'application/octet-stream' });
          const piece = Buffer.alloc(64 * 1024, 'x');
          for (let i = 0; i < 64; i += 1) res.write(piece);
          res.end();
        } else if (req.url === '/cut') {
          // The connection drops in the middle of the body (a model server that died mid-answer).
          res.writeHead(200, { 'content-type': 'text/event-stream' });
          res.write('data: one\n\n');
          setTimeout(() => res.socket?.destroy(), 20);
        } else if (req.url === '/chat/completions') {
          res.writeHead(200, { 'content-type': 'text/event-stream' });
          const chunk = (content: string) => `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;
          res.write(chunk('Hel'));
          setTimeout(() => res.end(`${chunk('lo')}data: [DONE]\n\n`), 5);
        } else if (req.url === '/slow') {
          res.writeHead(200, { 'content-type': 'text/event-stream' });
          res.write('data: one\n\n');
          slowClosed = new Promise((resolve) => res.on('close', () => resolve()));
          // Never ends: the caller aborts while reading.
        } else {
          res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
          res.end(`echo ${body}`);
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('sends the method, headers and body, and reads the answer', async () => {
    const res = await httpFetch(`${base}/echo`, { method: 'POST', headers: new Headers({ authorization: 'Bearer k', 'content-type': 'application/json' }), body: '{"q":"学霸"}' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    expect(await res.text()).toBe('echo {"q":"学霸"}');
    const request = seen.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.headers.authorization).toBe('Bearer k');
    expect(request.headers['content-length']).toBe(String(Buffer.byteLength('{"q":"学霸"}')));
  });

  it('passes error statuses and their bodies through, with repeated headers', async () => {
    const res = await httpFetch(`${base}/error`, { method: 'POST', body: '{}' });
    expect(res.ok).toBe(false);
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({ error: { message: 'slow down' } });
    expect(res.headers.get('set-cookie')).toContain('a=1');
  });

  it('answers a body-less status without a body', async () => {
    const res = await httpFetch(`${base}/empty`, { method: 'GET' });
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
  });

  it('aborts before the call and while the body is read, as an AbortError', async () => {
    const early = new AbortController();
    early.abort();
    await expect(httpFetch(`${base}/echo`, { signal: early.signal })).rejects.toMatchObject({ name: 'AbortError' });

    const controller = new AbortController();
    const res = await httpFetch(`${base}/slow`, { method: 'GET', signal: controller.signal });
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe('data: one\n\n');
    const pending = reader.read();
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('iterates the body from the socket through Symbol.asyncIterator, with the same backpressure and end', async () => {
    const res = await httpFetch(`${base}/big`, { method: 'GET' });
    let bytes = 0;
    for await (const value of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += value.byteLength;
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(bytes).toBe(64 * 64 * 1024);
  });

  it('closes the connection when the iterating reader stops early', async () => {
    const res = await httpFetch(`${base}/slow`, { method: 'GET' });
    for await (const value of res.body as unknown as AsyncIterable<Uint8Array>) {
      expect(new TextDecoder().decode(value)).toBe('data: one\n\n');
      break;
    }
    // The model's server sees the request go away (it would otherwise stream on for nobody).
    await slowClosed;
  });

  // Pins an openai SDK detail the relay's speed rests on (internal/shims ReadableStreamToAsyncIterable, 6.x):
  // a body with Symbol.asyncIterator is iterated through it. If an SDK upgrade reads the web stream instead,
  // answers still work (both read the same queue) but this test says the fast path is gone.
  it('gives the openai SDK the socket chunks without locking the web stream', async () => {
    let body: ReadableStream<Uint8Array> | null = null;
    const client = new OpenAI({
      baseURL: base,
      apiKey: 'k',
      maxRetries: 0,
      fetch: async (url: string | URL | Request, init?: RequestInit) => {
        const res = await httpFetch(url, init);
        body = res.body;
        return res;
      },
    });
    const stream = await client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'hi' }], stream: true });
    const texts: string[] = [];
    const lockedWhileReading: boolean[] = [];
    for await (const chunk of stream) {
      texts.push(chunk.choices[0]?.delta.content ?? '');
      lockedWhileReading.push(body!.locked);
    }
    expect(texts).toEqual(['Hel', 'lo']);
    expect(lockedWhileReading).toEqual([false, false]);
  });

  it('reads a body larger than it queues, whole and in order', async () => {
    const res = await httpFetch(`${base}/big`, { method: 'GET' });
    const reader = res.body!.getReader();
    let bytes = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      expect(value.every((b: number) => b === 0x78)).toBe(true);
      bytes += value.byteLength;
      // A slow reader: the socket must wait for it instead of queueing the whole body.
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(bytes).toBe(64 * 64 * 1024);
  });

  it('fails the body when the connection closes before the response ends', async () => {
    const res = await httpFetch(`${base}/cut`, { method: 'GET' });
    const reader = res.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('data: one\n\n');
    await expect(reader.read()).rejects.toThrow();
  });

  it('refuses what it cannot send, and reports a refused connection', async () => {
    await expect(httpFetch('ftp://127.0.0.1/x')).rejects.toThrow(/unsupported protocol/);
    await expect(httpFetch(`${base}/echo`, { method: 'POST', body: new Blob(['x']) })).rejects.toThrow(/string or byte bodies/);
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(httpFetch(`http://127.0.0.1:${port}/`)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});
