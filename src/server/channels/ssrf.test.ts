import os from 'node:os';
import { describe, expect, test } from 'vitest';
import { post } from './http';
import { refusedAddressReason, targetHostProblem } from './ssrf';

describe('refusedAddressReason', () => {
  test.each([
    ['127.0.0.1', 'a loopback address'],
    ['127.255.0.9', 'a loopback address'],
    ['::1', 'a loopback address'],
    ['[::1]', 'a loopback address'],
    ['0.0.0.0', 'an unspecified address'],
    ['0.1.2.3', 'an unspecified address'],
    ['::', 'an unspecified address'],
    ['10.0.0.1', 'a private address'],
    ['172.16.0.1', 'a private address'],
    ['172.31.255.254', 'a private address'],
    ['192.168.1.1', 'a private address'],
    ['fc00::1', 'a private address'],
    ['fd12:3456::1', 'a private address'],
    ['169.254.1.1', 'a link-local address'],
    ['fe80::1', 'a link-local address'],
    ['fe80::1%eth0', 'a link-local address'],
    ['169.254.169.254', 'a cloud metadata address'],
    ['100.64.0.1', 'a shared (CGNAT) address'],
    ['100.127.255.255', 'a shared (CGNAT) address'],
    ['224.0.0.1', 'a multicast address'],
    ['ff02::1', 'a multicast address'],
    ['::ffff:127.0.0.1', 'a loopback address'],
    ['::ffff:7f00:1', 'a loopback address'],
    ['::ffff:10.0.0.1', 'a private address'],
    ['64:ff9b::a9fe:a9fe', 'a cloud metadata address'],
    ['not-an-ip', 'not an IP address'],
  ])('%s is refused as %s', (address, reason) => {
    expect(refusedAddressReason(address)).toBe(reason);
  });

  test.each([
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '172.15.255.255',
    '100.128.0.1',
    '2606:4700::1111',
    '::ffff:8.8.8.8',
  ])('%s is public', (address) => {
    expect(refusedAddressReason(address)).toBeUndefined();
  });
});

describe('refusedAddressReason: what is not globally routable (ipaddr.js ranges)', () => {
  test.each([
    ['192.0.2.10', 'a reserved address', 'TEST-NET-1'],
    ['198.51.100.7', 'a reserved address', 'TEST-NET-2'],
    ['203.0.113.200', 'a reserved address', 'TEST-NET-3'],
    ['198.18.0.1', 'a reserved address', 'benchmarking'],
    ['255.255.255.255', 'a broadcast address', 'limited broadcast'],
    ['192.88.99.1', 'a reserved address', '6to4 relay anycast'],
    ['::7f00:1', 'a deprecated IPv4-compatible address', 'IPv4-compatible ::127.0.0.1'],
    ['::8.8.8.8', 'a deprecated IPv4-compatible address', 'IPv4-compatible ::8.8.8.8'],
    ['::ffff:192.0.2.1', 'a reserved address', 'IPv4-mapped TEST-NET-1'],
    ['::ffff:169.254.169.254', 'a cloud metadata address', 'IPv4-mapped metadata'],
    ['2002:7f00:1::1', 'a 6to4 address', '6to4 of 127.0.0.1'],
    ['2002:808:808::1', 'a 6to4 address', '6to4 of a public address'],
    ['64:ff9b:1::a00:1', 'a local-use NAT64 address', 'local-use NAT64'],
    ['64:ff9b::7f00:1', 'a loopback address', 'well-known NAT64 of 127.0.0.1'],
    ['64:ff9b::c000:201', 'a reserved address', 'well-known NAT64 of TEST-NET-1'],
    ['fec0::1', 'a private (site-local) address', 'site-local'],
    ['100::1', 'a discard-only address', 'discard prefix'],
    ['2001::1', 'a Teredo address', 'Teredo'],
    ['2001:db8::1', 'a reserved address', 'documentation'],
    ['2001:2::1', 'a reserved address', 'benchmarking'],
    ['4000::1', 'a non-public address (not global unicast)', 'outside 2000::/3'],
  ])('%s is refused as %s (%s)', (address, reason) => {
    expect(refusedAddressReason(address)).toBe(reason);
  });

  test('an address of one of this host’s interfaces is refused, even a public one', () => {
    const own = () => new Set(['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946']);
    expect(refusedAddressReason('93.184.216.34', own)).toBe('this server’s own address');
    expect(refusedAddressReason('::ffff:93.184.216.34', own)).toBe('this server’s own address');
    expect(refusedAddressReason('2606:2800:220:1:248:1893:25c8:1946', own)).toBe(
      'this server’s own address',
    );
    expect(refusedAddressReason('93.184.216.35', own)).toBeUndefined();
  });

  test('the real interfaces are read: each of this machine’s addresses is refused', () => {
    const addresses = Object.values(os.networkInterfaces()).flatMap((list) =>
      (list ?? []).map((i) => i.address),
    );
    expect(addresses.length).toBeGreaterThan(0);
    for (const address of addresses) expect(refusedAddressReason(address)).toBeDefined();
  });
});

describe('targetHostProblem', () => {
  test.each([
    ['https://127.0.0.1/x', /loopback/],
    ['https://[::1]/x', /loopback/],
    ['https://localhost/x', /loopback/],
    ['https://api.localhost/x', /loopback/],
    ['https://192.168.0.10/x', /private/],
    ['https://203.0.113.5/x', /reserved/],
    ['https://[::7f00:1]/x', /IPv4-compatible/],
    ['https://[2002:7f00:1::1]/x', /6to4/],
    ['https://[64:ff9b:1::1]/x', /NAT64/],
    ['https://[fec0::1]/x', /site-local/],
    ['https://[100::1]/x', /discard/],
  ])('%s is refused', async (url, message) => {
    expect(await targetHostProblem(new URL(url), false)).toMatch(message);
  });

  test('anything goes with ALLOW_PRIVATE_WEBHOOKS', async () => {
    expect(await targetHostProblem(new URL('http://127.0.0.1/x'), true)).toBeUndefined();
  });
});

describe('post', () => {
  const request = { headers: {}, body: '{}' };

  test('checks the resolved address at connect time: a name for loopback is refused', async () => {
    const answer = await post(
      { ...request, url: 'https://localhost:1/x' },
      { allowPrivate: false },
    );
    expect(answer).toMatchObject({ kind: 'failed', reason: 'refused' });
  });

  test.each([
    'https://127.0.0.1:1/x',
    'https://[::1]:1/x',
    'http://example.com/x',
    'https://192.0.2.1:1/x',
    'https://[::7f00:1]:1/x',
    'https://[::ffff:7f00:1]:1/x',
    'https://[2002:7f00:1::1]:1/x',
    'https://[64:ff9b:1::7f00:1]:1/x',
  ])('refuses %s without connecting', async (url) => {
    const answer = await post({ ...request, url }, { allowPrivate: false });
    expect(answer).toMatchObject({ kind: 'failed', reason: 'refused' });
  });
});
