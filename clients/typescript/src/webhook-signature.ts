import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The callback signature, `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`.
 * Signing the timestamp with the body lets a receiver refuse replays of an old callback; the
 * `v1` label leaves room for a second scheme (or a rotated secret) beside the first.
 * The service signs and checks with this very file (src/notifications imports it), so the
 * client package and the service cannot disagree. It has no dependency but node:crypto, so
 * integrators can also copy it as it is.
 */
export const DEFAULT_SIGNATURE_TOLERANCE_SECONDS = 300;

function hmacHex(secret: string, rawBody: string, timestampSeconds: number): string {
  return createHmac('sha256', secret).update(`${timestampSeconds}.${rawBody}`, 'utf8').digest('hex');
}

export function signPayload(secret: string, rawBody: string, timestampSeconds: number): string {
  if (!Number.isSafeInteger(timestampSeconds) || timestampSeconds < 0) {
    throw new RangeError('timestampSeconds must be a non-negative integer of unix seconds');
  }
  return `t=${timestampSeconds},v1=${hmacHex(secret, rawBody, timestampSeconds)}`;
}

export interface VerifyOptions {
  /** How far `t` may be from now, either way, in seconds. */
  toleranceSeconds?: number;
  /** Unix seconds; defaults to the clock. */
  now?: number;
}

interface ParsedHeader {
  timestampSeconds: number;
  signatures: string[];
}

/**
 * Tolerant of spaces and of unknown schemes (skipped), so a receiver keeps working when a
 * new scheme is added; several `v1` entries are allowed (secret rotation). Exactly one `t`.
 */
function parseHeader(header: string): ParsedHeader | null {
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    const key = part.slice(0, separator).trim();
    const value = part.slice(separator + 1).trim();
    if (key === 't') {
      if (timestamp !== null || !/^\d{1,12}$/.test(value)) return null;
      timestamp = Number(value);
    } else if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) {
      signatures.push(value.toLowerCase());
    }
  }
  return timestamp === null || signatures.length === 0 ? null : { timestampSeconds: timestamp, signatures };
}

/** True when one `v1` of the header is the HMAC of this exact body and `t` is within tolerance. */
export function verifySignature(secret: string, rawBody: string, header: string, options: VerifyOptions = {}): boolean {
  const parsed = parseHeader(header);
  if (!parsed) return false;
  const tolerance = options.toleranceSeconds ?? DEFAULT_SIGNATURE_TOLERANCE_SECONDS;
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - parsed.timestampSeconds) > tolerance) return false;
  const expected = Buffer.from(hmacHex(secret, rawBody, parsed.timestampSeconds), 'hex');
  // Every candidate is compared, in constant time each, so timing reveals nothing about which matched.
  return parsed.signatures.reduce(
    (valid, candidate) => timingSafeEqual(expected, Buffer.from(candidate, 'hex')) || valid,
    false,
  );
}
