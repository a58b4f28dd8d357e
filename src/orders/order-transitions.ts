import type { OrderStatus } from './order-status';

/**
 * Every status change an order may make, and nothing else: the repository refuses any other,
 * so a bug in a workflow cannot, say, move a REJECTED order to COMPLETED. Pure, so the
 * workflow bundle and the tests read the same table.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  // The amount arrives; the QR expires or is canceled; the merchant cannot be resolved.
  WAITING_AMOUNT: ['CREATED', 'CANCELED', 'FAILED'],
  PROCESS_LATER: ['CREATED', 'CANCELED', 'FAILED'],
  // Accepted (funds reserved); rejected or expired; insufficient funds or no merchant.
  CREATED: ['PROCESSING', 'CANCELED', 'FAILED'],
  // The payout's definite outcome.
  PROCESSING: ['COMPLETED', 'REJECTED', 'FAILED'],
  COMPLETED: ['PARTIALLY_REFUNDED', 'REFUNDED'],
  PARTIALLY_REFUNDED: ['PARTIALLY_REFUNDED', 'REFUNDED'],
  CANCELED: [],
  REJECTED: [],
  FAILED: [],
  REFUNDED: [],
};

/** No further payment step happens to these; only refunds still change COMPLETED ones. */
export const FINAL_STATUSES: readonly OrderStatus[] = ['COMPLETED', 'CANCELED', 'REJECTED', 'FAILED', 'REFUNDED', 'PARTIALLY_REFUNDED'];

export class OrderTransitionError extends Error {
  constructor(
    readonly orderId: string,
    readonly from: OrderStatus,
    readonly to: OrderStatus,
  ) {
    super(`order ${orderId} cannot move from ${from} to ${to}`);
    this.name = 'OrderTransitionError';
  }
}

/** A change that keeps the status (new facts on the order) is always allowed. */
export function isAllowedTransition(from: OrderStatus, to: OrderStatus): boolean {
  return from === to || ORDER_TRANSITIONS[from].includes(to);
}
