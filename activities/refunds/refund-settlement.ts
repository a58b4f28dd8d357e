import { InsufficientFundsError } from '../../src/ledger/ledger.errors';
import { enterRefundMovements } from '../../src/ledger/ledger-movements';
import type { LedgerService } from '../../src/ledger/ledger.service';
import { Decimal, formatAmount, refundShare } from '../../src/money';
import type { OrderRepository } from '../../src/orders/order.repository';
import type { RefundRepository } from '../../src/refunds/refund.repository';
import { refundStep } from '../../src/refunds/refund-lifecycle';
import type { RefundSettled, SettleRefund } from '../../src/refunds/refund-steps';
import { refundNotificationView } from '../../src/refunds/refund-views';

interface SettlementDeps {
  orders: OrderRepository;
  refunds: RefundRepository;
  ledger: LedgerService;
}

/** The payer's pro-rata share of the debit for a refund that went through (rounded down; at the end, the rest). */
function payerShare({ amount, facts, refundedBefore }: SettleRefund): Decimal {
  return refundShare({
    debited: new Decimal(facts.debited),
    localTotal: new Decimal(facts.localTotal),
    localRefundedBefore: new Decimal(refundedBefore),
    localRefundNow: new Decimal(amount),
    currency: facts.userCurrency,
  });
}

/**
 * The refund's outcome, in the transaction of the order change that reports it: the refund
 * lifecycle says what the refund becomes and which event it is to the order; the order's
 * lifecycle says what that writes and which ledger entries come with it. A refund that went
 * through credits the payer its pro-rata share of the debit (rounded down, and exactly the
 * rest when nothing remains). Either way the payer (and the collector) are notified.
 */
async function settle({ orders, refunds, ledger }: SettlementDeps, input: SettleRefund): Promise<RefundSettled> {
  const { refundId, amount, facts, settlement } = input;
  const step = refundStep(settlement.event, { total: facts.localTotal, refundedBefore: input.refundedBefore, amount });
  const share = step.refunded ? payerShare(input) : new Decimal(0);
  const applied = await orders.apply(
    {
      orderId: facts.orderId,
      seq: input.seq,
      event: step.orderEvent,
      note: settlement.note,
      bodies: {
        REFUND: (order, now) => refundNotificationView(order, { refundId, amount, errorCode: step.errorCode }, now),
      },
    },
    async (tx, _order, orderStep) => {
      const { orderId, payerClientId, collectorClientId, localCurrency, userCurrency } = facts;
      const money = { orderId, refundId, payerClientId, collectorClientId, localCurrency, userCurrency, share, amount };
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

/** A refund's settlement: written once, with the ledger entries and the callbacks it implies. */
export function createRefundSettlementActivities(deps: SettlementDeps) {
  return {
    /** Settles a refund (see settle); a collector that can no longer cover it is the lifecycle's COLLECTOR_SHORT. */
    async settleRefund(input: SettleRefund): Promise<RefundSettled> {
      try {
        return await settle(deps, input);
      } catch (error) {
        // The collector spent the money between the check and now: the refund does not go through.
        if (!(error instanceof InsufficientFundsError)) throw error;
        return settle(deps, { ...input, settlement: { event: 'COLLECTOR_SHORT' } });
      }
    },
  };
}
