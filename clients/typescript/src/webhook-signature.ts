import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The callback's `signature` header, `t=<unix seconds>,v1=<hex>,v2=<hex>`:
 * - `v2` is HMAC-SHA256(secret, "<t>.<event id>.<raw body>"): it covers the `x-event-id` (the
 *   `webhook-id`), so a captured callback resent under a new id no longer verifies.
 * - `v1` is HMAC-SHA256(secret, "<t>.<raw body>"), the first scheme, which does not cover the id.
 *   The service still sends it for a documented window (docs/decisions.md, "Callback signatures,
 *   scheme versions and secret rotation") so that receivers checking only `v1` keep working.
 * During a secret rotation each scheme appears once per secret. Signing the timestamp with the
 * body lets a receiver refuse replays of an old callback.
 * The service signs and checks with this very file (src/notifications imports it), so the
 * client package and the service cannot disagree. It has no dependency but node:crypto, so
 * integrators can also copy it as it is.
 */
export const DEFAULT_SIGNATURE_TOLERANCE_SECONDS = 300;

type Scheme = 'v1' | 'v2';

function signedContent(scheme: Scheme, timestampSeconds: number, rawBody: string, eventId: string): string {
  return scheme === 'v1' ? `${timestampSeconds}.${rawBody}` : `${timestampSeconds}.${eventId}.${rawBody}`;
}

function hmacHex(secret: string, content: string): string {
  return createHmac('sha256', secret).update(content, 'utf8').digest('hex');
}

function checkedTimestamp(timestampSeconds: number): number {
  if (!Number.isSafeInteger(timestampSeconds) || timestampSeconds < 0) {
    throw new RangeError('timestampSeconds must be a non-negative integer of unix seconds');
  }
  return timestampSeconds;
}

/** The `v1` form alone, `t=<unix>,v1=<hex>`: kept for receivers and tests of the first scheme. */
export function signPayload(secret: string, rawBody: string, timestampSeconds: number): string {
  const t = checkedTimestamp(timestampSeconds);
  return `t=${t},v1=${hmacHex(secret, signedContent('v1', t, rawBody, ''))}`;
}

export interface CallbackToSign {
  /** The `x-event-id` (and `webhook-id`) the callback is sent with. */
  eventId: string;
  rawBody: string;
  timestampSeconds: number;
}

export interface SignCallbackOptions {
  /** Whether the header also carries `v1` entries (the service: while the v1 window is open). Default true. */
  v1?: boolean;
}

/**
 * The `signature` header of a callback: `t`, then a `v1` (unless left out) and a `v2` for each
 * secret given, oldest first (several during a secret rotation's overlap).
 */
export function signCallback(
  secrets: string | readonly string[],
  callback: CallbackToSign,
  options: SignCallbackOptions = {},
): string {
  const t = checkedTimestamp(callback.timestampSeconds);
  const keys = typeof secrets === 'string' ? [secrets] : secrets;
  if (keys.length === 0) throw new RangeError('at least one secret is needed to sign');
  const schemes: Scheme[] = options.v1 === false ? ['v2'] : ['v1', 'v2'];
  const entries = schemes.flatMap((scheme) =>
    keys.map((key) => `${scheme}=${hmacHex(key, signedContent(scheme, t, callback.rawBody, callback.eventId))}`),
  );
  return [`t=${t}`, ...entries].join(',');
}

export interface VerifyOptions {
  /** How far `t` may be from now, either way, in seconds. */
  toleranceSeconds?: number;
  /** Unix seconds; defaults to the clock. */
  now?: number;
}

interface ParsedHeader {
  timestampSeconds: number;
  signatures: Record<Scheme, string[]>;
}

/**
 * Tolerant of spaces and of unknown schemes (skipped), so a receiver keeps working when a
 * new scheme is added; several entries of a scheme are allowed (secret rotation). Exactly one `t`.
 */
function parseHeader(header: string): ParsedHeader | null {
  let timestamp: number | null = null;
  const signatures: Record<Scheme, string[]> = { v1: [], v2: [] };
  for (const part of header.split(',')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    const key = part.slice(0, separator).trim();
    const value = part.slice(separator + 1).trim();
    if (key === 't') {
      if (timestamp !== null || !/^\d{1,12}$/.test(value)) return null;
      timestamp = Number(value);
    } else if ((key === 'v1' || key === 'v2') && /^[0-9a-f]{64}$/i.test(value)) {
      signatures[key].push(value.toLowerCase());
    }
  }
  return timestamp === null ? null : { timestampSeconds: timestamp, signatures };
}

function verifyScheme(
  secret: string,
  header: string,
  scheme: Scheme,
  rawBody: string,
  eventId: string,
  options: VerifyOptions,
): boolean {
  const parsed = parseHeader(header);
  if (!parsed || parsed.signatures[scheme].length === 0) return false;
  const tolerance = options.toleranceSeconds ?? DEFAULT_SIGNATURE_TOLERANCE_SECONDS;
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - parsed.timestampSeconds) > tolerance) return false;
  const expected = Buffer.from(
    hmacHex(secret, signedContent(scheme, parsed.timestampSeconds, rawBody, eventId)),
    'hex',
  );
  // Every candidate is compared, in constant time each, so timing reveals nothing about which matched.
  return parsed.signatures[scheme].reduce(
    (valid, candidate) => timingSafeEqual(expected, Buffer.from(candidate, 'hex')) || valid,
    false,
  );
}

/**
 * True when one `v1` of the header is the HMAC of this exact body and `t` is within tolerance.
 * `v1` does not cover the event id: a receiver that de-duplicates on `x-event-id` should use
 * verifyCallback instead. Kept for the v1 window.
 */
export function verifySignature(secret: string, rawBody: string, header: string, options: VerifyOptions = {}): boolean {
  return verifyScheme(secret, header, 'v1', rawBody, '', options);
}

export interface ReceivedCallback {
  /** The `x-event-id` header as received (the same value as `webhook-id`). */
  eventId: string;
  /** The body exactly as received, before any JSON parsing. */
  rawBody: string;
  /** The `signature` header as received. */
  signature: string;
}

/**
 * True when one `v2` of the `signature` header is the HMAC of this event id and this exact
 * body, and `t` is within tolerance. `v1` entries are never enough here: they do not cover the
 * id, so a header whose `v2` was stripped or whose id was changed is refused.
 */
export function verifyCallback(secret: string, callback: ReceivedCallback, options: VerifyOptions = {}): boolean {
  return verifyScheme(secret, callback.signature, 'v2', callback.rawBody, callback.eventId, options);
}

/**
 * The webhook secret in the form Standard Webhooks libraries take (`whsec_<base64 of its
 * bytes>`): the service signs `webhook-signature` with the UTF-8 bytes of the secret as given
 * to you, whatever its own text looks like.
 */
export function standardWebhooksSecret(secret: string): string {
  return `whsec_${Buffer.from(secret, 'utf8').toString('base64')}`;
}
