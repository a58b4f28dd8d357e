/**
 * The documented order statuses. Pure (no framework), so the workflow bundle can import it.
 * WAITING_AMOUNT and PROCESS_LATER wait for an amount; CREATED waits for the user's decision.
 */
export const ORDER_STATUSES = [
  'WAITING_AMOUNT',
  'PROCESS_LATER',
  'CREATED',
  'PROCESSING',
  'COMPLETED',
  'CANCELED',
  'REFUNDED',
  'PARTIALLY_REFUNDED',
  'REJECTED',
  'FAILED',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const AWAITING_AMOUNT: readonly OrderStatus[] = ['WAITING_AMOUNT', 'PROCESS_LATER'];

export const ORDER_ERROR_CODES = [
  'USER_REJECTED',
  'EXPIRED',
  'INSUFFICIENT_FUNDS',
  'DESTINATION_REJECTED',
  'UPSTREAM_ERROR',
  'INVALID_DICT_KEY',
  'CANCELED_BY_COLLECTOR',
  'INTERNAL_ERROR',
] as const;
export type OrderErrorCode = (typeof ORDER_ERROR_CODES)[number];

/** Why an operation was refused; the API maps each to its documented HTTP answer. */
export type OrderRejection = 'INVALID_STATUS' | 'ALREADY_PROCESSED';
