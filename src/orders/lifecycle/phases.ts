import { amountRejection, decisionRejection } from './quick-checks';
import { FINAL_STATUSES, type OrderFlow, type OrderRejection, type OrderStatus } from './statuses';

/**
 * Where an order's workflow stands. The update validators (and the signal handlers) decide from
 * the phase, so a refusal never depends on which handler happens to be running:
 * - PREPARING: the merchant or key is being resolved; the order id is not published yet. An
 *   integrator's action that reaches it anyway (a Collections QR scanned the moment it was
 *   made, a cancel) waits for the preparation and is judged then (waitsForPreparation).
 * - AWAITING_PAYER / CLAIMING: a QR created here (a collection) waits for a client to scan it /
 *   is being claimed by the client that did.
 * - AWAITING_AMOUNT / APPLYING_AMOUNT: an open amount is awaited / being applied.
 * - AWAITING_DECISION / DECIDING: the user's decision is awaited / being applied.
 * - PAYING: funds are reserved and the payout's outcome is being established.
 * - PAYOUT_UNCONFIRMED: the retry window passed with the outcome still unknown; an operator decides.
 * - CLOSING: a final change (expiry, a cancel, a rejection) is being written. CLOSED: the status is final.
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

/**
 * What integrators, collectors, the sandbox and operators ask of a running order: an open
 * amount, the payer's decision, a collector's QR claimed by the client that scanned it, the
 * collector's cancel, the expiry (its timer, or the sandbox's "now"), an operator's word on an
 * unconfirmed payout.
 */
export const ORDER_ACTIONS = ['AMOUNT', 'DECISION', 'CLAIM', 'CANCEL', 'EXPIRE', 'RESOLVE'] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/** Phases in which the order takes no integrator action at all. */
const INACTIVE: readonly OrderPhase[] = ['PREPARING', 'CLOSING', 'AWAITING_PAYER', 'CLAIMING'];

/** Phases in which an action is being applied: expiry waits for it to finish. */
export const BUSY_PHASES: readonly OrderPhase[] = ['APPLYING_AMOUNT', 'CLAIMING'];

/** Phases in which the order waits for an integrator, racing its expiry. */
export const AWAITING_PHASES: readonly OrderPhase[] = [
  'AWAITING_PAYER',
  'AWAITING_AMOUNT',
  'AWAITING_DECISION',
  ...BUSY_PHASES,
];

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

/** The sandbox's early expiry: allowed exactly while the expiry timer could still close the order. */
export function expiryRejectionIn(phase: OrderPhase): OrderRejection | null {
  return phase === 'AWAITING_PAYER' || phase === 'AWAITING_AMOUNT' || phase === 'AWAITING_DECISION'
    ? null
    : 'INVALID_STATUS';
}

/**
 * A collector cancels its QR while nobody has decided to pay it; a decision (or a payment) wins.
 * Only a collection has a collector: any other order is canceled by its payer's rejection.
 */
export function cancelRejectionIn(phase: OrderPhase, flow: OrderFlow | null): OrderRejection | null {
  return flow === 'COLLECTION' ? expiryRejectionIn(phase) : 'INVALID_STATUS';
}

/** An operator settles a payout only once the workflow has given up establishing it. */
export function resolutionRejectionIn(phase: OrderPhase): OrderRejection | null {
  return phase === 'PAYOUT_UNCONFIRMED' ? null : 'INVALID_STATUS';
}

/**
 * The integrators' actions (and the sandbox's expiry) that wait for a preparation in progress
 * rather than being refused for a phase nobody outside can see; an operator's resolution has
 * nothing to wait for (it concerns a payout, long after).
 */
const WAIT_FOR_PREPARATION: readonly OrderAction[] = ['AMOUNT', 'DECISION', 'CLAIM', 'CANCEL', 'EXPIRE'];

/** Whether `action`, arriving in `phase`, is to wait for the preparation before it is judged. */
export function waitsForPreparation(action: OrderAction, phase: OrderPhase): boolean {
  return phase === 'PREPARING' && WAIT_FOR_PREPARATION.includes(action);
}

/** What the workflow knows when an action arrives. */
export interface WorkflowStanding {
  phase: OrderPhase;
  status: OrderStatus;
  /** Null until the order is prepared. */
  flow: OrderFlow | null;
}

/** The phase an action puts the order in while it is applied; an operator's resolution is taken up by the payout in progress. */
export const APPLYING_PHASES: Record<OrderAction, OrderPhase | null> = {
  AMOUNT: 'APPLYING_AMOUNT',
  DECISION: 'DECIDING',
  CLAIM: 'CLAIMING',
  CANCEL: 'CLOSING',
  EXPIRE: 'CLOSING',
  RESOLVE: null,
};

/**
 * Whether `action` may be taken now, and the phase the order is in while it is applied (null:
 * it stays in its own): the one rule the update validators and the signal handlers ask.
 */
export function takeAction(
  action: OrderAction,
  { phase, status, flow }: WorkflowStanding,
): { refused: OrderRejection } | { applying: OrderPhase | null } {
  const refused = {
    AMOUNT: () => amountRejectionIn(phase, status),
    DECISION: () => decisionRejectionIn(phase, status),
    CLAIM: () => claimRejectionIn(phase),
    CANCEL: () => cancelRejectionIn(phase, flow),
    EXPIRE: () => expiryRejectionIn(phase),
    RESOLVE: () => resolutionRejectionIn(phase),
  }[action]();
  return refused ? { refused } : { applying: APPLYING_PHASES[action] };
}
