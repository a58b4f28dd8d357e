import { z } from 'zod';

/**
 * A character String.prototype.trim keeps: anything but ECMAScript's WhiteSpace and
 * LineTerminator. Spelled out rather than `\S`, because the pattern is published in the
 * OpenAPI document and other languages' `\s` differ (Python's takes \x1c-\x1f and \x85, not
 * \ufeff): with an explicit class every validator draws the same line the service does.
 */
const NOT_BLANK = /[^\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]/;

/**
 * One DNS label: letters, digits and inner hyphens, at most 63 characters (RFC 1123). The domain
 * part of an e-mail and a callback URL's host are made of these.
 */
export const DNS_LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';

/**
 * A free-text field: at most `maxLength` characters as sent, not blank, stored trimmed. The
 * length is checked before trimming so that the rule is exactly what the document says
 * (`maxLength`, `pattern`), with nothing a client could only learn by being refused.
 */
export const text = (maxLength: number) => z.string().max(maxLength).regex(NOT_BLANK, 'must not be blank').trim();
