import { describe, expect, it } from 'vitest';
import { blockedAddress, parseIp, type BlockedKind } from './address-policy.js';

/** [address, expected kind or null for a public address that may be fetched] */
const IPV4: [string, BlockedKind | null][] = [
  ['0.0.0.0', 'unspecified'],
  ['0.1.2.3', 'unspecified'],
  ['10.0.0.1', 'private'],
  ['10.255.255.255', 'private'],
  ['100.64.0.1', 'shared'],
  ['100.127.255.254', 'shared'],
  ['100.63.255.255', null],
  ['100.128.0.0', null],
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback'],
  ['169.254.169.254', 'link_local'],
  ['172.16.0.1', 'private'],
  ['172.31.255.255', 'private'],
  ['172.15.255.255', null],
  ['172.32.0.0', null],
  ['192.0.0.8', 'reserved'],
  ['192.0.2.1', 'documentation'],
  ['192.88.99.1', 'reserved'],
  ['192.168.1.1', 'private'],
  ['198.18.0.1', 'benchmarking'],
  ['198.19.255.255', 'benchmarking'],
  ['198.20.0.0', null],
  ['198.51.100.7', 'documentation'],
  ['203.0.113.9', 'documentation'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['240.0.0.1', 'reserved'],
  ['255.255.255.255', 'broadcast'],
  ['8.8.8.8', null],
  ['1.1.1.1', null],
  ['93.184.216.34', null],
  ['223.255.255.255', null],
];

const IPV6: [string, BlockedKind | null][] = [
  ['::', 'unspecified'],
  ['::1', 'loopback'],
  ['0:0:0:0:0:0:0:1', 'loopback'],
  ['[::1]', 'loopback'],
  ['fe80::1', 'link_local'],
  ['fe80::1%eth0', 'link_local'],
  ['febf::1', 'link_local'],
  ['fc00::1', 'unique_local'],
  ['fd12:3456:789a::1', 'unique_local'],
  ['fec0::1', 'reserved'],
  ['ff02::1', 'multicast'],
  ['2001:db8::1', 'documentation'],
  ['3fff::1', 'documentation'],
  ['2001::1', 'reserved'],
  ['100::1', 'reserved'],
  ['64:ff9b:1::1', 'reserved'],
  ['5f00::1', 'reserved'],
  ['4000::1', 'reserved'],
  ['1::1', 'reserved'],
  // IPv4-mapped, in every spelling: judged by the IPv4 address inside.
  ['::ffff:127.0.0.1', 'loopback'],
  ['::ffff:7f00:1', 'loopback'],
  ['0:0:0:0:0:ffff:7f00:0001', 'loopback'],
  ['[::ffff:7f00:1]', 'loopback'],
  ['::ffff:10.1.2.3', 'private'],
  ['::ffff:a9fe:a9fe', 'link_local'],
  ['::ffff:0.0.0.0', 'unspecified'],
  ['::ffff:8.8.8.8', null],
  // IPv4-compatible (deprecated): refused even with a public address inside.
  ['::127.0.0.1', 'loopback'],
  ['::7f00:1', 'loopback'],
  ['::8.8.8.8', 'reserved'],
  // NAT64 and 6to4 reach the embedded IPv4 address.
  ['64:ff9b::7f00:1', 'loopback'],
  ['64:ff9b::8.8.8.8', null],
  ['2002:a00:1::1', 'private'],
  ['2002:808:808::1', null],
  ['2606:4700:4700::1111', null],
  ['2a00:1450:4001:82a::200e', null],
];

describe('address classification (SSRF guard)', () => {
  it.each(IPV4)('IPv4 %s → %s', (address, kind) => {
    expect(blockedAddress(address)?.kind ?? null).toBe(kind);
  });

  it.each(IPV6)('IPv6 %s → %s', (address, kind) => {
    expect(blockedAddress(address)?.kind ?? null).toBe(kind);
  });

  it.each([
    // Notations the WHATWG URL parser and inet_aton read as 127.0.0.1.
    ['2130706433', '127.0.0.1'],
    ['0x7f000001', '127.0.0.1'],
    ['0x7f.1', '127.0.0.1'],
    ['127.1', '127.0.0.1'],
    ['0177.0.0.1', '127.0.0.1'],
    ['0', '0.0.0.0'],
    ['169.254.43518', '169.254.169.254'],
    ['0xa9fea9fe', '169.254.169.254'],
  ])('reads the IPv4 notation %s as %s and refuses it', (text, dotted) => {
    expect(Array.from(parseIp(text) ?? []).join('.')).toBe(dotted);
    expect(blockedAddress(text)).not.toBeNull();
  });

  it('names the range that matched, through an embedding', () => {
    expect(blockedAddress('::ffff:7f00:1')).toEqual({ kind: 'loopback', range: '::ffff:0:0/96 → 127.0.0.0/8 (127.0.0.1)' });
    expect(blockedAddress('169.254.169.254')).toEqual({ kind: 'link_local', range: '169.254.0.0/16' });
  });

  it('does not read host names as addresses, and refuses them when asked to classify one', () => {
    for (const name of ['example.com', 'localhost', 'deadbeef', '1.2.3.4.5', '::ffff:127.0.0.1.example']) expect(parseIp(name)).toBeNull();
    expect(blockedAddress('example.com')?.kind).toBe('reserved');
  });
});
