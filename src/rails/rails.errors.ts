import type { DeclaresUnavailability } from '../infra/unavailable';

/**
 * Two kinds of rail failure, because callers must treat them oppositely: an unavailable rail
 * is retried (every rail call is idempotent), a declined request is a business answer that a
 * retry would only repeat. The names are set explicitly so that Temporal's
 * `nonRetryableErrorTypes: ['RailsDeclinedError']` keeps matching after bundling or minifying.
 */
export abstract class RailsError extends Error {
  abstract readonly retryable: boolean;
}

/** Timeout, connection refused, 429, 5xx, or an answer we cannot understand. */
export class RailsUnavailableError extends RailsError implements DeclaresUnavailability {
  readonly retryable = true;
  readonly unavailability = 'UPSTREAM_ERROR';

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RailsUnavailableError';
  }
}

export const RAILS_DECLINE_CODES = [
  'KEY_NOT_FOUND',
  'IDEMPOTENCY_CONFLICT',
  'INVALID_REQUEST',
  'WALLET_NOT_FOUND',
  'UNKNOWN_PAYOUT_REFERENCE',
  'UNPROCESSABLE',
] as const;
export type RailsDeclineCode = (typeof RAILS_DECLINE_CODES)[number];

export class RailsDeclinedError extends RailsError {
  readonly retryable = false;

  constructor(
    readonly code: RailsDeclineCode,
    message: string,
  ) {
    super(message);
    this.name = 'RailsDeclinedError';
  }
}
