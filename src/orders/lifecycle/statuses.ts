/**
 * The order's documented statuses and why it fails or is canceled. Pure (no framework), so the
 * workflow bundle imports it. WAITING_AMOUNT and PROCESS_LATER wait for an amount; CREATED
 * waits for the user's decision.
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

/** A QR paid by scanning it (QR), a payment key (KEY), or a QR created here for a collector (COLLECTION). */
export const ORDER_FLOWS = ['QR', 'KEY', 'COLLECTION'] as const;
export type OrderFlow = (typeof ORDER_FLOWS)[number];

export const AWAITING_AMOUNT: readonly OrderStatus[] = ['WAITING_AMOUNT', 'PROCESS_LATER'];

/** The statuses in which an order waits for an integrator (a payer, an amount, the decision), racing its expiry. */
export const WAITING: readonly OrderStatus[] = [...AWAITING_AMOUNT, 'CREATED'];

/** No further payment step happens to these; only refunds still change COMPLETED ones. */
export const FINAL_STATUSES: readonly OrderStatus[] = [
  'COMPLETED',
  'CANCELED',
  'REJECTED',
  'FAILED',
  'REFUNDED',
  'PARTIALLY_REFUNDED',
];

export const isFinal = (status: OrderStatus): boolean => FINAL_STATUSES.includes(status);

/**
 * The statuses an order may still leave by itself or by an integrator: what "open" means to the
 * operators' tools, the open-orders gauges and the partial index `orders_open_idx` (whose
 * migration writes this list out, as a migration must).
 */
export const OPEN_STATUSES: readonly OrderStatus[] = ORDER_STATUSES.filter((status) => !isFinal(status));

/** The payer's decision was taken and its payout is being established: funds reserved, outcome pending. */
export const PAYING_STATUS: OrderStatus = 'PROCESSING';

/**
 * A decision was processed on an order in these (accepted, rejected by the rail, refunded…); the
 * spec's tables answer another decision ALREADY_PROCESSED. FAILED is among them: most FAILED
 * orders failed after their decision (insufficient funds, a payout that failed).
 */
export const DECIDED_STATUSES: readonly OrderStatus[] = [
  PAYING_STATUS,
  'COMPLETED',
  'REJECTED',
  'FAILED',
  'REFUNDED',
  'PARTIALLY_REFUNDED',
];

/** A payment the collector was paid for, and that refunds may still credit back in part. */
export const REFUNDABLE_STATUSES: readonly OrderStatus[] = ['COMPLETED', 'PARTIALLY_REFUNDED'];

/**
 * The payments a reconciliation file lists: orders whose payer accepted the payment, which moved
 * money or tried to. A FAILED order only when the decision reached it (REPORTED_WHEN_DECIDED):
 * one that failed at its preparation moved nothing.
 */
export const REPORTED_STATUSES: readonly OrderStatus[] = DECIDED_STATUSES.filter((status) => status !== 'FAILED');
export const REPORTED_WHEN_DECIDED: readonly OrderStatus[] = ['FAILED'];

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

/** How an order may open, first match wins; the guards read as the transitions' do. */
export interface Opening {
  status: OrderStatus;
  amountKnown: boolean;
  flows?: readonly OrderFlow[];
  countries?: readonly string[];
}

/**
 * The statuses an order opens in: a known amount awaits the decision; an unknown one awaits its
 * amount, which an Argentine QR scanned before the merchant entered it does as PROCESS_LATER
 * (the spec's status for it). A collector's QR without an amount waits as WAITING_AMOUNT until a
 * client scans it (CLAIMED in the transitions).
 */
export const OPENINGS: readonly Opening[] = [
  { status: 'CREATED', amountKnown: true },
  { status: 'PROCESS_LATER', amountKnown: false, flows: ['QR'], countries: ['AR'] },
  { status: 'WAITING_AMOUNT', amountKnown: false },
];

/** The status an order opens in, as the API creates it. */
export function initialStatus({
  flow,
  country,
  amountKnown,
}: {
  flow: OrderFlow;
  country: string;
  amountKnown: boolean;
}): OrderStatus {
  const opening = OPENINGS.find(
    (row) =>
      row.amountKnown === amountKnown &&
      (row.flows === undefined || row.flows.includes(flow)) &&
      (row.countries === undefined || row.countries.includes(country)),
  );
  return opening!.status;
}
