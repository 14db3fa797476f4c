import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * The SSRF guard: a channel's target is a URL a user typed, and the worker posts to it from
 * inside our network. Hosts that resolve to loopback, private, link-local, CGNAT, multicast or
 * cloud-metadata addresses are refused, at creation and again at every connection (the check
 * runs inside the socket's DNS lookup, so a name that changes its answer after creation is
 * caught, with no gap between the check and the connect).
 */
const RANGES: [reason: string, cidrs: [string, number, 'ipv4' | 'ipv6'][]][] = [
  ['a cloud metadata address', [['169.254.169.254', 32, 'ipv4']]],
  [
    'a loopback address',
    [
      ['127.0.0.0', 8, 'ipv4'],
      ['::1', 128, 'ipv6'],
    ],
  ],
  [
    'an unspecified address',
    [
      ['0.0.0.0', 8, 'ipv4'],
      ['::', 128, 'ipv6'],
    ],
  ],
  [
    'a private address',
    [
      ['10.0.0.0', 8, 'ipv4'],
      ['172.16.0.0', 12, 'ipv4'],
      ['192.168.0.0', 16, 'ipv4'],
      ['fc00::', 7, 'ipv6'],
    ],
  ],
  [
    'a link-local address',
    [
      ['169.254.0.0', 16, 'ipv4'],
      ['fe80::', 10, 'ipv6'],
    ],
  ],
  ['a shared (CGNAT) address', [['100.64.0.0', 10, 'ipv4']]],
  [
    'a reserved address',
    [
      ['192.0.0.0', 24, 'ipv4'],
      ['198.18.0.0', 15, 'ipv4'],
      ['240.0.0.0', 4, 'ipv4'],
    ],
  ],
  [
    'a multicast address',
    [
      ['224.0.0.0', 4, 'ipv4'],
      ['ff00::', 8, 'ipv6'],
    ],
  ],
];

const LISTS = RANGES.map(([reason, cidrs]) => {
  const list = new BlockList();
  for (const [network, prefix, type] of cidrs) list.addSubnet(network, prefix, type);
  return { reason, list };
});

/** The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d) or NAT64 (64:ff9b::) IPv6 address. */
function embeddedIpv4(address: string): string | undefined {
  const match = /^(?:::ffff:(?:0:)?|64:ff9b::)(.+)$/i.exec(address);
  if (!match) return undefined;
  const tail = match[1];
  if (isIP(tail) === 4) return tail;
  const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(tail);
  if (!hex) return undefined;
  const hi = parseInt(hex[1], 16);
  const lo = parseInt(hex[2], 16);
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
}

/** Why an address may not be a target ("a loopback address"), or undefined when it is public. */
export function refusedAddressReason(address: string): string | undefined {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const version = isIP(bare);
  if (version === 0) return 'not an IP address';
  const v4 = version === 6 ? embeddedIpv4(bare) : bare;
  const [probe, type] = v4 ? [v4, 'ipv4' as const] : [bare, 'ipv6' as const];
  for (const { reason, list } of LISTS) if (list.check(probe, type)) return reason;
  return undefined;
}

export class TargetRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TargetRefusedError';
  }
}

/**
 * A `lookup` for http.request that answers only public addresses (every address of the name
 * must be public: a name with one private answer is refused, as a connect could pick it).
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 0);
      if (!allowPrivate) {
        for (const { address } of addresses) {
          const reason = refusedAddressReason(address);
          if (reason) {
            return callback(
              new TargetRefusedError(`${hostname} resolves to ${reason} (${address})`),
              '',
              0,
            );
          }
        }
      }
      if (options.all) return callback(null, addresses);
      const [first] = addresses;
      callback(null, first.address, first.family);
    });
  };
}

/** Resolves the target's host and says why it is refused, or undefined when it may be used. */
export async function targetHostProblem(
  url: URL,
  allowPrivate: boolean,
): Promise<string | undefined> {
  if (allowPrivate) return undefined;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    const reason = refusedAddressReason(host);
    return reason ? `Must not point at ${reason}` : undefined;
  }
  if (host === 'localhost' || host.endsWith('.localhost')) {
    return 'Must not point at a loopback address';
  }
  const addresses = await new Promise<LookupAddress[] | Error>((resolve) =>
    dnsLookup(host, { all: true }, (err, found) => resolve(err ?? found)),
  );
  if (addresses instanceof Error) return `The host ${host} could not be found`;
  for (const { address } of addresses) {
    const reason = refusedAddressReason(address);
    if (reason) return `Must not point at ${reason} (${host} resolves to ${address})`;
  }
  return undefined;
}
