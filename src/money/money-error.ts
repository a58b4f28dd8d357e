export type MoneyErrorCode =
  | 'INVALID_AMOUNT'
  | 'TOO_MANY_DECIMALS'
  | 'NOT_POSITIVE'
  | 'AMOUNT_TOO_LARGE'
  | 'UNSUPPORTED_CURRENCY'
  | 'UNSUPPORTED_COUNTRY';

/**
 * A problem with money data supplied by a caller of the API (maps to HTTP 400). Broken
 * invariants inside the engine throw RangeError instead, so they surface as bugs, not as 400s.
 */
export class MoneyError extends Error {
  override readonly name = 'MoneyError';

  constructor(
    readonly code: MoneyErrorCode,
    message: string,
  ) {
    super(message);
  }
}
