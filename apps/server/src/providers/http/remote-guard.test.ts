import type dns from 'node:dns';
import { describe, expect, it } from 'vitest';
import { checkUrl, guardedLookup, hostPort, RemoteAddressRefused, type Resolver } from './remote-guard.js';

const none = new Set<string>();

function refusedReason(url: string, allow: ReadonlySet<string> = none): string | null {
  try {
    checkUrl(new URL(url), allow);
    return null;
  } catch (error) {
    if (error instanceof RemoteAddressRefused) return error.message;
    throw error;
  }
}

/** A resolver answering fixed addresses per name, counting its calls. */
function fakeDns(answers: Record<string, string[]>): Resolver & { calls: string[] } {
  const calls: string[] = [];
  const resolve = (hostname: string, _options: dns.LookupAllOptions, callback: (err: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void) => {
    calls.push(hostname);
    const found = answers[hostname];
    if (!found) return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), []);
    callback(
      null,
      found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    );
  };
  return Object.assign(resolve, { calls });
}

function lookup(resolver: Resolver, hostname: string, all: boolean): Promise<{ error: Error | null; address: unknown; family?: number }> {
  return new Promise((resolve) => guardedLookup(resolver)(hostname, { all }, (error, address, family) => resolve({ error, address, family })));
}

describe('URL checks before a hop (SSRF guard)', () => {
  it('allows http and https to public addresses and host names (names are checked at lookup)', () => {
    for (const url of ['https://aclanthology.org/N18-3011.pdf', 'http://8.8.8.8/x.pdf', 'http://[2606:4700:4700::1111]/x.pdf', 'http://[::ffff:8.8.8.8]/a']) {
      expect(refusedReason(url), url).toBeNull();
    }
  });

  it('refuses other schemes and credentials in the URL', () => {
    for (const url of ['ftp://example.com/a.pdf', 'file:///etc/passwd', 'data:application/pdf;base64,JVBERi0=', 'javascript:alert(1)', 'gopher://example.com:70/']) {
      expect(refusedReason(url), url).toMatch(/^protocol /);
    }
    expect(refusedReason('https://user:secret@example.com/a.pdf')).toBe('credentials in the URL');
    expect(refusedReason('https://user@example.com/a.pdf')).toBe('credentials in the URL');
  });

  it('refuses private and reserved literal addresses in every notation the URL parser accepts', () => {
    const urls = [
      'http://127.0.0.1:5432/',
      'http://2130706433/',
      'http://0x7f000001/',
      'http://0x7f.1/',
      'http://127.1/',
      'http://0177.0.0.1/',
      'http://127.0.0.1./',
      'http://%31%32%37.0.0.1/',
      'http://0/',
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.5/',
      'http://100.64.0.1/',
      'http://[::1]/',
      'http://[::]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::ffff:7f00:1]/',
      'http://[0:0:0:0:0:ffff:a9fe:a9fe]/',
      'http://[fe80::1]/',
      'http://[fd00::1]/',
      'http://[64:ff9b::10.0.0.1]/',
    ];
    for (const url of urls) expect(refusedReason(url), url).not.toBeNull();
    expect(refusedReason('http://0x7f.1/')).toBe('127.0.0.1 is loopback (127.0.0.0/8)');
  });

  it('lets through only the exact host:port pairs of the allow list', () => {
    const allow = new Set(['127.0.0.1:8123', '[::1]:8124', 'localhost:80']);
    expect(checkUrl(new URL('http://127.0.0.1:8123/a.pdf'), allow)).toEqual({ allowed: true });
    expect(checkUrl(new URL('http://2130706433:8123/a.pdf'), allow)).toEqual({ allowed: true });
    expect(checkUrl(new URL('http://[::1]:8124/a.pdf'), allow)).toEqual({ allowed: true });
    expect(checkUrl(new URL('http://LOCALHOST/a.pdf'), allow)).toEqual({ allowed: true });
    expect(refusedReason('http://127.0.0.1:8124/a.pdf', allow)).not.toBeNull();
    expect(refusedReason('http://127.0.0.1/a.pdf', allow)).not.toBeNull();
    expect(refusedReason('http://127.0.0.2:8123/a.pdf', allow)).not.toBeNull();
    // The allowance is about addresses only: the scheme and credential rules still hold.
    expect(refusedReason('http://u:p@127.0.0.1:8123/a.pdf', allow)).toBe('credentials in the URL');
    // Names not on the list are not allowed here; their lookup decides.
    expect(checkUrl(new URL('http://localhost:8123/a.pdf'), allow)).toEqual({ allowed: false });
    expect(hostPort(new URL('https://Example.COM/x'))).toBe('example.com:443');
  });
});

describe('guarded DNS lookup on the agent', () => {
  it('answers public addresses unchanged, one or all as the connection asks', async () => {
    const resolver = fakeDns({ 'paper.example': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'] });
    expect(await lookup(resolver, 'paper.example', true)).toMatchObject({
      error: null,
      address: [
        { address: '93.184.216.34', family: 4 },
        { address: '2606:2800:220:1:248:1893:25c8:1946', family: 6 },
      ],
    });
    expect(await lookup(resolver, 'paper.example', false)).toEqual({ error: null, address: '93.184.216.34', family: 4 });
  });

  it('refuses a name when any of its addresses is blocked (rebinding answers, mixed records, localhost)', async () => {
    const resolver = fakeDns({
      'rebind.example': ['127.0.0.1'],
      'mixed.example': ['93.184.216.34', '10.0.0.7'],
      'mapped.example': ['::ffff:169.254.169.254'],
      localhost: ['::1', '127.0.0.1'],
    });
    for (const name of ['rebind.example', 'mixed.example', 'mapped.example', 'localhost']) {
      const { error } = await lookup(resolver, name, true);
      expect(error, name).toBeInstanceOf(RemoteAddressRefused);
    }
    expect((await lookup(resolver, 'mixed.example', false)).error?.message).toBe('mixed.example resolves to 10.0.0.7, private (10.0.0.0/8)');
  });

  it('passes DNS failures through as they are', async () => {
    const { error } = await lookup(fakeDns({}), 'nowhere.example', true);
    expect(error).not.toBeInstanceOf(RemoteAddressRefused);
    expect((error as NodeJS.ErrnoException).code).toBe('ENOTFOUND');
  });
});
