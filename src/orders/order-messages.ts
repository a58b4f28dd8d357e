import { defineQuery, defineSignal, defineUpdate } from '@temporalio/workflow';
import { z } from 'zod';
import type { OrderPhase, OrderStatus } from './lifecycle';
import type { Claim, OrderOutcome } from './order-steps';

// The claim is a step's input too, so it lives with the steps' contract; the messages' users find it here as well.
export type { Claim };

/**
 * Shared by the workflow, the API and the operators' CLI: the messages an order accepts. The
 * API sends the integrators' actions as updates, answered with the order's outcome (the API
 * builds its bodies from it); testers may send the amount, the decision and a cancel as signals
 * of the same names, which go through the same lifecycle checks and are answered by nobody: a
 * refused one is kept for the `refusedSignals` query.
 */

/** The order workflow's type name: the API and the reconciler start it by this name, not by importing its code. */
export const ORDER_WORKFLOW = 'orderWorkflow';

/** What the order workflow takes and answers (its final status), as its starters see it. */
export type OrderWorkflow = (input: OrderWorkflowInput) => Promise<OrderStatus>;

export interface OrderWorkflowInput {
  orderId: string;
  /** Already persisted by the API as history entry 1. */
  initialStatus: OrderStatus;
  /** Epoch ms: the order is canceled as EXPIRED if no decision arrived by then. */
  expiresAtMs: number;
  /**
   * Whether testers may drive the order with signals and the sandbox's early expiry: decided by
   * the deployment when the order starts (TESTER_SIGNALS), so that a replay decides the same way.
   * Absent from orders started before it existed (issue 31): none is allowed then.
   */
  testerSignals?: boolean;
}

export interface SubmitAmount {
  /** Decimal string in the order's local currency, already validated by the API. */
  amount: string;
  /** The FX quote the API priced the amount with; it is locked to the order with the amount. */
  fxQuoteId: string;
  /** Sent under an idempotency-key: the request's id (KeyedRequest), recorded with the change. */
  requestId?: string;
}

export interface Decision {
  decision: 'accepted' | 'rejected';
  notificationUrl: string;
  /** A phone key's wallet the payer picked (validated by the API against the order's wallets). */
  walletId?: string;
  /**
   * Sent under an idempotency-key: the request's id (src/idempotency/keyed-request.ts), recorded
   * on the history entry of the change it makes, so that a resend is answered from the database
   * once the workflow has ended. Absent without a key, and from histories recorded before it existed.
   */
  requestId?: string;
}

/** An operator's word on a payout whose outcome the rail never confirmed. */
export interface PayoutResolution {
  outcome: 'paid' | 'not-paid';
  /** Why the operator knows; kept on the order's history entry. */
  reason: string;
  /** Who decided (the operator's login). */
  operator: string;
}

/**
 * A tester's amount: a decimal string in the order's local currency (its step checks it as the
 * API would), priced by the workflow at a quote it makes for the payer unless one is named.
 */
export const amountSignalSchema = z.object({ amount: z.string(), fxQuoteId: z.string().optional() });
export type AmountSignal = z.infer<typeof amountSignalSchema>;

/** A tester's decision: the payment callbacks go to the order's own notification_url; one naming another is refused. */
export const decisionSignalSchema = z.object({
  decision: z.enum(['accepted', 'rejected']),
  notificationUrl: z.string().optional(),
  walletId: z.string().optional(),
});
export type DecisionSignal = z.infer<typeof decisionSignalSchema>;

/** A signal the order refused, and why; it changed nothing. */
export interface RefusedSignal {
  signal: 'submitAmount' | 'decide' | 'cancel';
  /** The lifecycle's rejection (INVALID_STATUS, ALREADY_PROCESSED), INVALID_SIGNAL for a malformed one, or the step's (INVALID_AMOUNT, INVALID_WALLET, INVALID_URL). */
  reason: string;
  message: string;
  /** When it arrived (ISO 8601, workflow time). */
  at: string;
}

export const submitAmountUpdate = defineUpdate<OrderOutcome, [SubmitAmount]>('submitAmount');
export const decideUpdate = defineUpdate<OrderOutcome, [Decision]>('decide');
/** Answers the order's status after the resolution was applied. */
export const resolvePayoutUpdate = defineUpdate<OrderStatus, [PayoutResolution]>('resolvePayout');
/** The first client to scan a collection QR claims it; answers the order's outcome. */
export const claimUpdate = defineUpdate<OrderOutcome, [Claim]>('claim');
/** The collector cancels its QR; answers the order's status. */
export const cancelUpdate = defineUpdate<OrderStatus, []>('cancel');
/** Sandbox only (the API refuses it in production): the expiry timer fires now; answers the order's status. */
export const expireUpdate = defineUpdate<OrderStatus, []>('expire');
export const submitAmountSignal = defineSignal<[AmountSignal]>('submitAmount');
export const decideSignal = defineSignal<[DecisionSignal]>('decide');
export const cancelSignal = defineSignal('cancel');
export const orderStatusQuery = defineQuery<OrderStatus>('status');
export const orderPhaseQuery = defineQuery<OrderPhase>('phase');
export const refusedSignalsQuery = defineQuery<RefusedSignal[]>('refusedSignals');
