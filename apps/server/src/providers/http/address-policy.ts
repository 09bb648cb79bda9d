import net from 'node:net';

/**
 * Which IP addresses the server may fetch user-influenced URLs from (a
 * paper's open PDF). Everything that is not globally reachable unicast is
 * refused: the server must never be steered into its own machine, its cloud
 * metadata service or the operator's private network (SSRF).
 *
 * Addresses are compared as bytes after parsing, never as strings, so every
 * spelling of one address (127.1, 0x7f000001, ::ffff:7f00:1) gets one answer.
 * The ranges follow the IANA special-purpose registries for IPv4 and IPv6.
 */
export type BlockedKind =
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'shared'
  | 'link_local'
  | 'unique_local'
  | 'multicast'
  | 'broadcast'
  | 'documentation'
  | 'benchmarking'
  | 'reserved';

export interface Blocked {
  kind: BlockedKind;
  /** The range that matched, e.g. `127.0.0.0/8` or `::ffff:0:0/96 → 10.0.0.0/8`, for logs. */
  range: string;
}

interface Range {
  bytes: Uint8Array;
  bits: number;
  text: string;
  kind: BlockedKind;
}

function range(cidr: string, kind: BlockedKind): Range {
  const [address = '', bits = ''] = cidr.split('/');
  const bytes = parseIp(address);
  if (!bytes) throw new Error(`bad range ${cidr}`);
  return { bytes, bits: Number(bits), text: cidr, kind };
}

// Order matters only for the label: the narrower range comes first.
const IPV4_BLOCKED: Range[] = [
  range('0.0.0.0/8', 'unspecified'),
  range('10.0.0.0/8', 'private'),
  range('100.64.0.0/10', 'shared'),
  range('127.0.0.0/8', 'loopback'),
  range('169.254.0.0/16', 'link_local'),
  range('172.16.0.0/12', 'private'),
  range('192.0.0.0/24', 'reserved'),
  range('192.0.2.0/24', 'documentation'),
  range('192.88.99.0/24', 'reserved'),
  range('192.168.0.0/16', 'private'),
  range('198.18.0.0/15', 'benchmarking'),
  range('198.51.100.0/24', 'documentation'),
  range('203.0.113.0/24', 'documentation'),
  range('224.0.0.0/4', 'multicast'),
  range('255.255.255.255/32', 'broadcast'),
  range('240.0.0.0/4', 'reserved'),
];

const IPV6_BLOCKED: Range[] = [
  range('::/128', 'unspecified'),
  range('::1/128', 'loopback'),
  range('64:ff9b:1::/48', 'reserved'),
  range('100::/64', 'reserved'),
  range('2001::/23', 'reserved'),
  range('2001:db8::/32', 'documentation'),
  range('3fff::/20', 'documentation'),
  range('5f00::/16', 'reserved'),
  range('fc00::/7', 'unique_local'),
  range('fe80::/10', 'link_local'),
  range('fec0::/10', 'reserved'),
  range('ff00::/8', 'multicast'),
];

/**
 * IPv6 forms that carry an IPv4 address the packet ends up at: mapped (the
 * host's own IPv4 stack), NAT64's well-known prefix (how DNS64 networks reach
 * IPv4 sites, so a public one stays allowed), 6to4, and the deprecated
 * compatible form, which no public host uses and is refused either way.
 * The embedded address is judged by the IPv4 rules.
 */
const IPV6_EMBEDDING: { prefix: Range; offset: number; publicAllowed: boolean }[] = [
  { prefix: range('::ffff:0:0/96', 'reserved'), offset: 12, publicAllowed: true },
  { prefix: range('64:ff9b::/96', 'reserved'), offset: 12, publicAllowed: true },
  { prefix: range('2002::/16', 'reserved'), offset: 2, publicAllowed: true },
  { prefix: range('::/96', 'reserved'), offset: 12, publicAllowed: false },
];

/** Only 2000::/3 is allocated as global unicast; the rest of the IPv6 space is not reachable on the internet. */
const IPV6_GLOBAL_UNICAST = range('2000::/3', 'reserved');

function inRange(bytes: Uint8Array, r: Range): boolean {
  if (bytes.length !== r.bytes.length) return false;
  let bits = r.bits;
  for (let i = 0; bits > 0; i += 1, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if (((bytes[i] ?? 0) & mask) !== ((r.bytes[i] ?? 0) & mask)) return false;
  }
  return true;
}

function parseIpv6(text: string): Uint8Array | null {
  // A zone (fe80::1%eth0) picks the interface, not the address.
  const bare = text.split('%')[0] ?? '';
  if (!net.isIPv6(bare)) return null;
  const out = new Uint8Array(16);
  let groups = bare;
  let tail: Uint8Array | null = null;
  const lastColon = bare.lastIndexOf(':');
  if (bare.slice(lastColon + 1).includes('.')) {
    tail = parseIpv4(bare.slice(lastColon + 1));
    if (!tail) return null;
    groups = `${bare.slice(0, lastColon + 1)}0:0`;
  }
  const [head = '', rest] = groups.split('::');
  const left = head ? head.split(':') : [];
  const right = rest === undefined ? [] : rest ? rest.split(':') : [];
  const words = [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  if (words.length !== 8) return null;
  words.forEach((word, i) => {
    const value = parseInt(word, 16);
    out[i * 2] = value >> 8;
    out[i * 2 + 1] = value & 0xff;
  });
  if (tail) out.set(tail, 12);
  return out;
}

function parseIpv4(text: string): Uint8Array | null {
  if (!net.isIPv4(text)) return null;
  return Uint8Array.from(text.split('.').map(Number));
}

/**
 * The address's bytes (4 for IPv4, 16 for IPv6), or null when the text is
 * not an IP address (a host name). IPv4 in the other notations URL parsers
 * and inet_aton accept (127.1, 0x7f.1, 2130706433, 0177.0.0.1) is read the way
 * the WHATWG URL parser reads it, the parser behind every URL the server sees.
 */
export function parseIp(text: string): Uint8Array | null {
  const unbracketed = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  if (unbracketed.includes(':')) return parseIpv6(unbracketed);
  const direct = parseIpv4(unbracketed);
  if (direct) return direct;
  if (!/^[0-9a-fA-FxX.]+$/.test(unbracketed)) return null;
  try {
    return parseIpv4(new URL(`http://${unbracketed}/`).hostname);
  } catch {
    return null;
  }
}

function formatIpv4(bytes: Uint8Array): string {
  return Array.from(bytes).join('.');
}

function classifyIpv4(bytes: Uint8Array): Blocked | null {
  const hit = IPV4_BLOCKED.find((r) => inRange(bytes, r));
  return hit ? { kind: hit.kind, range: hit.text } : null;
}

function classifyIpv6(bytes: Uint8Array): Blocked | null {
  const hit = IPV6_BLOCKED.find((r) => inRange(bytes, r));
  if (hit) return { kind: hit.kind, range: hit.text };
  for (const { prefix, offset, publicAllowed } of IPV6_EMBEDDING) {
    if (!inRange(bytes, prefix)) continue;
    const embedded = bytes.slice(offset, offset + 4);
    const inner = classifyIpv4(embedded);
    if (inner) return { kind: inner.kind, range: `${prefix.text} → ${inner.range} (${formatIpv4(embedded)})` };
    return publicAllowed ? null : { kind: 'reserved', range: prefix.text };
  }
  return inRange(bytes, IPV6_GLOBAL_UNICAST) ? null : { kind: 'reserved', range: 'outside 2000::/3' };
}

/**
 * Why the server must not connect to this address, or null when it is a
 * public unicast address. Text that is not an IP address is refused as
 * well: callers pass addresses, and an unreadable one is not trusted.
 */
export function blockedAddress(address: string): Blocked | null {
  const bytes = parseIp(address);
  if (!bytes) return { kind: 'reserved', range: `not an IP address: ${address}` };
  return bytes.length === 4 ? classifyIpv4(bytes) : classifyIpv6(bytes);
}
