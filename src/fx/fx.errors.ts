/** NOT_FOUND: no such quote, or another client's; OTHER_CURRENCY_PAIR: the client's, but for another pair than the order's. */
export type FxQuoteUnavailableReason =
  'NOT_FOUND' | 'OTHER_CURRENCY_PAIR' | 'EXPIRED' | 'LOCKED_TO_ANOTHER_ORDER' | 'ORDER_HAS_ANOTHER_QUOTE';

/** A quote cannot be locked to an order; a business answer, never worth a retry. */
export class FxQuoteUnavailableError extends Error {
  constructor(
    readonly quoteId: string,
    readonly reason: FxQuoteUnavailableReason,
  ) {
    super(`FX quote ${quoteId} cannot be locked: ${reason}`);
    this.name = 'FxQuoteUnavailableError';
  }
}
