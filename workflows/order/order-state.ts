import {
  APPLYING_PHASES,
  isFinal,
  phaseOf,
  rejectionMessage,
  takeAction,
  type OrderAction,
  type OrderErrorCode,
  type OrderPhase,
  type OrderRejection,
  type OrderStatus,
  waitsForPreparation,
} from '../../src/orders/lifecycle';
import type { OrderFacts, OrderOutcome } from '../../src/orders/order-steps';
import type { RefusedSignal } from '../../src/orders/order-messages';

/** Refused signals an order keeps for its query; older ones are dropped first. */
export const MAX_REFUSED_SIGNALS = 100;

/**
 * The order workflow's state in one small object that its handlers call, as Temporal's samples
 * keep a workflow's state: the status and error code the last step wrote, the facts the workflow
 * knows of its order, and the action being applied. The phase follows from them by the
 * lifecycle's rules (src/orders/lifecycle), and every action asks the lifecycle before it is
 * taken. No I/O and no clock: the workflow passes the time in.
 */
export class OrderState {
  status: OrderStatus;
  /** Why the order failed or was canceled, as its last step wrote it: a refusal says "expired" from it. */
  errorCode: OrderErrorCode | null = null;
  /** Undefined until the order is prepared. */
  facts: OrderFacts | undefined;
  /** The payout's retry window passed with its outcome still unknown: an operator decides. */
  unconfirmed = false;
  /**
   * The latest MAX_REFUSED_SIGNALS: a tester's script that keeps sending bad signals does not grow
   * the state without end.
   */
  readonly refusedSignals: RefusedSignal[] = [];
  /** The phase of the action being applied, if one is. */
  private applying: OrderPhase | null = null;

  constructor(
    private readonly orderId: string,
    initialStatus: OrderStatus,
    private readonly expiresAt: Date,
  ) {
    this.status = initialStatus;
  }

  get phase(): OrderPhase {
    if (this.applying) return this.applying;
    if (this.unconfirmed) return 'PAYOUT_UNCONFIRMED';
    if (this.facts === undefined && !isFinal(this.status)) return 'PREPARING';
    // A collection's QR nobody has scanned waits for its payer.
    return phaseOf(this.status, this.facts?.flow === 'COLLECTION' && this.facts.payerClientId === null);
  }

  /** Why `action` cannot be taken now, or null. */
  refusal(action: OrderAction): OrderRejection | null {
    const taken = takeAction(action, { phase: this.phase, status: this.status, flow: this.facts?.flow ?? null });
    return 'refused' in taken ? taken.refused : null;
  }

  /** Whether `action` is to wait for the preparation in progress before it is judged. */
  awaitsPreparation(action: OrderAction): boolean {
    return waitsForPreparation(action, this.phase);
  }

  /**
   * Takes `action`, which its validator or signal handler has checked with `refusal` (a replay
   * runs no validator, and must not check again): the order is in its applying phase until `done`.
   */
  begin(action: OrderAction): void {
    this.applying = APPLYING_PHASES[action] ?? this.applying;
  }

  /** A final change (expiry, cancel, rejection) is being written. */
  closing(): void {
    this.applying = 'CLOSING';
  }

  /** The action is applied, or refused by its step: the phase follows from the status again. */
  done(): void {
    this.applying = null;
  }

  /** Takes in what a step wrote; answers whether the status changed. */
  record(outcome: Pick<OrderOutcome, 'status' | 'errorCode'>): boolean {
    const changed = outcome.status !== this.status;
    this.status = outcome.status;
    this.errorCode = outcome.errorCode;
    return changed;
  }

  /**
   * What a refused action tells its sender: an order refused past its expiry (its closing not
   * written yet) says it expired.
   */
  refusalMessage(rejection: OrderRejection, now: Date): string {
    return rejectionMessage(
      { id: this.orderId, status: this.status, errorCode: this.errorCode, expiresAt: this.expiresAt },
      rejection,
      now,
    );
  }

  refuseSignal(signal: RefusedSignal['signal'], reason: string, message: string, now: Date): void {
    this.refusedSignals.push({ signal, reason, message, at: now.toISOString() });
    if (this.refusedSignals.length > MAX_REFUSED_SIGNALS) this.refusedSignals.shift();
  }
}
