import { isIP } from 'node:net';
import { z } from 'zod';
import { DNS_LABEL } from '../http/text-input';
import { isPublicAddress } from './public-address';
import { isValidPunycodeLabel } from './punycode-label';

/** The spec's limit on `notification_url`. */
export const NOTIFICATION_URL_MAX_LENGTH = 250;

// A last label that starts with a letter: WHATWG's URL parser reads any other as an IPv4 number.
const TOP_LABEL = '[A-Za-z](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const OCTET = '(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])';
const H16 = '[0-9A-Fa-f]{1,4}';
// RFC 4291's textual forms in hexadecimal (a "::" standing for one run of zero groups or more).
const IPV6 = [
  `(?:${H16}:){7}${H16}`,
  `(?:${H16}:){1,7}:`,
  `(?:${H16}:){1,6}:${H16}`,
  `(?:${H16}:){1,5}(?::${H16}){1,2}`,
  `(?:${H16}:){1,4}(?::${H16}){1,3}`,
  `(?:${H16}:){1,3}(?::${H16}){1,4}`,
  `(?:${H16}:){1,2}(?::${H16}){1,5}`,
  `${H16}:(?::${H16}){1,6}`,
  `:(?:(?::${H16}){1,7}|:)`,
].join('|');
const HOST = `(?:(?:${DNS_LABEL}\\.)*${TOP_LABEL}\\.?|${OCTET}(?:\\.${OCTET}){3}|\\[(?:${IPV6})\\])`;
const PORT = '(?::(?:6553[0-5]|655[0-2][0-9]|65[0-4][0-9]{2}|6[0-4][0-9]{3}|[1-5][0-9]{4}|[0-9]{1,4}))?';
const PCHAR = "(?:[A-Za-z0-9._~!$&'()*+,;=:@-]|%[0-9A-Fa-f]{2})";

/**
 * The URLs the API takes as `notification_url`: absolute http or https, in RFC 3986's ASCII
 * characters (anything else percent-encoded), a host that is a DNS name, a dotted IPv4 address
 * or a bracketed hexadecimal IPv6 address, a port up to 65535, no credentials; a label in punycode
 * (`xn--`) must also be valid punycode (punycode-label.ts), which no pattern can check. Published as the field's
 * `pattern` beside `format: uri`, so that an RFC 3986 validator and WHATWG's URL parser (which
 * accepts spaces, backslashes and port 99999 where RFC 3986 does not, and the other way round)
 * agree on every URL the pattern admits.
 */
export const NOTIFICATION_URL_PATTERN = new RegExp(
  `^[Hh][Tt][Tt][Pp][Ss]?://${HOST}${PORT}(?:/${PCHAR}*)*(?:\\?(?:${PCHAR}|[/?])*)?(?:#(?:${PCHAR}|[/?])*)?$`,
);

/**
 * The URL's own text names a place a callback must never reach in production (server-side
 * request forgery): a literal address that is not public, or a localhost name. Other names
 * are not resolved here, in request validation: the answer could change before delivery,
 * where the address actually connected to is checked (publicOnlyLookup).
 */
function namesNonPublicHost(hostname: string): boolean {
  // A trailing dot is the same name, fully qualified: `localhost.` is localhost.
  const host = hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  return isIP(host) !== 0 && !isPublicAddress(host);
}

/** The host's labels written in punycode (an internationalised name's ASCII form). */
function punycodeLabels(value: string): string[] {
  const host = /^[A-Za-z]+:\/\/([^/?#]*)/.exec(value)?.[1] ?? '';
  return host.split('.').filter((label) => label.toLowerCase().startsWith('xn--'));
}

/**
 * Why a callback URL is refused, or null when it may be used. `allowInsecure`
 * (ALLOW_INSECURE_CALLBACKS) admits http and internal addresses for the sandbox and tests.
 */
export function notificationUrlProblem(value: string, allowInsecure: boolean): string | null {
  if (value.length > NOTIFICATION_URL_MAX_LENGTH) return `must be at most ${NOTIFICATION_URL_MAX_LENGTH} characters`;
  // The pattern admits any `xn--` label: whether it is punycode is checked here.
  const labels = punycodeLabels(value);
  if (!labels.every(isValidPunycodeLabel)) return 'must name a host whose xn-- labels are valid punycode';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return labels.length > 0 ? 'must name a host whose xn-- labels are valid punycode' : 'must be an absolute URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be an https URL';
  // Credentials would be stored, listed back and sent as-is: a secret has no place in this field.
  if (url.username || url.password) return 'must not contain credentials';
  if (allowInsecure) return null;
  if (url.protocol !== 'https:') return 'must be an https URL';
  if (namesNonPublicHost(url.hostname)) return 'must not point to a loopback, private or other non-public address';
  return null;
}

/**
 * The `notification_url` field of every request that takes one: what every environment
 * requires, stated in the document as `format: uri` and NOTIFICATION_URL_PATTERN. Whether plain
 * http and internal hosts are allowed depends on ALLOW_INSECURE_CALLBACKS, which the service
 * checks next (notificationUrlProblem, a 400 naming the field).
 */
export const notificationUrlField = z
  .string()
  .max(NOTIFICATION_URL_MAX_LENGTH)
  .superRefine((value, context) => {
    const problem = NOTIFICATION_URL_PATTERN.test(value)
      ? notificationUrlProblem(value, true)
      : 'must be an absolute http or https URL in ASCII (percent-encode the rest), without credentials';
    if (problem) context.addIssue({ code: 'custom', message: problem });
  })
  .meta({ format: 'uri', pattern: NOTIFICATION_URL_PATTERN.source })
  .describe(
    'Where callbacks go. The sandbox takes http and https to any host; production only https to a public address. A host label in punycode (xn--) must also be valid punycode, which the pattern does not check',
  );
