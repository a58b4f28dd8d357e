import type { Env } from '../src/config/env';
import { InsufficientFundsError } from '../src/ledger/ledger.errors';
import type { LedgerService } from '../src/ledger/ledger.service';
import { CurrencyCode, Decimal, formatAmount, PaymentCurrency, refundShare } from '../src/money';
import type { OrderRepository } from '../src/orders/order.repository';
import type { OrderStatus } from '../src/orders/order-status';
import { payoutDestinationOf } from '../src/orders/payout-destination';
import type { RefundStatus } from '../src/refunds/refund.entity';
import type { RefundRepository } from '../src/refunds/refund.repository';
import { INSUFFICIENT_FUNDS } from '../src/refunds/refund-rules';
import { RailsUnavailableError } from '../src/rails/rails.errors';
import { routeOf, type MovementOutcome, type MovementRoute, type Rails } from '../src/rails/rails.port';
import type { PayoutInquiry } from './order.activities';

export interface RefundActivityDeps {
  env: Env;
  orders: OrderRepository;
  refunds: RefundRepository;
  rails: Rails;
  ledger: LedgerService;
}

/** What the refunds workflow knows of the order it refunds. */
export interface RefundFacts {
  orderId: string;
  payerClientId: string;
  /** A collected order is refunded inside the service, from its collector's account. */
  collectorClientId: string | null;
  localCurrency: PaymentCurrency;
  /** The order's local total and what the payer was debited for it: decimal strings. */
  localTotal: string;
  userCurrency: CurrencyCode;
  debited: string;
  payoutReference: string;
  route: MovementRoute;
}

export interface KnownRefund {
  id: string;
  seq: number;
  status: RefundStatus;
  amount: string;
}

export interface RefundsState {
  facts: RefundFacts;
  status: OrderStatus;
  lastSeq: number;
  refunds: KnownRefund[];
  retryWindowMs: number;
}

export type RefundSettlement =
  | { kind: 'REFUNDED'; railReference: string; note?: string }
  | { kind: 'NOT_REFUNDED'; status: 'REJECTED' | 'FAILED'; errorCode: string; note?: string };

export interface SettleRefund {
  refundId: string;
  amount: string;
  /** The order change's seq, and the status it moves from. */
  seq: number;
  from: OrderStatus;
  /** Local amount refunded before this one. */
  refundedBefore: string;
  settlement: RefundSettlement;
  facts: RefundFacts;
}

/** A refund's steps, for the order's refunds workflow; each idempotent on the refund id or the order's seq. */
export function createRefundActivities({ env, orders, refunds, rails, ledger }: RefundActivityDeps) {
  /**
   * The refund's outcome, in the transaction of the order change that reports it: a refund
   * that went through credits the payer its pro-rata share of the debit (rounded down, and
   * exactly the rest when nothing remains) and, for a collected order, takes the amount back
   * from the collector; it moves the order to PARTIALLY_REFUNDED or REFUNDED. One that did not
   * leaves the order as it was. Either way the payer (and the collector) are notified.
   */
  async function settle(input: SettleRefund): Promise<{ status: OrderStatus; eventIds: string[]; refunded: boolean }> {
    const { refundId, amount, facts, settlement } = input;
    const refundedAfter = new Decimal(input.refundedBefore).plus(amount);
    const refunded = settlement.kind === 'REFUNDED';
    const to: OrderStatus = refunded ? (refundedAfter.gte(facts.localTotal) ? 'REFUNDED' : 'PARTIALLY_REFUNDED') : input.from;
    const applied = await orders.apply(
      {
        orderId: facts.orderId,
        seq: input.seq,
        from: input.from,
        to,
        notify: ['REFUND'],
        refund: { amount, errorCode: refunded ? null : settlement.errorCode },
        recordHistory: refunded,
        note: settlement.note,
      },
      async (tx) => {
        if (!refunded) {
          await refunds.settle(tx, refundId, { status: settlement.status, userAmount: null, railReference: null, errorCode: settlement.errorCode });
          return;
        }
        const share = refundShare({
          debited: new Decimal(facts.debited),
          localTotal: new Decimal(facts.localTotal),
          localRefundedBefore: new Decimal(input.refundedBefore),
          localRefundNow: new Decimal(amount),
          currency: facts.userCurrency,
        });
        if (facts.collectorClientId !== null) {
          await ledger.clawBack(`refund:${refundId}:clawback`, facts.collectorClientId, facts.localCurrency, new Decimal(amount), facts.orderId, tx);
        }
        // A tiny refund can be worth less than a minor unit of the payer's currency: nothing moves now, the last refund squares it.
        if (share.gt(0)) await ledger.credit(`refund:${refundId}:credit`, facts.payerClientId, facts.userCurrency, share, facts.orderId, tx);
        await refunds.settle(tx, refundId, {
          status: 'COMPLETED',
          userAmount: formatAmount(share, facts.userCurrency),
          railReference: settlement.railReference,
          errorCode: null,
        });
      },
    );
    return { status: applied.order.status, eventIds: applied.eventIds, refunded };
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
          route: routeOf({ country: order.localCountry as MovementRoute['country'], destination: payoutDestinationOf(order) }),
        },
        status: order.status,
        lastSeq: order.lastSeq,
        refunds: known.map((refund) => ({ id: refund.id, seq: refund.seq, status: refund.status, amount: formatAmount(new Decimal(refund.localAmount), localCurrency) })),
        retryWindowMs: env.PAYOUT_RETRY_WINDOW,
      };
    },

    async createRefund(input: { refundId: string; seq: number; amount: string; reason: string | null; requestedByClientId: string; facts: RefundFacts }): Promise<void> {
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
    async sendRefund({ refundId, amount, facts }: { refundId: string; amount: string; facts: RefundFacts }): Promise<MovementOutcome> {
      if (facts.collectorClientId !== null) {
        const account = (await ledger.balances(facts.collectorClientId)).find((balance) => balance.currency === facts.localCurrency);
        return account && account.available.gte(amount) ? { kind: 'COMPLETED', railReference: 'INTERNAL' } : { kind: 'FAILED', reason: INSUFFICIENT_FUNDS };
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

    async refundStatus({ refundId, facts }: { refundId: string; facts: RefundFacts }): Promise<PayoutInquiry> {
      try {
        return await rails.refunds.refundStatus({ refundId, route: facts.route });
      } catch (error) {
        if (error instanceof RailsUnavailableError) return { status: 'UNREACHABLE', reason: error.message };
        throw error;
      }
    },

    /** Settles a refund (see settle); a collector that can no longer cover it makes it FAILED instead. */
    async settleRefund(input: SettleRefund): Promise<{ status: OrderStatus; eventIds: string[]; refunded: boolean }> {
      const { settlement } = input;
      try {
        return await settle(input);
      } catch (error) {
        // The collector spent the money between the check and now: the refund does not go through.
        if (!(error instanceof InsufficientFundsError) || settlement.kind !== 'REFUNDED') throw error;
        return settle({ ...input, settlement: { kind: 'NOT_REFUNDED', status: 'FAILED', errorCode: INSUFFICIENT_FUNDS } });
      }
    },

  };
}

export type RefundActivities = ReturnType<typeof createRefundActivities>;
