import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * The server sends a request to every push endpoint a browser hands it, so an endpoint is a URL
 * a user chooses: without these checks anyone could make the server call its own network
 * (SSRF). Only public unicast addresses are allowed; loopback only where the caller says so
 * (outside production, for a local push service in tests).
 */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services live here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b::', 96], // NAT64 (reaches IPv4 addresses through a gateway)
  ['64:ff9b:1::', 48], // local NAT64
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo and others)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4 (embeds an IPv4 address)
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** An IPv4 address written as IPv6 (::ffff:a.b.c.d or ::ffff:xxxx:xxxx) is judged as IPv4. */
function unmapped(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const lower = address.toLowerCase();
  const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return { address: dotted[1]!, family: 'ipv4' };
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex) {
    const high = parseInt(hex[1]!, 16);
    const low = parseInt(hex[2]!, 16);
    return { address: [high >> 8, high & 255, low >> 8, low & 255].join('.'), family: 'ipv4' };
  }
  return { address, family: isIP(address) === 4 ? 'ipv4' : 'ipv6' };
}

export interface AddressRules {
  /** Loopback addresses (127.0.0.0/8, ::1) are allowed: outside production only. */
  allowLoopback: boolean;
}

/** Why an address may not be called, or null when it may. */
export function refusedAddress(address: string, rules: AddressRules): string | null {
  if (isIP(address) === 0) return `${address} is not an IP address`;
  const { address: plain, family } = unmapped(address);
  if (rules.allowLoopback && LOOPBACK.check(plain, family)) return null;
  return NOT_PUBLIC.check(plain, family) ? `${address} is not a public address` : null;
}

export class PushEndpointError extends Error {
  override name = 'PushEndpointError';
}

function resolveAll(hostname: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses)));
  });
}

/** URL hosts of IPv6 literals come in brackets. */
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * Checks an endpoint before it is stored: https (or, with allowLoopback, http to a loopback
 * address), no credentials in the URL, and every address its host resolves to is allowed.
 * Throws PushEndpointError with a message for the user.
 */
export async function checkPushEndpoint(endpoint: string, rules: AddressRules): Promise<void> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new PushEndpointError('The push endpoint is not a URL');
  }
  if (url.protocol !== 'https:' && !(rules.allowLoopback && url.protocol === 'http:')) {
    throw new PushEndpointError('The push endpoint must be an https URL');
  }
  if (url.username || url.password) throw new PushEndpointError('The push endpoint must not carry credentials');
  const host = hostOf(url);
  let addresses: string[];
  if (isIP(host) !== 0) {
    addresses = [host];
  } else {
    try {
      addresses = (await resolveAll(host)).map((each) => each.address);
    } catch {
      throw new PushEndpointError(`The push endpoint's host ${host} does not resolve`);
    }
  }
  for (const address of addresses) {
    const refused = refusedAddress(address, rules);
    if (refused) throw new PushEndpointError(`The push endpoint's host ${host} resolves to ${refused}`);
  }
  if (url.protocol === 'http:' && !addresses.every((address) => LOOPBACK.check(unmapped(address).address, unmapped(address).family))) {
    throw new PushEndpointError('The push endpoint must be an https URL');
  }
}

/**
 * A DNS lookup for the sending request that refuses disallowed addresses at connect time: the
 * name is resolved again when the message is sent, and a host that now points inside the
 * network (DNS rebinding) is not reached.
 */
export function guardedLookup(rules: AddressRules): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true, verbatim: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as LookupAddress[];
      for (const each of list) {
        const refused = refusedAddress(each.address, rules);
        if (refused) return callback(new PushEndpointError(`Push endpoint ${hostname}: ${refused}`), '', 0);
      }
      if (options.all) return (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, list);
      const first = list[0];
      if (!first) return callback(new PushEndpointError(`Push endpoint ${hostname} has no address`), '', 0);
      callback(null, first.address, first.family);
    });
  };
}
