import { isoSeconds } from '../iso-seconds';
import {
  AWAITING_AMOUNT,
  DECIDED_STATUSES,
  FINAL_STATUSES,
  type OrderErrorCode,
  type OrderRejection,
  type OrderStatus,
  WAITING,
} from './statuses';

/**
 * The spec's idempotency tables as rules on an order's status: the API's quick checks, which
 * answer at once (and for orders whose workflow has already ended), and the workflow's phases,
 * which fall back on them. Same-key retries rarely get here: the idempotency store replays them
 * first. Only the resend of a request that answered 5xx does (nothing was stored), and the API
 * answers it the result instead of a refusal when the order records its change (OrderWorkflowClient.refuse).
 */

/** PUT previews: executes on WAITING_AMOUNT; on CREATED it is an unauthorized duplicate. */
export function amountRejection(status: OrderStatus): OrderRejection | null {
  if (AWAITING_AMOUNT.includes(status)) return null;
  return status === 'CREATED' ? 'ALREADY_PROCESSED' : 'INVALID_STATUS';
}

/** POST payments: executes on CREATED; once a decision was processed, another is refused as such. */
export function decisionRejection(status: OrderStatus): OrderRejection | null {
  if (status === 'CREATED') return null;
  return DECIDED_STATUSES.includes(status) ? 'ALREADY_PROCESSED' : 'INVALID_STATUS';
}

/** A collector's QR scanned by a client: taken while nobody has claimed it and it still waits. */
export function claimRejection(order: { status: OrderStatus; payerClientId: string | null }): OrderRejection | null {
  if (FINAL_STATUSES.includes(order.status)) return 'INVALID_STATUS';
  return order.payerClientId === null ? null : 'ALREADY_PROCESSED';
}

/** What an order's expiry and the answer to a refused action depend on. */
export interface OrderStanding {
  id: string;
  status: OrderStatus;
  errorCode: OrderErrorCode | null;
  expiresAt: Date;
}

/**
 * When the order expired, or null if it has not. An order nobody decided to pay by its
 * expires_at has expired from that instant, whether or not its workflow has written the expiry
 * yet (a slow or stopped worker applies its timer late); once written, it is CANCELED with EXPIRED.
 */
export function expiredAt(order: Omit<OrderStanding, 'id'>, now: Date): Date | null {
  const expired =
    order.status === 'CANCELED'
      ? order.errorCode === 'EXPIRED'
      : WAITING.includes(order.status) && now.getTime() >= order.expiresAt.getTime();
  return expired ? order.expiresAt : null;
}

/**
 * The API's first check on every action on an order (amount, decision, claim, cancel): an
 * expired order takes none, whatever the status its workflow has not moved yet says. The
 * workflow itself applies what reached it before its timer, as it always has.
 */
export function expiryRejection(order: Omit<OrderStanding, 'id'>, now: Date): OrderRejection | null {
  return expiredAt(order, now) === null ? null : 'INVALID_STATUS';
}

/** What a refusal tells the integrator: an expired order says that it expired, and when, not the status it still shows. */
export function rejectionMessage(order: OrderStanding, rejection: OrderRejection, now: Date): string {
  if (rejection === 'ALREADY_PROCESSED') return `Order ${order.id} was already processed`;
  const expired = expiredAt(order, now);
  return expired === null
    ? `Order ${order.id} is ${order.status}: the operation is not allowed in this status`
    : `Order ${order.id} expired at ${isoSeconds(expired)}`;
}
