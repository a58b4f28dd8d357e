import type { MovementInquiry, OrderFacts } from '../../src/orders/order-steps';
import { RailsUnavailableError } from '../../src/rails/rails.errors';
import { routeOf, type MovementOutcome } from '../../src/rails/rails.port';
import type { OrderActivityDeps } from './step-writes';

/** The payout at the rail: sent, and asked about while its outcome is unknown. */
export function createPayoutActivities({ rails }: Pick<OrderActivityDeps, 'rails'>) {
  return {
    /** Pays the merchant in local currency; the rail de-duplicates on the order id. Never guesses. */
    sendPayout({ orderId, facts }: { orderId: string; facts: OrderFacts }): Promise<MovementOutcome> {
      return rails.payouts.payout({
        payoutId: orderId,
        orderId,
        country: facts.localCountry,
        currency: facts.localCurrency,
        amount: facts.localAmount!,
        destination: facts.destination,
      });
    },

    /** Asks the rail what became of the order's payout. */
    async payoutStatus({ orderId, facts }: { orderId: string; facts: OrderFacts }): Promise<MovementInquiry> {
      try {
        return await rails.payouts.payoutStatus({
          payoutId: orderId,
          route: routeOf({ country: facts.localCountry, destination: facts.destination }),
        });
      } catch (error) {
        if (error instanceof RailsUnavailableError) return { status: 'UNREACHABLE', reason: error.message };
        throw error;
      }
    },
  };
}
