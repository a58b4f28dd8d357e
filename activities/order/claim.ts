import { ApplicationFailure } from '@temporalio/activity';
import { convert, CurrencyCode, Decimal, formatAmount } from '../../src/money';
import { DuplicateOrderError } from '../../src/orders/order.repository';
import type { ClaimInput, ClaimResult } from '../../src/orders/order-steps';
import { factsOf, resultOf, type OrderActivityDeps } from './step-writes';

/** A collection's claim: the client that scanned its QR becomes its payer. */
export function createClaimActivities({ orders, fx }: Pick<OrderActivityDeps, 'orders' | 'fx'>) {
  return {
    /**
     * A client scanned a collection's QR: it becomes the payer, with its own reference and
     * callback URL, and gets the preview. A known amount is priced with the API's quote, locked
     * here.
     */
    async claimOrder({ orderId, seq, claim, facts }: ClaimInput): Promise<ClaimResult> {
      const userCurrency = claim.userCurrency as CurrencyCode;
      // The quote must be the claiming client's, for the order's currency to the one it pays in.
      const use = { orderId, clientId: claim.payerClientId, base: facts.localCurrency, target: userCurrency };
      const priced =
        claim.fxQuoteId === null || facts.localAmount === null
          ? null
          : { quote: await fx.lockToOrder(claim.fxQuoteId, use), localAmount: new Decimal(facts.localAmount) };
      const userAmount = priced
        ? formatAmount(convert(priced.localAmount, priced.quote.rate, userCurrency), userCurrency)
        : null;
      try {
        const applied = await orders.apply({
          orderId,
          seq,
          event: 'CLAIMED',
          patch: {
            payerClientId: claim.payerClientId,
            externalReference: claim.externalReference,
            notificationUrl: claim.notificationUrl,
            payer: claim.payer,
            userCurrency,
            ...(priced ? { userAmount, fxQuoteId: priced.quote.id, fxRate: priced.quote.rate.toFixed() } : {}),
          },
        });
        return {
          ...resultOf(applied),
          recorded: { facts: factsOf(applied.order), externalReference: applied.order.externalReference },
        };
      } catch (error) {
        // The payer already names another order with this reference: the claim is refused, the QR stays open.
        if (error instanceof DuplicateOrderError)
          throw ApplicationFailure.nonRetryable(error.message, 'DUPLICATE_REFERENCE');
        throw error;
      }
    },
  };
}
