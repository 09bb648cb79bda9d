import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { SseSink } from './sse.js';

/** A real server whose handler waits until the client has gone before it opens the stream, as `prepare` may. */
async function serve(handler: (res: http.ServerResponse, gone: Promise<void>) => void): Promise<{ url: string; server: http.Server }> {
  const server = http.createServer((req, res) => {
    const gone = new Promise<void>((resolve) => req.socket.once('close', () => resolve()));
    handler(res, gone);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

describe('SseSink', () => {
  let server: http.Server | undefined;
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('tells a handler registered after the client left, once', async () => {
    let calls = 0;
    let told!: () => void;
    const toldPromise = new Promise<void>((resolve) => (told = resolve));
    const started = await serve((res, gone) => {
      void gone.then(() => {
        const sink = new SseSink(res);
        sink.open();
        sink.onClientClose(() => {
          calls += 1;
          told();
        });
        sink.send({ type: 'delta', text: 'nobody reads this' });
        expect(sink.closed).toBe(true);
      });
    });
    server = started.server;
    const req = http.request(started.url, { method: 'POST' });
    req.on('error', () => undefined);
    req.end();
    await new Promise((resolve) => setTimeout(resolve, 50));
    req.destroy();
    await toldPromise;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toBe(1);
  });

  it('does not call the handler for a client that stays and reads the stream to its end', async () => {
    let calls = 0;
    const started = await serve((res) => {
      const sink = new SseSink(res);
      sink.open();
      sink.onClientClose(() => (calls += 1));
      sink.send({ type: 'delta', text: 'hello' });
      sink.end();
    });
    server = started.server;
    const body = await new Promise<string>((resolve) => {
      http.request(started.url, { method: 'POST' }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve(text));
      }).end();
    });
    expect(body).toBe('event: delta\ndata: {"type":"delta","text":"hello"}\n\n');
    expect(calls).toBe(0);
  });
});
