import type { Env } from '../src/config/env';
import { InsufficientFundsError } from '../src/ledger/ledger.errors';
import { enterRefundMovements } from '../src/ledger/ledger-movements';
import type { LedgerService } from '../src/ledger/ledger.service';
import { CurrencyCode, Decimal, formatAmount, PaymentCurrency, refundShare } from '../src/money';
import type { OrderRepository } from '../src/orders/order.repository';
import type { MovementInquiry } from '../src/orders/order-steps';
import { payoutDestinationOf } from '../src/orders/payout-destination';
import { RailsUnavailableError } from '../src/rails/rails.errors';
import { routeOf, type MovementOutcome, type MovementRoute, type Rails } from '../src/rails/rails.port';
import type { RefundRepository } from '../src/refunds/refund.repository';
import { INSUFFICIENT_FUNDS, refundStep } from '../src/refunds/refund-lifecycle';
import type { RefundFacts, RefundSettled, RefundsState, SettleRefund } from '../src/refunds/refund-steps';
import { refundNotificationView } from '../src/refunds/refund-views';

export interface RefundActivityDeps {
  env: Env;
  orders: OrderRepository;
  refunds: RefundRepository;
  rails: Rails;
  ledger: LedgerService;
}

/** A refund's steps, for the order's refunds workflow; each idempotent on the refund id or the order's seq. */
export function createRefundActivities({ env, orders, refunds, rails, ledger }: RefundActivityDeps) {
  /**
   * The refund's outcome, in the transaction of the order change that reports it: the refund
   * lifecycle says what the refund becomes and which event it is to the order; the order's
   * lifecycle says what that writes and which ledger entries come with it. A refund that went
   * through credits the payer its pro-rata share of the debit (rounded down, and exactly the
   * rest when nothing remains). Either way the payer (and the collector) are notified.
   */
  async function settle(input: SettleRefund): Promise<RefundSettled> {
    const { refundId, amount, facts, settlement } = input;
    const step = refundStep(settlement.event, {
      total: facts.localTotal,
      refundedBefore: input.refundedBefore,
      amount,
    });
    const share = step.refunded
      ? refundShare({
          debited: new Decimal(facts.debited),
          localTotal: new Decimal(facts.localTotal),
          localRefundedBefore: new Decimal(input.refundedBefore),
          localRefundNow: new Decimal(amount),
          currency: facts.userCurrency,
        })
      : new Decimal(0);
    const applied = await orders.apply(
      {
        orderId: facts.orderId,
        seq: input.seq,
        event: step.orderEvent,
        note: settlement.note,
        bodies: { REFUND: (order, now) => refundNotificationView(order, { amount, errorCode: step.errorCode }, now) },
      },
      async (tx, _order, orderStep) => {
        const { orderId, payerClientId, collectorClientId, localCurrency, userCurrency } = facts;
        const money = {
          orderId,
          refundId,
          payerClientId,
          collectorClientId,
          localCurrency,
          userCurrency,
          share,
          amount,
        };
        await enterRefundMovements(ledger, orderStep.ledger, money, tx);
        await refunds.settle(tx, refundId, {
          status: step.status,
          userAmount: step.refunded ? formatAmount(share, facts.userCurrency) : null,
          railReference: step.refunded ? (settlement.railReference ?? null) : null,
          errorCode: step.errorCode,
        });
      },
    );
    return { status: applied.order.status, eventIds: applied.eventIds, refunded: step.refunded };
  }

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

    /** Settles a refund (see settle); a collector that can no longer cover it is the lifecycle's COLLECTOR_SHORT instead. */
    async settleRefund(input: SettleRefund): Promise<RefundSettled> {
      try {
        return await settle(input);
      } catch (error) {
        // The collector spent the money between the check and now: the refund does not go through.
        if (!(error instanceof InsufficientFundsError)) throw error;
        return settle({ ...input, settlement: { event: 'COLLECTOR_SHORT' } });
      }
    },
  };
}

export type RefundActivities = ReturnType<typeof createRefundActivities>;
