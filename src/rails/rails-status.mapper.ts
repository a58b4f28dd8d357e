import { RAILS_DECLINE_CODES, type RailsDeclineCode } from './rails.errors';

export type WireOutcome =
  { kind: 'ok' } | { kind: 'declined'; code: RailsDeclineCode } | { kind: 'unavailable'; reason: string };

/** 422 carries the rail's own reason; one we do not know still must not be retried. */
function unprocessableCode(bodyCode: string | undefined): RailsDeclineCode {
  const known = RAILS_DECLINE_CODES.find((code) => code === bodyCode);
  return known ?? 'UNPROCESSABLE';
}

/**
 * Decides retry versus business answer from the HTTP status alone, so that a body we cannot
 * parse never turns a transient failure into a permanent one. Anything unlisted is treated
 * as unavailable: retrying an idempotent call is safe, declining a payment by mistake is not.
 */
export function mapWireStatus(status: number, bodyCode?: string): WireOutcome {
  switch (status) {
    case 200:
    case 201:
      return { kind: 'ok' };
    case 400:
      return { kind: 'declined', code: 'INVALID_REQUEST' };
    case 404:
      // Only the rail's own "not found" is an answer; a 404 without it (a wrong RAILS_URL path,
      // a proxy) says nothing about the key and is retried.
      return bodyCode === 'KEY_NOT_FOUND'
        ? { kind: 'declined', code: 'KEY_NOT_FOUND' }
        : { kind: 'unavailable', reason: `not found (404, ${bodyCode ?? 'no rail code'})` };
    case 409:
      return { kind: 'declined', code: 'IDEMPOTENCY_CONFLICT' };
    case 422:
      return { kind: 'declined', code: unprocessableCode(bodyCode) };
    case 429:
      return { kind: 'unavailable', reason: 'rate limited (429)' };
    default:
      return status >= 500 && status <= 599
        ? { kind: 'unavailable', reason: `server error (${status})` }
        : { kind: 'unavailable', reason: `unexpected status ${status}` };
  }
}
