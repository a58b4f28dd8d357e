import { IPv6 } from 'ipaddr.js';
import { isIP } from 'node:net';
import { parseIpv6 } from '../infra/ipv6';

/** The bits of an IPv6 address that name a subscriber's network: a /64 is what one customer line is given. */
const IPV6_NETWORK_PARTS = 4;

/**
 * Who a request counts against: the caller's address as the API believes it (the socket's
 * peer, or what a trusted proxy forwarded: TRUSTED_PROXIES), an IPv4 address written as IPv6
 * (`::ffff:192.0.2.1`) as that IPv4 address, and any other IPv6 address as its /64, inside
 * which one subscriber could otherwise pick a fresh address for every request. Anything else
 * a trusted proxy forwarded is taken as written.
 */
export function callerSource(address: string): string {
  if (isIP(address) !== 6 || address.includes('%')) return address;
  const ipv6 = parseIpv6(address);
  if (ipv6.isIPv4MappedAddress()) return ipv6.toIPv4Address().toString();
  const network = new IPv6([...ipv6.parts.slice(0, IPV6_NETWORK_PARTS), 0, 0, 0, 0]);
  return `${network.toString()}/64`;
}
