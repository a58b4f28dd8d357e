import type { EntityManager } from 'typeorm';
import { Decimal, type CurrencyCode } from '../money';
import type { LedgerService } from './ledger.service';

/**
 * The ledger entries a payment's steps make, and what each is in the ledger: the one place that
 * maps a movement to a LedgerService call, for the order's activities and the refunds' alike.
 * Which movements a step makes is the order's lifecycle's to say (LEDGER_MOVEMENTS in
 * src/orders/lifecycle); the ledger sits on a floor below the orders, so it names the movements
 * itself, and an activity that hands it one the ledger does not know fails to compile.
 */
export type OrderMovement = 'RESERVE' | 'COMMIT' | 'COLLECT' | 'RELEASE';
export type RefundMovement = 'CLAW_BACK' | 'REFUND_CREDIT';
export type LedgerMovement = OrderMovement | RefundMovement;

/** An order's money: the payer's in its own currency, a collection's collector's in the local one (decimal strings). */
export interface OrderMoney {
  orderId: string;
  payerClientId: string | null;
  userCurrency: CurrencyCode;
  userAmount: string | null;
  collectorClientId: string | null;
  localCurrency: CurrencyCode;
  localAmount: string | null;
}

/** A refund of an order: its local amount, taken back from a collector, and the payer's share of it. */
export interface RefundMoney {
  orderId: string;
  refundId: string;
  payerClientId: string;
  userCurrency: CurrencyCode;
  /** The payer's pro-rata share, in its currency. */
  share: Decimal;
  collectorClientId: string | null;
  localCurrency: CurrencyCode;
  /** Decimal string, in the order's local currency. */
  amount: string;
}

type Entry<Money> = (ledger: LedgerService, money: Money, tx: EntityManager) => Promise<unknown>;

const reserveOperation = (orderId: string) => `order:${orderId}:reserve`;

/** An order's own entries: the payer's funds held on acceptance, then committed (a collector credited) or released. */
const ORDER_ENTRIES: Record<OrderMovement, Entry<OrderMoney>> = {
  RESERVE: (ledger, order, tx) =>
    ledger.reserve(
      reserveOperation(order.orderId),
      order.payerClientId!,
      order.userCurrency,
      new Decimal(order.userAmount!),
      order.orderId,
      tx,
    ),
  COMMIT: (ledger, { orderId }, tx) => ledger.commit(`order:${orderId}:commit`, reserveOperation(orderId), tx),
  COLLECT: (ledger, order, tx) =>
    ledger.collect(
      `order:${order.orderId}:collect`,
      order.collectorClientId!,
      order.localCurrency,
      new Decimal(order.localAmount!),
      order.orderId,
      tx,
    ),
  RELEASE: (ledger, { orderId }, tx) => ledger.release(`order:${orderId}:release`, reserveOperation(orderId), tx),
};

/** A refund's entries: the collector's amount taken back, the payer's share credited. */
const REFUND_ENTRIES: Record<RefundMovement, Entry<RefundMoney>> = {
  CLAW_BACK: (ledger, refund, tx) =>
    ledger.clawBack(
      `refund:${refund.refundId}:clawback`,
      refund.collectorClientId!,
      refund.localCurrency,
      new Decimal(refund.amount),
      refund.orderId,
      tx,
    ),
  // A tiny refund can be worth less than a minor unit of the payer's currency: nothing moves now,
  // the last refund squares it.
  REFUND_CREDIT: (ledger, refund, tx) =>
    refund.share.gt(0)
      ? ledger.credit(
          `refund:${refund.refundId}:credit`,
          refund.payerClientId,
          refund.userCurrency,
          refund.share,
          refund.orderId,
          tx,
        )
      : Promise.resolve(),
};

/**
 * Makes `movements` in the order given, in the step's transaction. A movement that is not the
 * subject's own (a refund's entry in an order's step, or the reverse) is a broken lifecycle
 * table: it fails the step, after the movements listed before it, whose transaction rolls back.
 */
async function enterEach<Money>(
  entries: Partial<Record<LedgerMovement, Entry<Money>>>,
  whose: string,
  ledger: LedgerService,
  movements: readonly LedgerMovement[],
  money: Money,
  tx: EntityManager,
): Promise<void> {
  for (const movement of movements) {
    const entry = entries[movement];
    if (!entry) throw new Error(`${movement} is not an entry of ${whose}`);
    await entry(ledger, money, tx);
  }
}

/** An order step's ledger entries (acceptance, settlement), as its lifecycle step lists them. */
export function enterOrderMovements(
  ledger: LedgerService,
  movements: readonly LedgerMovement[],
  order: OrderMoney,
  tx: EntityManager,
) {
  return enterEach(ORDER_ENTRIES, "an order's steps", ledger, movements, order, tx);
}

/** A settled refund's ledger entries, as the order step it reports lists them. */
export function enterRefundMovements(
  ledger: LedgerService,
  movements: readonly LedgerMovement[],
  refund: RefundMoney,
  tx: EntityManager,
) {
  return enterEach(REFUND_ENTRIES, 'a refund', ledger, movements, refund, tx);
}
