export type FxQuoteUnavailableReason = 'NOT_FOUND' | 'EXPIRED' | 'LOCKED_TO_ANOTHER_ORDER' | 'ORDER_HAS_ANOTHER_QUOTE';

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
