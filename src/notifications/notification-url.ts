import { isIP } from 'node:net';
import { z } from 'zod';
import { isPublicAddress } from './public-address';

/** The spec's limit on `notification_url`. */
export const NOTIFICATION_URL_MAX_LENGTH = 250;

/**
 * The URL's own text names a place a callback must never reach in production (server-side
 * request forgery): a literal address that is not public, or a localhost name. Other names
 * are not resolved here, in request validation: the answer could change before delivery,
 * where the address actually connected to is checked (publicOnlyLookup).
 */
function namesNonPublicHost(hostname: string): boolean {
  // A trailing dot is the same name, fully qualified: `localhost.` is localhost.
  const host = hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  return isIP(host) !== 0 && !isPublicAddress(host);
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
  // Credentials would be stored, listed back and sent as-is: a secret has no place in this field.
  if (url.username || url.password) return 'must not contain credentials';
  if (allowInsecure) return null;
  if (url.protocol !== 'https:') return 'must be an https URL';
  if (namesNonPublicHost(url.hostname)) return 'must not point to a loopback, private or other non-public address';
  return null;
}

/** The `notification_url` field of every request that takes one. */
export function notificationUrlSchema(allowInsecure: boolean) {
  return z.string().superRefine((value, context) => {
    const problem = notificationUrlProblem(value, allowInsecure);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });
}
