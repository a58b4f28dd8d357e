import type { NotificationEvent } from '../../notifications/notification.entity';
import { type OrderErrorCode, type OrderFlow, type OrderStatus, WAITING } from './statuses';

/**
 * What can happen to an order, each a row of the transition table below: the statuses it may
 * happen in, the status it leads to, and what it records. The workflow's steps name the event;
 * the repository asks `orderStep` what to write and writes it in one transaction, so no other
 * code decides an order's status.
 */
export const ORDER_EVENTS = [
  /** The merchant (or key, or collector's QR) is known: the preview (or the QR's creation) is published. */
  'PREPARED',
  /** The merchant behind the QR could not be resolved. */
  'UNRESOLVED',
  /** A client scanned a collector's QR: it becomes the payer. */
  'CLAIMED',
  /** The open amount arrived, priced with a quote locked to the order. */
  'AMOUNT_SET',
  /** The payer accepted, and its funds are reserved. */
  'ACCEPTED',
  /** The payer accepted without the funds to pay. */
  'FUNDS_SHORT',
  'USER_REJECTED',
  'COLLECTOR_CANCELED',
  'EXPIRED',
  /** A decision that can never be applied (a broken invariant): the order must not hang. */
  'DECISION_BROKEN',
  /** The payout's definite outcomes: paid, refused by the destination, never made. */
  'PAID',
  'PAYOUT_REJECTED',
  'NOT_PAID',
  /** A refund's outcome, as the refunds module decides it (src/refunds/refund-lifecycle.ts). */
  'REFUNDED_IN_PART',
  'REFUNDED_IN_FULL',
  'REFUND_NOT_MADE',
] as const;
export type OrderEvent = (typeof ORDER_EVENTS)[number];

/**
 * The ledger entries a step implies, in the order they are made (docs/ledger.md): the payer's
 * funds reserved on acceptance, committed when paid (a collector credited besides) or released
 * when not; a refund takes the amount back from a collector and credits the payer its share.
 */
export const LEDGER_MOVEMENTS = ['RESERVE', 'COMMIT', 'COLLECT', 'RELEASE', 'CLAW_BACK', 'REFUND_CREDIT'] as const;
export type LedgerMovement = (typeof LEDGER_MOVEMENTS)[number];

/** What the lifecycle needs to know of an order to decide a step. */
export interface OrderSubject {
  status: OrderStatus;
  flow: OrderFlow;
  localCountry: string;
}

/** One row of the transition table. */
export interface OrderTransition {
  event: OrderEvent;
  from: readonly OrderStatus[];
  /** Null: the status stays (the step records facts and callbacks). */
  to: OrderStatus | null;
  /** Guards: only orders of these flows, or in these countries; every order when absent. */
  flows?: readonly OrderFlow[];
  countries?: readonly string[];
  errorCode?: OrderErrorCode;
  notify: readonly NotificationEvent[];
  ledger: readonly LedgerMovement[];
  /** A status-history entry even when the status stays (each refund that went through is one). */
  alwaysHistory?: boolean;
  /** Sets the payment date: the money reached the merchant. */
  paid?: boolean;
}

const REFUNDABLE: readonly OrderStatus[] = ['COMPLETED', 'PARTIALLY_REFUNDED'];
const NOTHING: readonly never[] = [];

/**
 * The table. Rows are read in order and the first whose event, status and guards match applies,
 * so a guarded row comes before the row that covers every other order.
 */
export const ORDER_TRANSITIONS: readonly OrderTransition[] = [
  { event: 'PREPARED', from: WAITING, to: null, flows: ['COLLECTION'], notify: ['QR_CREATED'], ledger: NOTHING },
  { event: 'PREPARED', from: WAITING, to: null, notify: ['PREVIEW'], ledger: NOTHING },
  {
    event: 'UNRESOLVED',
    from: WAITING,
    to: 'FAILED',
    errorCode: 'UPSTREAM_ERROR',
    notify: ['PREVIEW'],
    ledger: NOTHING,
  },
  {
    event: 'CLAIMED',
    from: ['WAITING_AMOUNT'],
    to: 'PROCESS_LATER',
    flows: ['COLLECTION'],
    countries: ['AR'],
    notify: ['PREVIEW'],
    ledger: NOTHING,
  },
  { event: 'CLAIMED', from: WAITING, to: null, flows: ['COLLECTION'], notify: ['PREVIEW'], ledger: NOTHING },
  {
    event: 'AMOUNT_SET',
    from: ['WAITING_AMOUNT', 'PROCESS_LATER'],
    to: 'CREATED',
    notify: ['PREVIEW'],
    ledger: NOTHING,
  },
  // The spec sends a PROCESSING notification in the key flows only.
  { event: 'ACCEPTED', from: ['CREATED'], to: 'PROCESSING', flows: ['KEY'], notify: ['PAYMENT'], ledger: ['RESERVE'] },
  { event: 'ACCEPTED', from: ['CREATED'], to: 'PROCESSING', notify: NOTHING, ledger: ['RESERVE'] },
  {
    event: 'FUNDS_SHORT',
    from: ['CREATED'],
    to: 'FAILED',
    errorCode: 'INSUFFICIENT_FUNDS',
    notify: ['PAYMENT'],
    ledger: NOTHING,
  },
  {
    event: 'USER_REJECTED',
    from: ['CREATED'],
    to: 'CANCELED',
    errorCode: 'USER_REJECTED',
    notify: ['PAYMENT'],
    ledger: NOTHING,
  },
  {
    event: 'COLLECTOR_CANCELED',
    from: WAITING,
    to: 'CANCELED',
    flows: ['COLLECTION'],
    errorCode: 'CANCELED_BY_COLLECTOR',
    notify: ['PAYMENT'],
    ledger: NOTHING,
  },
  { event: 'EXPIRED', from: WAITING, to: 'CANCELED', errorCode: 'EXPIRED', notify: ['QR_EXPIRED'], ledger: NOTHING },
  {
    event: 'DECISION_BROKEN',
    from: ['CREATED'],
    to: 'FAILED',
    errorCode: 'INTERNAL_ERROR',
    notify: ['PAYMENT'],
    ledger: NOTHING,
  },
  // A collection is paid inside the service: its collector is credited the local amount.
  {
    event: 'PAID',
    from: ['PROCESSING'],
    to: 'COMPLETED',
    flows: ['COLLECTION'],
    notify: ['PAYMENT'],
    ledger: ['COMMIT', 'COLLECT'],
    paid: true,
  },
  { event: 'PAID', from: ['PROCESSING'], to: 'COMPLETED', notify: ['PAYMENT'], ledger: ['COMMIT'], paid: true },
  {
    event: 'PAYOUT_REJECTED',
    from: ['PROCESSING'],
    to: 'REJECTED',
    errorCode: 'DESTINATION_REJECTED',
    notify: ['PAYMENT'],
    ledger: ['RELEASE'],
  },
  {
    event: 'NOT_PAID',
    from: ['PROCESSING'],
    to: 'FAILED',
    errorCode: 'UPSTREAM_ERROR',
    notify: ['PAYMENT'],
    ledger: ['RELEASE'],
  },
  // A collected order's refund is taken back from its collector before the payer is credited.
  {
    event: 'REFUNDED_IN_PART',
    from: REFUNDABLE,
    to: 'PARTIALLY_REFUNDED',
    flows: ['COLLECTION'],
    notify: ['REFUND'],
    ledger: ['CLAW_BACK', 'REFUND_CREDIT'],
    alwaysHistory: true,
  },
  {
    event: 'REFUNDED_IN_PART',
    from: REFUNDABLE,
    to: 'PARTIALLY_REFUNDED',
    notify: ['REFUND'],
    ledger: ['REFUND_CREDIT'],
    alwaysHistory: true,
  },
  {
    event: 'REFUNDED_IN_FULL',
    from: REFUNDABLE,
    to: 'REFUNDED',
    flows: ['COLLECTION'],
    notify: ['REFUND'],
    ledger: ['CLAW_BACK', 'REFUND_CREDIT'],
  },
  { event: 'REFUNDED_IN_FULL', from: REFUNDABLE, to: 'REFUNDED', notify: ['REFUND'], ledger: ['REFUND_CREDIT'] },
  // A refund that did not go through leaves the order as it was; the payer is told.
  { event: 'REFUND_NOT_MADE', from: REFUNDABLE, to: null, notify: ['REFUND'], ledger: NOTHING },
];

/** What one step writes: the order's next status and what comes with it, in one transaction. */
export interface OrderStep {
  event: OrderEvent;
  from: OrderStatus;
  to: OrderStatus;
  /** Null keeps the order's error code as it is. */
  errorCode: OrderErrorCode | null;
  notify: readonly NotificationEvent[];
  ledger: readonly LedgerMovement[];
  /** Whether the step adds a status-history entry. */
  history: boolean;
  paid: boolean;
}

const guarded = (row: OrderTransition, { flow, localCountry }: Omit<OrderSubject, 'status'>) =>
  (row.flows === undefined || row.flows.includes(flow)) &&
  (row.countries === undefined || row.countries.includes(localCountry));

/** The table's row for `event` on `order`, or undefined when the event cannot happen to it. */
export function transitionOf(order: OrderSubject, event: OrderEvent): OrderTransition | undefined {
  return ORDER_TRANSITIONS.find((row) => row.event === event && row.from.includes(order.status) && guarded(row, order));
}

/** What `event` writes on `order`, or null when the lifecycle refuses it there. */
export function orderStep(order: OrderSubject, event: OrderEvent): OrderStep | null {
  const row = transitionOf(order, event);
  if (!row) return null;
  const to = row.to ?? order.status;
  return {
    event,
    from: order.status,
    to,
    errorCode: row.errorCode ?? null,
    notify: row.notify,
    ledger: row.ledger,
    history: to !== order.status || row.alwaysHistory === true,
    paid: row.paid === true,
  };
}

/**
 * The callbacks `event` sends for an order of this flow and country, whatever its status: what a
 * retried step, already written, names again (its callbacks depend on nothing else).
 */
export function callbacksOf(order: Omit<OrderSubject, 'status'>, event: OrderEvent): readonly NotificationEvent[] {
  return ORDER_TRANSITIONS.find((row) => row.event === event && guarded(row, order))?.notify ?? NOTHING;
}

/** The status `event` leads to wherever it happens, or null when that depends on the order (or it keeps the status). */
export function statusAfter(event: OrderEvent): OrderStatus | null {
  const targets = new Set(ORDER_TRANSITIONS.filter((row) => row.event === event).map((row) => row.to));
  return targets.size === 1 ? [...targets][0]! : null;
}

export class OrderTransitionError extends Error {
  constructor(
    readonly orderId: string,
    readonly status: OrderStatus,
    readonly event: OrderEvent,
  ) {
    super(`order ${orderId} is ${status}: ${event} cannot happen to it`);
    this.name = 'OrderTransitionError';
  }
}
