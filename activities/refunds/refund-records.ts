import type { Env } from '../../src/config/env';
import { CurrencyCode, Decimal, formatAmount, PaymentCurrency } from '../../src/money';
import type { OrderRepository } from '../../src/orders/order.repository';
import { payoutDestinationOf } from '../../src/orders/payout-destination';
import { routeOf, type MovementRoute } from '../../src/rails/rails.port';
import type { RefundRepository } from '../../src/refunds/refund.repository';
import type { RefundFacts, RefundsState } from '../../src/refunds/refund-steps';

/** A refund's record: what the refunds workflow starts from, and the refund's row once it is taken. */
export function createRefundRecordActivities(deps: { env: Env; orders: OrderRepository; refunds: RefundRepository }) {
  const { env, orders, refunds } = deps;
  return {
    async loadRefunds({ orderId }: { orderId: string }): Promise<RefundsState> {
      const order = await orders.findById(orderId);
      const known = await refunds.forOrder(orderId);
      const localCurrency = order.localCurrency as PaymentCurrency;
      const userCurrency = order.userCurrency as CurrencyCode;
      return {
        facts: {
          orderId,
          payerClientId: order.payerClientId!,
          collectorClientId: order.collectorClientId,
          localCurrency,
          localTotal: formatAmount(new Decimal(order.localAmount!), localCurrency),
          userCurrency,
          debited: formatAmount(new Decimal(order.userAmount!), userCurrency),
          payoutReference: order.payoutReference ?? '',
          route: routeOf({
            country: order.localCountry as MovementRoute['country'],
            destination: payoutDestinationOf(order),
          }),
        },
        status: order.status,
        lastSeq: order.lastSeq,
        refunds: known.map((refund) => ({
          id: refund.id,
          seq: refund.seq,
          status: refund.status,
          amount: formatAmount(new Decimal(refund.localAmount), localCurrency),
        })),
        retryWindowMs: env.PAYOUT_RETRY_WINDOW,
      };
    },

    async createRefund(input: {
      refundId: string;
      seq: number;
      amount: string;
      reason: string | null;
      requestedByClientId: string;
      facts: RefundFacts;
    }): Promise<void> {
      await refunds.create({
        id: input.refundId,
        orderId: input.facts.orderId,
        requestedByClientId: input.requestedByClientId,
        seq: input.seq,
        localAmount: input.amount,
        localCurrency: input.facts.localCurrency,
        userCurrency: input.facts.userCurrency,
        reason: input.reason,
      });
    },
  };
}
