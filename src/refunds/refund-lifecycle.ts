import { Decimal } from '../money/decimal';
import { type OrderEvent, type OrderStatus, REFUNDABLE_STATUSES, statusAfter } from '../orders/lifecycle';

/**
 * A refund's lifecycle, as the order's is in src/orders/lifecycle: its statuses, what settles
 * it, and what its settlement does to the order it refunds. Pure, so the refunds workflow, its
 * activities and the API's pre-check ask the same module. Refunds read orders; orders know
 * nothing of refunds beyond the order events a refund's outcome names.
 */

/**
 * PENDING until the rail's answer is known (asked again while unknown); COMPLETED once the rail
 * refunded and the payer was credited; REJECTED or FAILED when the rail definitely did not refund.
 */
export const REFUND_STATUSES = ['PENDING', 'COMPLETED', 'REJECTED', 'FAILED'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** Why a collected order's refund did not go through: its collector no longer holds the amount. */
export const INSUFFICIENT_FUNDS = 'INSUFFICIENT_FUNDS';

/** What settles a pending refund: the rail's definite answer, the collector's account, or an operator's word. */
export const REFUND_EVENTS = [
  'RAIL_REFUNDED',
  'RAIL_REJECTED',
  'RAIL_FAILED',
  'COLLECTOR_SHORT',
  'OPERATOR_REFUNDED',
  'OPERATOR_NOT_REFUNDED',
] as const;
export type RefundEvent = (typeof REFUND_EVENTS)[number];

export interface RefundTransition {
  event: RefundEvent;
  from: 'PENDING';
  to: Exclude<RefundStatus, 'PENDING'>;
  /** Why it did not go through; null for a refund that did. */
  errorCode: string | null;
}

/** Every refund settles once, from PENDING. */
export const REFUND_TRANSITIONS: readonly RefundTransition[] = [
  { event: 'RAIL_REFUNDED', from: 'PENDING', to: 'COMPLETED', errorCode: null },
  { event: 'OPERATOR_REFUNDED', from: 'PENDING', to: 'COMPLETED', errorCode: null },
  { event: 'RAIL_REJECTED', from: 'PENDING', to: 'REJECTED', errorCode: 'DESTINATION_REJECTED' },
  { event: 'RAIL_FAILED', from: 'PENDING', to: 'FAILED', errorCode: 'UPSTREAM_ERROR' },
  // The collector spent the money between the check before the refund and its settlement.
  { event: 'COLLECTOR_SHORT', from: 'PENDING', to: 'FAILED', errorCode: INSUFFICIENT_FUNDS },
  { event: 'OPERATOR_NOT_REFUNDED', from: 'PENDING', to: 'FAILED', errorCode: 'UPSTREAM_ERROR' },
];

const transitionOf = (event: RefundEvent): RefundTransition => REFUND_TRANSITIONS.find((row) => row.event === event)!;

/** Whether a refund settled by `event` gives the money back. */
export const refundsMoney = (event: RefundEvent): boolean => transitionOf(event).to === 'COMPLETED';

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
 * Whether a refund of `amount` may be asked for now. The API's pre-check and the refunds
 * workflow's update validator (which serializes concurrent requests) decide alike.
 */
export function refundRejection(status: OrderStatus, ledger: RefundLedger, amount: Decimal): RefundRejection | null {
  if (!REFUNDABLE_STATUSES.includes(status)) return 'INVALID_STATUS';
  return amount.gt(remainingOf(ledger)) || amount.lte(0) ? 'AMOUNT_EXCEEDS_REFUNDABLE' : null;
}

/** After a refund went through: REFUNDED when nothing is left, else PARTIALLY_REFUNDED, as the order's event names it. */
export function orderEventAfterRefund(
  total: string,
  refundedAfter: Decimal,
): Extract<OrderEvent, 'REFUNDED_IN_FULL' | 'REFUNDED_IN_PART'> {
  return refundedAfter.gte(total) ? 'REFUNDED_IN_FULL' : 'REFUNDED_IN_PART';
}

/** What settling a refund writes: its own status and error, and the event it is to its order. */
export interface RefundStep {
  status: Exclude<RefundStatus, 'PENDING'>;
  errorCode: string | null;
  /** Whether the money goes back: the payer credited (and a collector debited). */
  refunded: boolean;
  orderEvent: OrderEvent;
}

/** `event` settles a refund of `amount`, with `refundedBefore` of the order's `total` refunded before it. */
export function refundStep(
  event: RefundEvent,
  { total, refundedBefore, amount }: { total: string; refundedBefore: string; amount: string },
): RefundStep {
  const { to, errorCode } = transitionOf(event);
  const refunded = refundsMoney(event);
  return {
    status: to,
    errorCode,
    refunded,
    orderEvent: refunded ? orderEventAfterRefund(total, new Decimal(refundedBefore).plus(amount)) : 'REFUND_NOT_MADE',
  };
}

/**
 * The refund's status as the API answers it: REFUNDED or PARTIALLY_REFUNDED once it went
 * through (the spec's refund statuses: nothing, or something, is left to refund), PENDING while
 * the rail's answer is unknown, REJECTED or FAILED when the rail did not refund.
 */
export type RefundAnswerStatus = 'REFUNDED' | 'PARTIALLY_REFUNDED' | 'PENDING' | 'REJECTED' | 'FAILED';

/**
 * The answer for a refund settled by `event`: whether it went through (its settlement may have
 * found the collector short after all) and the order status it left.
 */
export function refundAnswer(
  event: RefundEvent,
  settled: { refunded: boolean; orderStatus: OrderStatus },
): RefundAnswerStatus {
  if (settled.refunded) return settledRefundAnswer('COMPLETED', settled.orderStatus);
  const { to } = transitionOf(event);
  // Meant to go through and did not: the collector was short when it settled.
  return to === 'COMPLETED' ? refundAnswer('COLLECTOR_SHORT', settled) : to;
}

/** The answer for a refund settled `status`, its order now `orderStatus`. */
export function settledRefundAnswer(
  status: Exclude<RefundStatus, 'PENDING'>,
  orderStatus: OrderStatus,
): RefundAnswerStatus {
  if (status === 'COMPLETED')
    return orderStatus === statusAfter('REFUNDED_IN_FULL') ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
  return status;
}
