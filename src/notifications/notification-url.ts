import { BlockList, isIP } from 'node:net';
import { z } from 'zod';

/** The spec's limit on `notification_url`. */
export const NOTIFICATION_URL_MAX_LENGTH = 250;

/**
 * Literal addresses a callback must never reach in production: the service's own host and
 * private networks (server-side request forgery). Host names are not resolved here: the
 * check runs in request validation, where a DNS lookup would be slow and its answer could
 * change before delivery anyway.
 */
const internalAddresses = new BlockList();
internalAddresses.addSubnet('0.0.0.0', 8, 'ipv4');
internalAddresses.addSubnet('127.0.0.0', 8, 'ipv4');
internalAddresses.addSubnet('10.0.0.0', 8, 'ipv4');
internalAddresses.addSubnet('172.16.0.0', 12, 'ipv4');
internalAddresses.addSubnet('192.168.0.0', 16, 'ipv4');
internalAddresses.addSubnet('169.254.0.0', 16, 'ipv4');
internalAddresses.addAddress('::', 'ipv6');
internalAddresses.addAddress('::1', 'ipv6');
internalAddresses.addSubnet('fc00::', 7, 'ipv6');
internalAddresses.addSubnet('fe80::', 10, 'ipv6');

function isInternalHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  const family = isIP(host);
  // BlockList also matches IPv4-mapped IPv6 (::ffff:127.0.0.1) against the IPv4 subnets.
  return family !== 0 && internalAddresses.check(host, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Why a callback URL is refused, or null when it may be used. `allowInsecure`
 * (ALLOW_INSECURE_CALLBACKS) admits http and internal addresses for the sandbox and tests.
 */
export function notificationUrlProblem(value: string, allowInsecure: boolean): string | null {
  if (value.length > NOTIFICATION_URL_MAX_LENGTH) return `must be at most ${NOTIFICATION_URL_MAX_LENGTH} characters`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an absolute URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be an https URL';
  // fetch refuses URLs with credentials, so such a URL could never be delivered to.
  if (url.username || url.password) return 'must not contain credentials';
  if (allowInsecure) return null;
  if (url.protocol !== 'https:') return 'must be an https URL';
  if (isInternalHost(url.hostname)) return 'must not point to a loopback, private or link-local address';
  return null;
}

/** The `notification_url` field of every request that takes one. */
export function notificationUrlSchema(allowInsecure: boolean) {
  return z.string().superRefine((value, context) => {
    const problem = notificationUrlProblem(value, allowInsecure);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });
}
