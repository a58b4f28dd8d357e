import { AWAITING_AMOUNT, OrderRejection, OrderStatus } from './order-status';

/**
 * The spec's idempotency tables as pure rules, shared by the workflow's update validators and
 * the API's pre-checks (which answer for orders whose workflow has already ended). Same-key
 * retries never get here: the idempotency store replays them first.
 */

/** PUT previews: executes on WAITING_AMOUNT; on CREATED it is an unauthorized duplicate. */
export function amountRejection(status: OrderStatus): OrderRejection | null {
  if (AWAITING_AMOUNT.includes(status)) return null;
  return status === 'CREATED' ? 'ALREADY_PROCESSED' : 'INVALID_STATUS';
}

const DECIDED: readonly OrderStatus[] = ['PROCESSING', 'COMPLETED', 'REJECTED', 'FAILED', 'REFUNDED', 'PARTIALLY_REFUNDED'];

/** POST payments: executes on CREATED; once a decision was processed, another is refused as such. */
export function decisionRejection(status: OrderStatus): OrderRejection | null {
  if (status === 'CREATED') return null;
  return DECIDED.includes(status) ? 'ALREADY_PROCESSED' : 'INVALID_STATUS';
}
