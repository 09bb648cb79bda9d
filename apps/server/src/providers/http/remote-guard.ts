import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import { blockedAddress, parseIp } from './address-policy.js';

/**
 * The checks every hop of a user-influenced fetch passes (SSRF guard,
 * decision 0013). The URL is checked before the request (scheme, no
 * credentials, literal IP addresses, which Node connects to without a
 * lookup), and host names are checked inside the connection's own DNS
 * lookup, so the address checked is the address connected to: a name that
 * answers a public address to a first query and a private one to the next
 * (DNS rebinding) gets no second query.
 */
export class RemoteAddressRefused extends Error {
  readonly code = 'ERR_REMOTE_ADDRESS_REFUSED';
  constructor(message: string) {
    super(message);
    this.name = 'RemoteAddressRefused';
  }
}

/** `host:port` of a URL as REMOTE_FETCH_ALLOW_HOSTS spells it (the scheme's default port when none is given). */
export function hostPort(url: URL): string {
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return `${url.hostname}:${port}`;
}

/**
 * Refuses what may never be fetched, whatever it resolves to; answers
 * whether the hop is an operator-allowed `host:port`, which then skips the
 * address checks (and only those).
 */
export function checkUrl(url: URL, allowHosts: ReadonlySet<string>): { allowed: boolean } {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new RemoteAddressRefused(`protocol ${url.protocol}`);
  // Credentials in a link are a way to smuggle requests to services that trust them, never needed for an open PDF.
  if (url.username || url.password) throw new RemoteAddressRefused('credentials in the URL');
  if (allowHosts.has(hostPort(url))) return { allowed: true };
  // The WHATWG parser has already rewritten 127.1, 0x7f000001 and friends to dotted form; parseIp reads the rest.
  if (parseIp(url.hostname)) {
    const blocked = blockedAddress(url.hostname);
    if (blocked) throw new RemoteAddressRefused(`${url.hostname} is ${blocked.kind} (${blocked.range})`);
  }
  return { allowed: false };
}

export type Resolver = (hostname: string, options: dns.LookupAllOptions, callback: (err: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void) => void;

/**
 * A `lookup` for the HTTP agent that resolves every address of the name and
 * refuses the connection when any of them is blocked (a name that mixes a
 * public and a private address is not trusted with either). Node's
 * happy-eyeballs connect asks for all addresses and tries exactly these.
 */
export function guardedLookup(resolve: Resolver = dns.lookup): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { family: options.family, hints: options.hints, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const bad = addresses.map((a) => ({ address: a.address, blocked: blockedAddress(a.address) })).find((a) => a.blocked);
      if (bad?.blocked) return callback(new RemoteAddressRefused(`${hostname} resolves to ${bad.address}, ${bad.blocked.kind} (${bad.blocked.range})`), []);
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), []);
      if (options.all) return callback(null, addresses);
      callback(null, first.address, first.family);
    });
  };
}
