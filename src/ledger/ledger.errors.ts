import type { Decimal } from '../money';

export type LedgerErrorCode =
  | 'INSUFFICIENT_FUNDS'
  | 'EXISTS_WITH_DIFFERENT_PARAMETERS'
  | 'RESERVATION_NOT_FOUND'
  | 'RESERVATION_ALREADY_RESOLVED'
  | 'CREDIT_EXCEEDS_DEBIT';

/**
 * A business answer from the ledger: retrying the same operation gives the same answer, so
 * none of these is retryable. Names are set explicitly so that Temporal's
 * `nonRetryableErrorTypes` keeps matching after bundling or minifying.
 */
export abstract class LedgerError extends Error {
  abstract readonly code: LedgerErrorCode;
}

/** The available balance does not cover a reservation; nothing was written. */
export class InsufficientFundsError extends LedgerError {
  readonly code = 'INSUFFICIENT_FUNDS';

  constructor(
    readonly clientId: string,
    readonly currency: string,
    readonly available: Decimal,
    readonly requested: Decimal,
  ) {
    super(`Client ${clientId} has ${available.toFixed()} ${currency} available, ${requested.toFixed()} requested`);
    this.name = 'InsufficientFundsError';
  }
}

/** An operation id was already used with other parameters (TigerBeetle's `exists_with_different_*`). */
export class LedgerConflictError extends LedgerError {
  readonly code = 'EXISTS_WITH_DIFFERENT_PARAMETERS';

  constructor(
    readonly operationId: string,
    readonly differentFields: readonly string[],
  ) {
    super(`Operation ${operationId} already exists with a different ${differentFields.join(', ')}`);
    this.name = 'LedgerConflictError';
  }
}

export class ReservationNotFoundError extends LedgerError {
  readonly code = 'RESERVATION_NOT_FOUND';

  constructor(readonly reserveOperationId: string) {
    super(`No reservation with operation id ${reserveOperationId}`);
    this.name = 'ReservationNotFoundError';
  }
}

/** A reservation is committed or released once; the other outcome, or a second one, is refused. */
export class ReservationResolvedError extends LedgerError {
  readonly code = 'RESERVATION_ALREADY_RESOLVED';

  constructor(
    readonly reserveOperationId: string,
    readonly resolution: 'COMMIT' | 'RELEASE',
    readonly resolvedBy: string,
  ) {
    super(`Reservation ${reserveOperationId} was already resolved by ${resolution} ${resolvedBy}`);
    this.name = 'ReservationResolvedError';
  }
}

/** Refund credits for a reference may never exceed what was committed (debited) for it. */
export class CreditExceedsDebitError extends LedgerError {
  readonly code = 'CREDIT_EXCEEDS_DEBIT';

  constructor(
    readonly reference: string,
    readonly refundable: Decimal,
    readonly requested: Decimal,
  ) {
    super(`Only ${refundable.toFixed()} can still be credited for ${reference}, ${requested.toFixed()} requested`);
    this.name = 'CreditExceedsDebitError';
  }
}
