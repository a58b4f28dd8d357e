import { createHash } from 'node:crypto';

/** What a key remembers of the request it was first used for. */
export interface RequestFingerprint {
  /** The route's path parameters: the same body sent to another order is another request. */
  params?: Record<string, string>;
  /** The body's bytes exactly as received. */
  body?: Buffer;
}

/**
 * SHA-256 (hex) of the path parameters and the raw body bytes. Hashing bytes rather than the
 * parsed JSON costs nothing whatever the body's shape (a recursive walk of a deeply nested
 * body overflows the stack) and is what a retry sends: the same bytes again.
 */
export function requestHash({ params = {}, body }: RequestFingerprint): string {
  // Express keeps the route's own parameter order, so the same route always serialises alike.
  return createHash('sha256')
    .update(JSON.stringify(params))
    .update('\0')
    .update(body ?? Buffer.alloc(0))
    .digest('hex');
}
