import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import os from 'node:os';
import ipaddr from 'ipaddr.js';

/**
 * The SSRF guard: a channel's target is a URL a user typed, and the worker posts to it from
 * inside our network. Only globally routable unicast addresses may be targets, as ipaddr.js
 * classifies them (a maintained list of the IANA special-purpose ranges: loopback, private,
 * link-local, CGNAT, TEST-NETs, benchmarking, multicast, NAT64, 6to4, Teredo, discard…), and
 * never one of this host's own addresses. The check runs at creation and again at every
 * connection (inside the socket's DNS lookup, so a name that changes its answer after creation
 * is caught, with no gap between the check and the connect). See
 * docs/decisions/021-ssrf-classification.md.
 */
const REASONS: Record<string, string> = {
  loopback: 'a loopback address',
  unspecified: 'an unspecified address',
  private: 'a private address',
  uniqueLocal: 'a private address',
  deprecatedSiteLocal: 'a private (site-local) address',
  linkLocal: 'a link-local address',
  carrierGradeNat: 'a shared (CGNAT) address',
  multicast: 'a multicast address',
  broadcast: 'a broadcast address',
  reserved: 'a reserved address',
  benchmarking: 'a reserved address',
  rfc6052: 'a local-use NAT64 address',
  '6to4': 'a 6to4 address',
  teredo: 'a Teredo address',
  discard: 'a discard-only address',
};

/** The cloud metadata service (AWS, GCP, Azure…), named apart: it is what an attacker wants. */
const METADATA = ipaddr.parse('169.254.169.254');
/** IPv6 global unicast: anything outside it is not on the public internet (RFC 4291). */
const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');
/** The well-known NAT64 prefix: the gateway connects to the IPv4 address inside. */
const NAT64 = ipaddr.parseCIDR('64:ff9b::/96');
/** Deprecated IPv4-compatible addresses (::a.b.c.d, RFC 4291 §2.5.5.1). */
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');

function ipv4Reason(address: ipaddr.IPv4): string | undefined {
  if (address.match(METADATA, 32)) return 'a cloud metadata address';
  const range = address.range();
  if (range === 'unicast') return undefined;
  return REASONS[range] ?? `a non-public address (${range})`;
}

function ipv6Reason(address: ipaddr.IPv6): string | undefined {
  if (address.isIPv4MappedAddress()) return ipv4Reason(address.toIPv4Address());
  if (address.match(NAT64))
    return ipv4Reason(ipaddr.fromByteArray(address.toByteArray().slice(12)) as ipaddr.IPv4);
  const range = address.range();
  if (range === 'unicast') {
    if (address.match(IPV4_COMPATIBLE)) return 'a deprecated IPv4-compatible address';
    if (!address.match(GLOBAL_UNICAST)) return 'a non-public address (not global unicast)';
    return undefined;
  }
  return REASONS[range] ?? `a non-public address (${range})`;
}

/**
 * Parses an address; an IPv6 address written with a dotted IPv4 tail (`::8.8.8.8`) gets that
 * tail in hex first: ipaddr.js reads `::a.b.c.d` as IPv4-mapped (::ffff:a.b.c.d), but the
 * socket connects to the IPv4-compatible address it is.
 */
function parseAddress(text: string) {
  if (isIP(text) !== 6) return ipaddr.parse(text);
  const hex = text.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_all, a, b, c, d) =>
    [((Number(a) << 8) | Number(b)).toString(16), ((Number(c) << 8) | Number(d)).toString(16)].join(
      ':',
    ),
  );
  return ipaddr.parse(hex);
}

/** This host's own addresses, read at each check: interfaces come and go. */
function ownAddresses() {
  const own = new Set<string>();
  for (const list of Object.values(os.networkInterfaces())) {
    for (const { address } of list ?? []) {
      const bare = address.replace(/%.*$/, '');
      if (isIP(bare)) own.add(parseAddress(bare).toNormalizedString());
    }
  }
  return own;
}

/** Why an address may not be a target ("a loopback address"), or undefined when it is public. */
export function refusedAddressReason(
  address: string,
  own: () => Set<string> = ownAddresses,
): string | undefined {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIP(bare) === 0) return 'not an IP address';
  const parsed = parseAddress(bare);
  const reason =
    parsed.kind() === 'ipv4'
      ? ipv4Reason(parsed as ipaddr.IPv4)
      : ipv6Reason(parsed as ipaddr.IPv6);
  if (reason) return reason;
  const normal =
    parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()
      ? (parsed as ipaddr.IPv6).toIPv4Address()
      : parsed;
  if (own().has(normal.toNormalizedString())) return 'this server’s own address';
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
