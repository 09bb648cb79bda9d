import http from 'node:http';
import type dns from 'node:dns';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpRemoteFileSource, MAX_REDIRECTS, RemoteFileError } from './remote-file.js';

const LIMITS = { maxBytes: 1024, timeoutMs: 5000 };

async function failure(promise: Promise<unknown>): Promise<RemoteFileError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RemoteFileError);
  return error as RemoteFileError;
}

/** The HTTP side of the guard: each hop checked, redirects counted, time and size limits. */
describe('remote file fetch through the guard', () => {
  let server: http.Server;
  let other: http.Server;
  let base: string;
  let otherPort: number;
  let source: HttpRemoteFileSource;
  const lookups: string[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      const hops = Number(url.searchParams.get('hops') ?? 0);
      if (url.pathname === '/file') {
        res.writeHead(200, { 'content-type': 'application/pdf' });
        res.end('%PDF-1.4 tiny');
      } else if (url.pathname === '/chain') {
        // A relative redirect, counting down to the file.
        res.writeHead(302, { location: hops > 0 ? `/chain?hops=${hops - 1}` : '/file' });
        res.end();
      } else if (url.pathname === '/to') {
        res.writeHead(307, { location: url.searchParams.get('target') ?? '/' });
        res.end();
      } else if (url.pathname === '/silent') {
        // Never answers: the wall-clock limit must end it.
        req.on('close', () => res.destroy());
      } else if (url.pathname === '/trickle') {
        res.writeHead(200, { 'content-type': 'application/pdf' });
        res.write('%PDF');
      } else {
        res.writeHead(404);
        res.end();
      }
    });
    other = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      res.end('%PDF-1.4 from a port nobody allowed');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    otherPort = (other.address() as AddressInfo).port;
    base = `http://127.0.0.1:${port}`;
    source = new HttpRemoteFileSource({
      allowHosts: [`127.0.0.1:${port}`],
      // Names in these tests resolve here, so the guarded lookup sees what a rebinding DNS server would answer.
      resolve: (hostname: string, _options: dns.LookupAllOptions, callback: (err: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void) => {
        lookups.push(hostname);
        callback(null, [{ address: '127.0.0.1', family: 4 }]);
      },
    });
  });
  afterAll(async () => {
    for (const s of [server, other]) {
      s.closeAllConnections();
      await new Promise((resolve) => s.close(resolve));
    }
  });

  it('fetches from an allowed host:port and follows up to 5 redirects, not 6', async () => {
    expect((await source.fetch(`${base}/file`, LIMITS)).data.toString()).toBe('%PDF-1.4 tiny');
    expect((await source.fetch(`${base}/chain?hops=${MAX_REDIRECTS - 1}`, LIMITS)).data.toString()).toBe('%PDF-1.4 tiny');
    const error = await failure(source.fetch(`${base}/chain?hops=${MAX_REDIRECTS}`, LIMITS));
    expect(error.kind).toBe('redirects');
  });

  it('checks every redirect hop with the same rules', async () => {
    const hop = (target: string) => source.fetch(`${base}/to?target=${encodeURIComponent(target)}`, LIMITS);
    expect((await failure(hop(`http://127.0.0.1:${otherPort}/file`))).kind).toBe('refused');
    expect((await failure(hop('http://[::ffff:7f00:1]/'))).kind).toBe('refused');
    expect((await failure(hop('http://169.254.169.254/latest/meta-data/'))).kind).toBe('refused');
    expect((await failure(hop('file:///etc/passwd'))).kind).toBe('refused');
    expect((await failure(hop(`http://user:pw@127.0.0.1:${(server.address() as AddressInfo).port}/file`))).kind).toBe('refused');
  });

  it('checks a host name by what it resolves to, in the connection\'s own lookup', async () => {
    lookups.length = 0;
    const error = await failure(source.fetch(`http://publisher.example:${otherPort}/file`, LIMITS));
    expect(error).toMatchObject({ kind: 'refused', message: 'publisher.example resolves to 127.0.0.1, loopback (127.0.0.0/8)' });
    expect(lookups).toEqual(['publisher.example']);
  });

  it('keeps the wall-clock limit over headers and body, and the byte limit', async () => {
    const quick = { ...LIMITS, timeoutMs: 300 };
    expect((await failure(source.fetch(`${base}/silent`, quick))).kind).toBe('timeout');
    expect((await failure(source.fetch(`${base}/trickle`, quick))).kind).toBe('timeout');
    expect((await failure(source.fetch(`${base}/file`, { ...LIMITS, maxBytes: 4 }))).kind).toBe('too_large');
    expect((await failure(source.fetch(`${base}/missing`, LIMITS))).kind).toBe('status');
    expect((await failure(source.fetch('not a url', LIMITS))).kind).toBe('refused');
  });
});
