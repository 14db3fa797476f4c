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

describe('targetHostProblem', () => {
  test.each([
    ['https://127.0.0.1/x', /loopback/],
    ['https://[::1]/x', /loopback/],
    ['https://localhost/x', /loopback/],
    ['https://api.localhost/x', /loopback/],
    ['https://192.168.0.10/x', /private/],
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

  test.each(['https://127.0.0.1:1/x', 'https://[::1]:1/x', 'http://example.com/x'])(
    'refuses %s without connecting',
    async (url) => {
      const answer = await post({ ...request, url }, { allowPrivate: false });
      expect(answer).toMatchObject({ kind: 'failed', reason: 'refused' });
    },
  );
});
