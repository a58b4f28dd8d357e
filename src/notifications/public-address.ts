import { IPv6, fromByteArray } from 'ipaddr.js';
import { BlockList, isIP } from 'node:net';
import { parseIpv6 } from '../infra/ipv6';

/**
 * IPv4 ranges that are not the public internet (IANA special-purpose registry): a callback
 * must never reach them in production.
 */
const IPV4_NON_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT; 100.100.100.200 is a cloud metadata service
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local; 169.254.169.254 is the usual metadata service
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
] as const) {
  IPV4_NON_PUBLIC.addSubnet(network, prefix, 'ipv4');
}

/** Every public IPv6 unicast address is in 2000::/3; anything outside it is refused. */
const IPV6_GLOBAL_UNICAST = new BlockList();
IPV6_GLOBAL_UNICAST.addSubnet('2000::', 3, 'ipv6');

const IPV6_NON_PUBLIC = new BlockList();
IPV6_NON_PUBLIC.addSubnet('2001::', 23, 'ipv6'); // IETF protocol assignments: Teredo, benchmarking, ORCHID
IPV6_NON_PUBLIC.addSubnet('2001:db8::', 32, 'ipv6'); // documentation
IPV6_NON_PUBLIC.addSubnet('3fff::', 20, 'ipv6'); // documentation

/** The byte at which an IPv6 address carries an IPv4 one, by ipaddr.js's names for ::ffff:0:0/96, 64:ff9b::/96 and 2002::/16. */
const IPV4_AT: Partial<Record<ReturnType<IPv6['range']>, number>> = { ipv4Mapped: 12, rfc6052: 12, '6to4': 2 };

/**
 * True only for an address on the public internet. IPv6 forms that carry an IPv4 address
 * (IPv4-mapped ::ffff:0:0/96, NAT64 64:ff9b::/96, 6to4 2002::/16) are judged by that IPv4
 * address, so they reach no further than it could: a DNS64 resolver answers public hosts
 * with NAT64 addresses. Anything that is not a valid address (a zone id included) is refused.
 */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !IPV4_NON_PUBLIC.check(address, 'ipv4');
  if (family !== 6 || address.includes('%')) return false;
  const ipv6 = parseIpv6(address);
  const ipv4At = IPV4_AT[ipv6.range()];
  if (ipv4At !== undefined)
    return isPublicAddress(fromByteArray(ipv6.toByteArray().slice(ipv4At, ipv4At + 4)).toString());
  return IPV6_GLOBAL_UNICAST.check(address, 'ipv6') && !IPV6_NON_PUBLIC.check(address, 'ipv6');
}
