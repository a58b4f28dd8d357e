import { IPv6 } from 'ipaddr.js';

/**
 * An IPv6 address (valid, as `isIP` says) as ipaddr.js reads it right: in the URL parser's
 * canonical form, which is all hex. ipaddr.js misreads a dotted IPv4 tail after `::`: 1.9
 * refuses `::1.2.3.4` and `64:ff9b::1.2.3.4`, 2.x takes `::1.2.3.4` for `::ffff:1.2.3.4`.
 */
export const parseIpv6 = (address: string) => IPv6.parse(new URL(`http://[${address}]/`).hostname.slice(1, -1));
