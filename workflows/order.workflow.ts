import {
  ActivityFailure,
  allHandlersFinished,
  ApplicationFailure,
  condition,
  log,
  patched,
  proxyActivities,
  proxyLocalActivities,
  setHandler,
  upsertSearchAttributes,
} from '@temporalio/workflow';
import type { createNotificationActivities } from '../activities/notifications.activities';
import type { ChangeResult, OrderActivities, OrderFacts, OrderSettings, Settlement } from '../activities/order.activities';
import type { OrderChange } from '../src/orders/order.repository';
import {
  amountRejectionIn,
  AWAITING_PHASES,
  BUSY_PHASES,
  cancelRejectionIn,
  claimRejectionIn,
  decisionRejectionIn,
  expiryRejectionIn,
  OrderPhase,
  phaseOf,
  rejectionMessage,
  resolutionRejectionIn,
} from '../src/orders/order-rules';
import { withWallet } from '../src/orders/payout-destination';
import type { OrderErrorCode, OrderRejection, OrderStatus } from '../src/orders/order-status';
import type { MovementOutcome } from '../src/rails/rails.port';
import { ORDER_STATUS, PAYER_CURRENCY, PAYOUT_UNCONFIRMED, STATUS_SINCE } from '../src/temporal/search-attribute-keys';
import { DATABASE_STEP, DELIVERY_ATTEMPT, NON_RETRYABLE, RAIL_CALL } from './activity-options';
import { establishOutcome } from './establish-outcome';
import { deliverInBackground } from './notification-delivery.workflow';
import {
  cancelUpdate,
  Claim,
  claimUpdate,
  Decision,
  decideUpdate,
  expireUpdate,
  orderPhaseQuery,
  OrderWorkflowInput,
  orderStatusQuery,
  PayoutResolution,
  resolvePayoutUpdate,
  SubmitAmount,
  submitAmountUpdate,
} from './order.definitions';

const db = proxyLocalActivities<OrderActivities>(DATABASE_STEP);

/**
 * Preparation asks the QR acquirer, and nothing is reserved yet, so it is bounded: after two
 * minutes of an unreachable rail the order fails with UPSTREAM_ERROR instead of waiting out
 * its expiry in silence.
 */
const preparation = proxyLocalActivities<OrderActivities>({
  startToCloseTimeout: '30 seconds',
  scheduleToCloseTimeout: '2 minutes',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '20 seconds', nonRetryableErrorTypes: NON_RETRYABLE },
});

/** The payout rail. */
const rails = proxyActivities<OrderActivities>(RAIL_CALL);

type NotificationActivities = ReturnType<typeof createNotificationActivities>;

/**
 * One delivery attempt from the order itself: the happy path costs no child workflow. A
 * workflow task ends only once its local activities have, and an update is answered, or
 * taken in, only as a task ends: so a callback is a local activity (no task of its own) only
 * where the order is closing on its own path (settled, expired, failed to prepare), and an
 * activity wherever a slow receiver would hold back an update's answer or the next update.
 */
const callbacks = proxyActivities<NotificationActivities>(DELIVERY_ATTEMPT);
const localCallbacks = proxyLocalActivities<NotificationActivities>(DELIVERY_ATTEMPT);

/** Issue 12: the closing callbacks as local activities. Histories recorded before it replay them as activities. */
const LOCAL_CALLBACKS_PATCH = '12-local-callbacks';

/**
 * One order, from preview to a final status. The workflow is the only writer of the order's
 * state after creation: every transition is one transaction (row, history entry, callbacks,
 * ledger entry). Integrator actions arrive as updates, so a refused one (invalid status,
 * already processed) is answered synchronously. A payout whose outcome is unknown keeps its
 * funds reserved until the rail, or an operator, says what happened.
 */
export async function orderWorkflow(input: OrderWorkflowInput): Promise<OrderStatus> {
  const { orderId } = input;
  let status = input.initialStatus;
  // Why the order failed or was canceled, as its last change wrote it: a refusal says "expired" from it.
  let errorCode: OrderErrorCode | null = null;
  let phase: OrderPhase = 'PREPARING';
  let seq = 1;
  let facts: OrderFacts | undefined;
  let settings: OrderSettings | undefined;
  let resolution: PayoutResolution | undefined;
  const deliveries: Array<Promise<void>> = [];
  // Histories recorded before StatusSince and PayerCurrency existed replay without these upserts.
  const searchable = patched('stuck-orders-search-attributes');

  const setStatus = (to: OrderStatus) => {
    if (to === status) return;
    status = to;
    upsertSearchAttributes(searchable ? [{ key: ORDER_STATUS, value: to }, { key: STATUS_SINCE, value: new Date() }] : [{ key: ORDER_STATUS, value: to }]);
  };

  /** Callbacks go out beside the payment path, never in its way; `closing`: the order closes on its own path, no update waits. */
  const notify = (eventIds: string[], closing: boolean) => {
    for (const eventId of eventIds) {
      const delivery = closing && patched(LOCAL_CALLBACKS_PATCH) ? localCallbacks : callbacks;
      deliveries.push(delivery.deliverNotification(eventId).catch(() => deliverInBackground([eventId])));
    }
  };

  const applied = <T extends ChangeResult>(result: T, closing: boolean): T => {
    setStatus(result.status);
    errorCode = result.payment.error_code;
    notify(result.eventIds, closing);
    return result;
  };

  const change = (to: OrderStatus, details: Omit<OrderChange, 'orderId' | 'seq' | 'from' | 'to'>, closing: boolean) =>
    db.changeOrder({ orderId, seq: ++seq, from: status, to, ...details }).then((result) => applied(result, closing));

  // A function, so that the compiler does not narrow a phase the handlers change meanwhile.
  const isPaying = () => phase === 'PAYING';

  // Worded as the API words it: an order refused past its expiresAtMs (its timer fired, its closing not written yet) says it expired.
  const refuse = (rejection: OrderRejection | null) => {
    if (!rejection) return;
    const standing = { id: orderId, status, errorCode, expiresAt: new Date(input.expiresAtMs) };
    throw ApplicationFailure.nonRetryable(rejectionMessage(standing, rejection, new Date()), rejection);
  };

  setHandler(orderStatusQuery, () => status);
  setHandler(orderPhaseQuery, () => phase);

  setHandler(
    submitAmountUpdate,
    async ({ amount, fxQuoteId }) => {
      phase = 'APPLYING_AMOUNT';
      const result = applied(await db.submitAmount({ orderId, seq: ++seq, from: status, amount, fxQuoteId, facts: facts! }), false);
      facts = { ...facts!, localAmount: result.localAmount, userAmount: result.userAmount };
      phase = 'AWAITING_DECISION';
      return result.preview;
    },
    { validator: (_input: SubmitAmount) => refuse(amountRejectionIn(phase, status)) },
  );

  setHandler(
    decideUpdate,
    async ({ decision, notificationUrl, walletId }) => {
      phase = 'DECIDING';
      const patch = { paymentNotificationUrl: notificationUrl };
      if (decision === 'rejected') {
        const rejected = await close('CANCELED', { patch, errorCode: 'USER_REJECTED', notify: ['PAYMENT'] }, false);
        return rejected.payment;
      }
      let accepted: ChangeResult;
      try {
        accepted = applied(await db.acceptOrder({ orderId, seq: ++seq, notificationUrl, walletId, facts: facts! }), false);
        facts = { ...facts!, destination: withWallet(facts!.destination, walletId) };
      } catch (error) {
        // A step that can never succeed (a broken invariant) must not leave the order hanging.
        if (!(error instanceof ActivityFailure)) throw error;
        accepted = await change('FAILED', { patch, errorCode: 'INTERNAL_ERROR', notify: ['PAYMENT'] }, false);
      }
      phase = accepted.status === 'PROCESSING' ? 'PAYING' : 'CLOSED';
      return accepted.payment;
    },
    { validator: (_input: Decision) => refuse(decisionRejectionIn(phase, status)) },
  );

  setHandler(
    claimUpdate,
    async (claim) => {
      phase = 'CLAIMING';
      let claimed;
      try {
        claimed = applied(await db.claimOrder({ orderId, seq: ++seq, from: status, claim, facts: facts! }), false);
      } catch (error) {
        if (!(error instanceof ActivityFailure)) throw error;
        phase = 'AWAITING_PAYER';
        throw ApplicationFailure.nonRetryable(`order ${orderId} cannot be claimed: ${error.cause?.message ?? error.message}`, 'ALREADY_PROCESSED');
      }
      // The claim as recorded at this seq; histories recorded before `recorded` existed carry the claim's own facts.
      const { recorded } = claimed;
      facts = recorded?.facts ?? { ...facts!, payerClientId: claim.payerClientId, userCurrency: claim.userCurrency as OrderFacts['userCurrency'], userAmount: claimed.userAmount };
      if (searchable) upsertSearchAttributes([{ key: PAYER_CURRENCY, value: facts.userCurrency }]);
      phase = claimed.status === 'CREATED' ? 'AWAITING_DECISION' : 'AWAITING_AMOUNT';
      if (recorded && (recorded.facts.payerClientId !== claim.payerClientId || recorded.externalReference !== claim.externalReference)) {
        // Another payer's claim committed at this seq while Temporal lost its acceptance (see close()):
        // the order is that payer's, and this one is told so, as if it had come second.
        log.warn('order workflow took up a claim recorded without it (an update lost with its workflow task)', { orderId, status, phase });
        throw ApplicationFailure.nonRetryable(`order ${orderId} was claimed by another payer`, 'ALREADY_PROCESSED');
      }
      return claimed.preview;
    },
    { validator: (_claim: Claim) => refuse(claimRejectionIn(phase)) },
  );

  setHandler(
    cancelUpdate,
    async () => {
      await close('CANCELED', { errorCode: 'CANCELED_BY_COLLECTOR', notify: ['PAYMENT'] }, false);
      return status;
    },
    { validator: () => refuse(cancelRejectionIn(phase)) },
  );

  // The sandbox's "the expiry timer fires now": the same closing as the timer's, while nobody has acted yet.
  setHandler(
    expireUpdate,
    async () => {
      await expire(false);
      return status;
    },
    { validator: () => refuse(expiryRejectionIn(phase)) },
  );

  setHandler(
    resolvePayoutUpdate,
    async (given) => {
      resolution = given;
      await condition(() => phase === 'CLOSED');
      return status;
    },
    { validator: (_input: PayoutResolution) => refuse(resolutionRejectionIn(phase)) },
  );

  if (Date.now() >= input.expiresAtMs) {
    // Started late (by the reconciler, for an order the API could not hand over): nothing was shown to anyone yet.
    await expire(true);
    return finish();
  }

  const prepared = await preparation.prepareOrder({ orderId, seq: ++seq }).catch((error: unknown) => {
    if (error instanceof ActivityFailure) return null;
    throw error;
  });
  if (!prepared) {
    await change('FAILED', { errorCode: 'UPSTREAM_ERROR', notify: ['PREVIEW'] }, true);
    return finish();
  }
  setStatus(prepared.status);
  notify(prepared.eventIds, !prepared.ready);
  if (!prepared.ready) return finish();
  facts = prepared.facts;
  settings = prepared.settings;
  phase = phaseOf(prepared.status, prepared.awaitingPayer === true);

  const awaiting = () => AWAITING_PHASES.includes(phase);
  if (!(await condition(() => !awaiting(), Math.max(0, input.expiresAtMs - Date.now())))) {
    // An amount or a claim being applied right at expiry finishes first; a decision that lands with it wins.
    await condition(() => !BUSY_PHASES.includes(phase));
    if (awaiting()) {
      await expire(true);
      if (!isPaying()) return finish();
    }
  }
  // A decision, or a cancel, still being applied decides whether a payout is owed.
  await condition(() => phase !== 'DECIDING' && phase !== 'CLOSING');
  if (isPaying()) {
    // A collection is paid inside the service: the collector's account is the destination.
    const settlement: Settlement = facts!.flow === 'COLLECTION' ? { outcome: 'PAID', railReference: 'INTERNAL' } : await payout();
    // An operator's resolution is answered as this task ends: its callback is not to hold the answer back.
    applied(await db.settleOrder({ orderId, seq: ++seq, settlement, facts: facts! }), resolution === undefined);
    phase = 'CLOSED';
  }
  return finish();

  /** `closing`: on the order's own path (its timer); false under the sandbox's update, which waits for its answer. */
  async function expire(closing: boolean): Promise<void> {
    await close('CANCELED', { errorCode: 'EXPIRED', notify: ['QR_EXPIRED'] }, closing);
  }

  /**
   * Moves a waiting order to `to`. A change that comes back in another status found a step
   * already recorded at its seq: an update whose local activity committed while its acceptance
   * was lost with its workflow task (Temporal restarted under it), so this workflow never heard
   * of it. The database is the truth: the workflow takes the order up from there. A decision
   * recorded means its payout is owed (phase PAYING); a lost claim or amount leaves the order
   * waiting, and the change applies at the next seq.
   */
  async function close(to: OrderStatus, details: Omit<OrderChange, 'orderId' | 'seq' | 'from' | 'to'>, closing: boolean): Promise<ChangeResult> {
    phase = 'CLOSING';
    const result = await change(to, details, closing);
    if (status === to) {
      phase = 'CLOSED';
      return result;
    }
    const recorded = await db.orderFacts({ orderId });
    facts = recorded.facts;
    phase = phaseOf(status, recorded.awaitingPayer);
    log.warn('order workflow took up a step recorded without it (an update lost with its workflow task)', { orderId, status, phase });
    return AWAITING_PHASES.includes(phase) ? close(to, details, closing) : result;
  }

  /**
   * What became of the payout: the reservation stays while nobody knows. Past
   * PAYOUT_RETRY_WINDOW the order is flagged for an operator (establish-outcome.ts).
   */
  async function payout(): Promise<Settlement> {
    const established = await establishOutcome({
      what: 'payout',
      send: () =>
        rails.sendPayout({ orderId, facts: facts! }).catch((error: unknown): MovementOutcome => {
          if (error instanceof ActivityFailure) return { kind: 'UNKNOWN', reason: error.message };
          throw error;
        }),
      inquire: () =>
        rails.payoutStatus({ orderId, facts: facts! }).catch((error: unknown) => {
          if (error instanceof ActivityFailure) return { status: 'UNREACHABLE' as const, reason: error.message };
          throw error;
        }),
      windowMs: settings!.payoutRetryWindowMs,
      onUnconfirmed: (reason) => {
        phase = 'PAYOUT_UNCONFIRMED';
        upsertSearchAttributes([{ key: PAYOUT_UNCONFIRMED, value: true }]);
        log.warn('payout unconfirmed: funds stay reserved until the rail or an operator settles it', { orderId, reason });
      },
      resolved: () => resolution !== undefined,
    });
    switch (established.kind) {
      case 'COMPLETED':
        return unflagged({ outcome: 'PAID', railReference: established.railReference || orderId });
      case 'REJECTED':
        return unflagged({ outcome: 'REJECTED', reason: established.reason });
      case 'FAILED':
        return unflagged({ outcome: 'NOT_PAID', reason: established.reason });
      case 'RESOLVED':
        return unflagged(operatorSettlement(resolution!));
    }
  }

  /** Leaves PAYOUT_UNCONFIRMED (and its flag) as the payout settles. */
  function unflagged(settlement: Settlement): Settlement {
    if (phase === 'PAYOUT_UNCONFIRMED') upsertSearchAttributes([{ key: PAYOUT_UNCONFIRMED, value: false }]);
    phase = 'PAYING';
    return settlement;
  }

  /** No update or callback may be cut off by the workflow's end: handlers first, as they may still send some. */
  async function finish(): Promise<OrderStatus> {
    await condition(allHandlersFinished);
    await Promise.all(deliveries);
    return status;
  }
}

function operatorSettlement({ outcome, reason, operator }: PayoutResolution): Settlement {
  const note = `payout resolved as ${outcome} by ${operator}: ${reason}`;
  return outcome === 'paid' ? { outcome: 'PAID', railReference: 'OPERATOR-RESOLVED', note } : { outcome: 'NOT_PAID', reason, note };
}
