import type { LedgerService } from '../../src/ledger/ledger.service';
import type { MovementInquiry } from '../../src/orders/order-steps';
import { RailsUnavailableError } from '../../src/rails/rails.errors';
import type { MovementOutcome, Rails } from '../../src/rails/rails.port';
import { INSUFFICIENT_FUNDS } from '../../src/refunds/refund-lifecycle';
import type { RefundFacts } from '../../src/refunds/refund-steps';

/** The refund at the rail that paid the merchant (or, for a collection, in its collector's account). */
export function createRefundRailActivities({ rails, ledger }: { rails: Rails; ledger: LedgerService }) {
  return {
    /**
     * Returns the money at the rail that paid the merchant; never guesses, like a payout. A
     * collected order's money never left the service: its collector must hold the amount.
     */
    async sendRefund({
      refundId,
      amount,
      facts,
    }: {
      refundId: string;
      amount: string;
      facts: RefundFacts;
    }): Promise<MovementOutcome> {
      if (facts.collectorClientId !== null) {
        const account = (await ledger.balances(facts.collectorClientId)).find(
          (balance) => balance.currency === facts.localCurrency,
        );
        return account && account.available.gte(amount)
          ? { kind: 'COMPLETED', railReference: 'INTERNAL' }
          : { kind: 'FAILED', reason: INSUFFICIENT_FUNDS };
      }
      return rails.refunds.refund({
        refundId,
        orderId: facts.orderId,
        payoutReference: facts.payoutReference,
        amount,
        currency: facts.localCurrency,
        route: facts.route,
      });
    },

    async refundStatus({ refundId, facts }: { refundId: string; facts: RefundFacts }): Promise<MovementInquiry> {
      try {
        return await rails.refunds.refundStatus({ refundId, route: facts.route });
      } catch (error) {
        if (error instanceof RailsUnavailableError) return { status: 'UNREACHABLE', reason: error.message };
        throw error;
      }
    },
  };
}
