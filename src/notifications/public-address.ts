import { BlockList, isIP } from 'node:net';

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

/** The eight 16-bit groups of a valid IPv6 address (as `isIP` accepts it), `::` and a dotted IPv4 tail expanded. */
function ipv6Groups(address: string): number[] {
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const groups = (part: string | undefined) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const [head, tail] = text.split('::');
  if (tail === undefined) return groups(head);
  const [front, back] = [groups(head), groups(tail)];
  return [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
}

const ipv4At = (groups: number[], index: number) =>
  [groups[index]! >> 8, groups[index]! & 0xff, groups[index + 1]! >> 8, groups[index + 1]! & 0xff].join('.');

const allZero = (groups: number[]) => groups.every((group) => group === 0);

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
  const groups = ipv6Groups(address);
  const mapped = allZero(groups.slice(0, 5)) && groups[5] === 0xffff;
  const nat64 = groups[0] === 0x64 && groups[1] === 0xff9b && allZero(groups.slice(2, 6));
  if (mapped || nat64) return isPublicAddress(ipv4At(groups, 6));
  if (groups[0] === 0x2002) return isPublicAddress(ipv4At(groups, 1));
  return IPV6_GLOBAL_UNICAST.check(address, 'ipv6') && !IPV6_NON_PUBLIC.check(address, 'ipv6');
}
