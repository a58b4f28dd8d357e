import type { ActivityOptions, LocalActivityOptions } from '@temporalio/workflow';

/** Errors no retry can cure: a broken invariant or a bug. They fail the step at once, visibly. */
export const NON_RETRYABLE = [
  'OrderTransitionError',
  'LedgerConflictError',
  'ReservationNotFoundError',
  'ReservationResolvedError',
  'CreditExceedsDebitError',
  'FxQuoteUnavailableError',
  'EntityNotFoundError',
  'MoneyError',
  'RangeError',
  'TypeError',
];

/**
 * Database steps, as local activities: each is one short transaction. Not bounded on purpose: a
 * step that gave up would strand a reservation, a refund half-recorded or a payment the rail
 * made, so a database outage is waited out (with back-off up to 30 s) rather than turned into
 * a wrong status.
 */
export const DATABASE_STEP: LocalActivityOptions = {
  startToCloseTimeout: '30 seconds',
  retry: {
    initialInterval: '500 ms',
    backoffCoefficient: 2,
    maximumInterval: '30 seconds',
    nonRetryableErrorTypes: NON_RETRYABLE,
  },
};

/**
 * A rail call. These activities turn every rail failure into an answer (an UNKNOWN outcome,
 * an UNREACHABLE inquiry), so a retry here only covers a crashed worker or a bug; the
 * workflow's own timers pace the asking. One rail call takes at most RAILS_TIMEOUT_MS.
 */
export const RAIL_CALL: ActivityOptions = {
  startToCloseTimeout: '15 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '10 seconds', maximumAttempts: 5 },
};

/** One callback delivery attempt; one that is not acknowledged goes to its long-retry workflow (72 h schedule). */
export const DELIVERY_ATTEMPT = { startToCloseTimeout: '15 seconds', retry: { maximumAttempts: 1 } } as const;
