import { isoSeconds } from './iso-seconds';
import { FINAL_STATUSES } from './order-transitions';
import { AWAITING_AMOUNT, OrderErrorCode, OrderRejection, OrderStatus } from './order-status';

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

/** What an order's expiry and the answer to a refused action depend on. */
export interface OrderStanding {
  id: string;
  status: OrderStatus;
  errorCode: OrderErrorCode | null;
  expiresAt: Date;
}

/** The statuses in which an order waits for an integrator (a payer, an amount, the decision), racing its expiry. */
const WAITING: readonly OrderStatus[] = [...AWAITING_AMOUNT, 'CREATED'];

/**
 * When the order expired, or null if it has not. An order nobody decided to pay by its
 * expires_at has expired from that instant, whether or not its workflow has written the expiry
 * yet (a slow or stopped worker applies its timer late); once written, it is CANCELED with EXPIRED.
 */
export function expiredAt(order: Omit<OrderStanding, 'id'>, now: Date): Date | null {
  const expired = order.status === 'CANCELED' ? order.errorCode === 'EXPIRED' : WAITING.includes(order.status) && now.getTime() >= order.expiresAt.getTime();
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

/**
 * Where an order's workflow stands. The update validators decide from the phase alone, so a
 * refusal never depends on which handler happens to be running:
 * - PREPARING: the merchant or key is being resolved; the order id is not published yet.
 * - AWAITING_PAYER / CLAIMING: a QR created here (a collection) waits for a client to scan it /
 *   is being claimed by the client that did.
 * - AWAITING_AMOUNT / APPLYING_AMOUNT: an open amount is awaited / being applied.
 * - AWAITING_DECISION / DECIDING: the user's decision is awaited / being applied.
 * - PAYING: funds are reserved and the payout's outcome is being established.
 * - PAYOUT_UNCONFIRMED: the retry window passed with the outcome still unknown; an operator decides.
 * - CLOSING: a final change (expiry) is being written. CLOSED: the status is final.
 */
export const ORDER_PHASES = [
  'PREPARING',
  'AWAITING_PAYER',
  'CLAIMING',
  'AWAITING_AMOUNT',
  'APPLYING_AMOUNT',
  'AWAITING_DECISION',
  'DECIDING',
  'PAYING',
  'PAYOUT_UNCONFIRMED',
  'CLOSING',
  'CLOSED',
] as const;
export type OrderPhase = (typeof ORDER_PHASES)[number];

/** Phases in which the order takes no integrator action at all. */
const INACTIVE: readonly OrderPhase[] = ['PREPARING', 'CLOSING', 'AWAITING_PAYER', 'CLAIMING'];

/** Phases in which an action is being applied: expiry waits for it to finish. */
export const BUSY_PHASES: readonly OrderPhase[] = ['APPLYING_AMOUNT', 'CLAIMING'];

/** Phases in which the order waits for an integrator, racing its expiry. */
export const AWAITING_PHASES: readonly OrderPhase[] = ['AWAITING_PAYER', 'AWAITING_AMOUNT', 'AWAITING_DECISION', ...BUSY_PHASES];

/**
 * The phase of an order that waits for an integrator in `status`: a collection for the client
 * that scans its QR, a known amount for the decision, an open one for its amount; any other
 * status is past waiting.
 */
export function phaseOf(status: OrderStatus, awaitingPayer: boolean): OrderPhase {
  if (status === 'PROCESSING') return 'PAYING';
  if (FINAL_STATUSES.includes(status)) return 'CLOSED';
  return awaitingPayer ? 'AWAITING_PAYER' : status === 'CREATED' ? 'AWAITING_DECISION' : 'AWAITING_AMOUNT';
}

export function amountRejectionIn(phase: OrderPhase, status: OrderStatus): OrderRejection | null {
  if (phase === 'AWAITING_AMOUNT') return null;
  if (phase === 'APPLYING_AMOUNT') return 'ALREADY_PROCESSED';
  if (INACTIVE.includes(phase)) return 'INVALID_STATUS';
  return amountRejection(status) ?? 'INVALID_STATUS';
}

export function decisionRejectionIn(phase: OrderPhase, status: OrderStatus): OrderRejection | null {
  if (phase === 'AWAITING_DECISION') return null;
  if (phase === 'DECIDING') return 'ALREADY_PROCESSED';
  if (INACTIVE.includes(phase) || phase === 'APPLYING_AMOUNT') return 'INVALID_STATUS';
  return decisionRejection(status) ?? 'INVALID_STATUS';
}

/** A collection's QR is claimed once: by the first client that scans it. */
export function claimRejectionIn(phase: OrderPhase): OrderRejection | null {
  if (phase === 'AWAITING_PAYER') return null;
  return phase === 'PREPARING' || phase === 'CLOSING' || phase === 'CLOSED' ? 'INVALID_STATUS' : 'ALREADY_PROCESSED';
}

/** A collector cancels its QR while nobody has decided to pay it; a decision (or a payment) wins. */
export function cancelRejectionIn(phase: OrderPhase): OrderRejection | null {
  return phase === 'AWAITING_PAYER' || phase === 'AWAITING_AMOUNT' || phase === 'AWAITING_DECISION' ? null : 'INVALID_STATUS';
}

/** The sandbox's early expiry: allowed exactly while the expiry timer could still close the order. */
export const expiryRejectionIn: (phase: OrderPhase) => OrderRejection | null = cancelRejectionIn;

/** An operator settles a payout only once the workflow has given up establishing it. */
export function resolutionRejectionIn(phase: OrderPhase): OrderRejection | null {
  return phase === 'PAYOUT_UNCONFIRMED' ? null : 'INVALID_STATUS';
}
