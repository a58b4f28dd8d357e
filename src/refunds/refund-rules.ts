import { Decimal } from '../money';
import type { OrderStatus } from '../orders/order-status';

/** Why a collected order's refund did not go through: its collector no longer holds the amount. */
export const INSUFFICIENT_FUNDS = 'INSUFFICIENT_FUNDS';

/** The order statuses a refund may start from. */
export const REFUNDABLE_STATUSES: readonly OrderStatus[] = ['COMPLETED', 'PARTIALLY_REFUNDED'];

export type RefundRejection = 'INVALID_STATUS' | 'AMOUNT_EXCEEDS_REFUNDABLE';

/** An order's refunds as they stand: local amounts, decimal strings. */
export interface RefundLedger {
  total: string;
  /** Refunds that went through. */
  refunded: string;
  /** Refunds asked for and not yet settled: they hold their amount until they are. */
  held: string;
}

export function remainingOf({ total, refunded, held }: RefundLedger): Decimal {
  return new Decimal(total).minus(refunded).minus(held);
}

/**
 * Whether a refund of `amount` may be asked for now. Pure, so the API's pre-check and the
 * refunds workflow's update validator (which serializes concurrent requests) decide alike.
 */
export function refundRejection(status: OrderStatus, ledger: RefundLedger, amount: Decimal): RefundRejection | null {
  if (!REFUNDABLE_STATUSES.includes(status)) return 'INVALID_STATUS';
  return amount.gt(remainingOf(ledger)) ? 'AMOUNT_EXCEEDS_REFUNDABLE' : null;
}

/** After a refund went through: REFUNDED when nothing is left, else PARTIALLY_REFUNDED. */
export function statusAfterRefund(total: string, refunded: string): 'REFUNDED' | 'PARTIALLY_REFUNDED' {
  return new Decimal(refunded).gte(total) ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
}
