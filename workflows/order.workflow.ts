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
import type { OrderActivities } from '../activities/order.activities';
import type { CurrencyCode } from '../src/money';
import { AWAITING_PHASES, BUSY_PHASES, statusAfter, type OrderAction, type OrderEvent, type OrderRejection, type OrderStatus } from '../src/orders/lifecycle';
import { outcomeOf, type OrderOutcome, type RecordedBodies, type Settlement, type StepResult } from '../src/orders/order-steps';
import { withWallet } from '../src/orders/payout-destination';
import type { MovementOutcome } from '../src/rails/rails.port';
import { ORDER_STATUS, PAYER_CURRENCY, PAYOUT_UNCONFIRMED, STATUS_SINCE } from '../src/temporal/search-attribute-keys';
import { DATABASE_STEP, DELIVERY_ATTEMPT, NON_RETRYABLE, RAIL_CALL } from './activity-options';
import { establishOutcome } from './establish-outcome';
import { deliverInBackground } from './notification-delivery.workflow';
import {
  amountSignalSchema,
  cancelSignal,
  cancelUpdate,
  Claim,
  claimUpdate,
  Decision,
  decideSignal,
  decideUpdate,
  DecisionSignal,
  decisionSignalSchema,
  expireUpdate,
  orderPhaseQuery,
  OrderWorkflowInput,
  orderStatusQuery,
  PayoutResolution,
  RefusedSignal,
  refusedSignalsQuery,
  resolvePayoutUpdate,
  SubmitAmount,
  submitAmountSignal,
  submitAmountUpdate,
} from '../src/orders/order-messages';
import { OrderState } from './order-state';

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
 * Issue 22: a step closing the order on its own path delivers its callbacks itself, once written
 * (DeliveringStep), instead of a local activity each. Histories recorded before it replay those.
 */
const STEP_DELIVERS_PATCH = '22-closing-step-delivers';

/**
 * Issue 28: an action that reaches an order still being prepared waits for the preparation and is
 * judged then, instead of being refused for a phase the integrator cannot see. Histories recorded
 * before it refused those (a signal's refusal kept; an update's never accepted).
 */
const PREPARATION_PATCH = '28-actions-wait-for-preparation';

/**
 * How long an action waits for a preparation: less than the API's bound on a request's Temporal
 * calls (API_TEMPORAL_TIMEOUT, 10 s by default), so that its request is answered the outcome.
 */
const PREPARATION_WAIT = '8 seconds';

/**
 * Issue 31: testers' signals act only on an order started allowing them (its `testerSignals`),
 * and a decision's signal never says where callbacks go. Histories recorded before took every
 * signal, a decision's URL included.
 */
const TESTER_SIGNALS_PATCH = '31-tester-signals-gated';

/** What a step refuses of the input it was given (the API refuses these first; a tester's signal may bring them). */
const STEP_REFUSALS = ['INVALID_AMOUNT', 'INVALID_WALLET', 'INVALID_URL'];

/**
 * One order, from preview to a final status. The workflow is the only writer of the order's
 * state after creation: each step names the lifecycle's event (src/orders/lifecycle) and its
 * activity writes what the lifecycle says in one transaction (row, history entry, callbacks,
 * ledger entries). Its state is one OrderState, whose phase the handlers ask before acting.
 * Integrator actions arrive as updates, so a refused one (invalid status, already processed) is
 * answered synchronously; testers may send the amount, the decision and a cancel as signals,
 * which take the same path, a refused one kept for the `refusedSignals` query. A payout whose
 * outcome is unknown keeps its funds reserved until the rail, or an operator, says what happened.
 */
export async function orderWorkflow(input: OrderWorkflowInput): Promise<OrderStatus> {
  const { orderId } = input;
  const state = new OrderState(orderId, input.initialStatus, new Date(input.expiresAtMs));
  let seq = 1;
  let resolution: PayoutResolution | undefined;
  const deliveries: Array<Promise<void>> = [];
  // Histories recorded before StatusSince and PayerCurrency existed replay without these upserts.
  const searchable = patched('stuck-orders-search-attributes');

  /** Takes in a step's outcome, keeping OrderStatus (and when it began) searchable. */
  const record = (outcome: Pick<OrderOutcome, 'status' | 'errorCode'>) => {
    if (!state.record(outcome)) return;
    const to = outcome.status;
    upsertSearchAttributes(
      searchable
        ? [
            { key: ORDER_STATUS, value: to },
            { key: STATUS_SINCE, value: new Date() },
          ]
        : [{ key: ORDER_STATUS, value: to }],
    );
  };

  /** Callbacks go out beside the payment path, never in its way; `closing`: the order closes on its own path, no update waits. */
  const notify = (eventIds: string[], closing: boolean) => {
    for (const eventId of eventIds) {
      const delivery = closing && patched(LOCAL_CALLBACKS_PATCH) ? localCallbacks : callbacks;
      deliveries.push(delivery.deliverNotification(eventId).catch(() => deliverInBackground([eventId])));
    }
  };

  /** Whether a step closing the order on its own path is to deliver its callbacks itself. */
  const delivering = (closing: boolean) => closing && patched(STEP_DELIVERS_PATCH);

  /**
   * A step's result, recorded now or (RecordedBodies) by the workflow's code before issue 23.
   * `delivered`: the step tried its callbacks itself; those not acknowledged go to their long retry.
   */
  const applied = (result: StepResult | RecordedBodies, closing: boolean, delivered = false): OrderOutcome => {
    const outcome = outcomeOf(result);
    record(outcome);
    const undelivered = delivered ? ((result as StepResult).undelivered ?? []) : [];
    if (undelivered.length > 0) deliveries.push(deliverInBackground(undelivered));
    if (!delivered) notify(result.eventIds, closing);
    return outcome;
  };

  const change = async (event: OrderEvent, notificationUrl: string | undefined, closing: boolean, requestId?: string) => {
    const deliver = delivering(closing);
    const input = { orderId, seq: ++seq, event, ...(notificationUrl ? { notificationUrl } : {}), requestId, ...(deliver ? { deliver } : {}) };
    return applied(await db.changeOrder(input), closing, deliver);
  };

  const refuse = (rejection: OrderRejection | null) => {
    if (rejection) throw ApplicationFailure.nonRetryable(state.refusalMessage(rejection, new Date()), rejection);
  };

  /** An update's validator: an action that is to wait for the preparation is judged once it has. */
  const validate = (action: OrderAction) => {
    if (!state.awaitsPreparation(action)) refuse(state.refusal(action));
  };

  /** Whether `action` reached a preparation in progress, to wait for it (a replay of a history recorded before: never). */
  const waiting = (action: OrderAction) => state.awaitsPreparation(action) && patched(PREPARATION_PATCH);
  /** Whether the preparation ended within the wait. */
  const preparationOver = () => condition(() => state.phase !== 'PREPARING', PREPARATION_WAIT);

  /**
   * An update's action, taken at once (in the same step, as before issue 28), or, when it reached
   * the preparation, once that is over and the action judged as its validator would have.
   */
  const afterPreparation = <T>(action: OrderAction, take: () => Promise<T>): Promise<T> => {
    if (!waiting(action)) return take();
    return preparationOver().then((over) => {
      if (!over) throw ApplicationFailure.nonRetryable(`Order ${orderId} is still being prepared; retry after a few seconds`, 'STILL_PREPARING');
      refuse(state.refusal(action));
      return take();
    });
  };

  /**
   * Whether testers' signals may act on this order: where the deployment allowed them when the
   * order started (sandbox, or TESTER_SIGNALS). Asked only once a signal has come, so orders
   * nobody signals record nothing; a history recorded before took every signal.
   */
  const testersAllowed = () => input.testerSignals === true || !patched(TESTER_SIGNALS_PATCH);

  /**
   * A tester's signal: refused (kept with its reason) where testers may not act; otherwise, like
   * an update's action, taken at once or once the preparation it reached is over, and kept as
   * refused when that outlasts the wait.
   */
  const fromTester = (signal: RefusedSignal['signal'], action: OrderAction, take: () => Promise<void>): Promise<void> => {
    if (!testersAllowed()) {
      state.refuseSignal(signal, 'SIGNALS_NOT_ALLOWED', `Order ${orderId} takes no tester's signals: the deployment did not allow them when it started`, new Date());
      return Promise.resolve();
    }
    if (!waiting(action)) return take();
    return preparationOver().then((over) => (over ? take() : state.refuseSignal(signal, 'STILL_PREPARING', `Order ${orderId} was still being prepared`, new Date())));
  };

  /** A signal the lifecycle refuses, or one that is malformed, is kept with its reason and changes nothing; else its input, parsed. */
  const takenSignal = <T>(signal: RefusedSignal['signal'], action: OrderAction, parsed: { success: true; data: T } | { success: false; error: Error }): T | null => {
    if (!parsed.success) {
      state.refuseSignal(signal, 'INVALID_SIGNAL', parsed.error.message, new Date());
      return null;
    }
    const rejection = state.refusal(action);
    if (!rejection) return parsed.data;
    state.refuseSignal(signal, rejection, state.refusalMessage(rejection, new Date()), new Date());
    return null;
  };
  /**
   * A step that refused what a signal brought (an amount or a wallet the API would have refused,
   * a quote it cannot lock) is kept like a refusal: nobody waits for a signal's answer, and a
   * failure thrown from its handler would fail the whole order.
   */
  const keepRefusal = (signal: RefusedSignal['signal']) => (error: unknown) => {
    if (!(error instanceof ActivityFailure || error instanceof ApplicationFailure)) throw error;
    const failure = error instanceof ActivityFailure && error.cause instanceof ApplicationFailure ? error.cause : error;
    state.refuseSignal(signal, (failure instanceof ApplicationFailure && failure.type) || 'STEP_FAILED', failure.message, new Date());
  };

  setHandler(orderStatusQuery, () => state.status);
  setHandler(orderPhaseQuery, () => state.phase);
  setHandler(refusedSignalsQuery, () => state.refusedSignals);

  setHandler(submitAmountUpdate, ({ amount, fxQuoteId, requestId }) => afterPreparation('AMOUNT', () => submitAmount(amount, fxQuoteId, requestId)), {
    validator: (_input: SubmitAmount) => validate('AMOUNT'),
  });
  setHandler(submitAmountSignal, (input) =>
    fromTester('submitAmount', 'AMOUNT', async () => {
      const taken = takenSignal('submitAmount', 'AMOUNT', amountSignalSchema.safeParse(input));
      if (taken) await submitAmount(taken.amount, taken.fxQuoteId ?? null).catch(keepRefusal('submitAmount'));
    }),
  );

  setHandler(decideUpdate, (decision) => afterPreparation('DECISION', () => decide(decision)), { validator: (_input: Decision) => validate('DECISION') });
  setHandler(decideSignal, (input) =>
    fromTester('decide', 'DECISION', async () => {
      const taken = takenSignal('decide', 'DECISION', decisionSignalSchema.safeParse(input));
      if (!taken) return;
      // Where the payer hears of its payment is the API's to set: a signal naming a URL is no decision.
      if (taken.notificationUrl !== undefined && patched(TESTER_SIGNALS_PATCH)) {
        state.refuseSignal('decide', 'INVALID_SIGNAL', "a signal cannot say where callbacks go: they go to the order's own notification_url", new Date());
        return;
      }
      // A rejection takes no wallet; without a URL the payer hears where its preview went.
      const { decision, notificationUrl, walletId } = taken;
      await decide({ decision, notificationUrl, ...(decision === 'accepted' && walletId ? { walletId } : {}) }).catch(keepRefusal('decide'));
    }),
  );

  setHandler(claimUpdate, (claim) => afterPreparation('CLAIM', () => takeClaim(claim)), { validator: (_claim: Claim) => validate('CLAIM') });

  setHandler(cancelUpdate, () => afterPreparation('CANCEL', () => cancel()), { validator: () => validate('CANCEL') });
  setHandler(cancelSignal, () =>
    fromTester('cancel', 'CANCEL', async () => {
      if (takenSignal('cancel', 'CANCEL', { success: true, data: true })) await cancel().catch(keepRefusal('cancel'));
    }),
  );

  // The sandbox's "the expiry timer fires now": the same closing as the timer's, while nobody has acted yet.
  setHandler(
    expireUpdate,
    () =>
      afterPreparation('EXPIRE', async () => {
        await expire(false);
        return state.status;
      }),
    {
      validator: () => {
        // The sandbox's, where the deployment allowed testers when the order started (a validator runs no replay).
        if (input.testerSignals !== true) throw ApplicationFailure.nonRetryable(`Order ${orderId} takes no early expiry: testers were not allowed when it started`, 'NOT_ALLOWED');
        validate('EXPIRE');
      },
    },
  );

  setHandler(
    resolvePayoutUpdate,
    async (given) => {
      resolution = given;
      await condition(() => state.phase === 'CLOSED');
      return state.status;
    },
    { validator: (_input: PayoutResolution) => refuse(state.refusal('RESOLVE')) },
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
    await change('UNRESOLVED', undefined, true);
    return finish();
  }
  record({ status: prepared.status, errorCode: state.errorCode });
  notify(prepared.eventIds, !prepared.ready);
  if (!prepared.ready) return finish();
  state.facts = prepared.facts;
  const settings = prepared.settings;

  const awaiting = () => AWAITING_PHASES.includes(state.phase);
  // A decision whose step refused what it brought (a tester's wallet or URL) leaves the order waiting again, racing the same expiry.
  do {
    if (!(await condition(() => !awaiting(), Math.max(0, input.expiresAtMs - Date.now())))) {
      // An amount or a claim being applied right at expiry finishes first; a decision that lands with it wins.
      await condition(() => !BUSY_PHASES.includes(state.phase));
      if (awaiting()) {
        await expire(true);
        if (state.phase !== 'PAYING') return finish();
      }
    }
    // A decision, or a cancel, still being applied decides whether a payout is owed.
    await condition(() => state.phase !== 'DECIDING' && state.phase !== 'CLOSING');
  } while (awaiting());
  if (state.phase === 'PAYING') {
    const facts = state.facts;
    // A collection is paid inside the service: the collector's account is the destination.
    const settlement: Settlement = facts.flow === 'COLLECTION' ? { outcome: 'PAID', railReference: 'INTERNAL' } : await payout();
    // An operator's resolution is answered as this task ends: its callback is not to hold the answer back.
    const deliver = delivering(resolution === undefined);
    const settled = await db.settleOrder({ orderId, seq: ++seq, settlement, facts, ...(deliver ? { deliver } : {}) });
    applied(settled, deliver || resolution === undefined, deliver);
  }
  return finish();

  /** A collection's QR scanned by a client: it becomes the order's payer. */
  async function takeClaim(claim: Claim): Promise<OrderOutcome> {
    state.begin('CLAIM');
    let claimed;
    try {
      claimed = await db.claimOrder({ orderId, seq: ++seq, claim, facts: state.facts! });
    } catch (error) {
      if (!(error instanceof ActivityFailure)) throw error;
      state.done();
      throw ApplicationFailure.nonRetryable(`order ${orderId} cannot be claimed: ${error.cause?.message ?? error.message}`, 'ALREADY_PROCESSED');
    }
    const outcome = applied(claimed, false);
    // The claim as recorded at this seq; histories recorded before `recorded` existed carry the claim's own facts.
    const recorded = claimed.recorded as typeof claimed.recorded | undefined;
    state.facts = recorded?.facts ?? {
      ...state.facts!,
      payerClientId: claim.payerClientId,
      userCurrency: claim.userCurrency as CurrencyCode,
      userAmount: outcome.userAmount,
    };
    state.done();
    if (searchable) upsertSearchAttributes([{ key: PAYER_CURRENCY, value: state.facts.userCurrency }]);
    if (recorded && (recorded.facts.payerClientId !== claim.payerClientId || recorded.externalReference !== claim.externalReference)) {
      // Another payer's claim committed at this seq while Temporal lost its acceptance (see close()):
      // the order is that payer's, and this one is told so, as if it had come second.
      log.warn('order workflow took up a claim recorded without it (an update lost with its workflow task)', { orderId, status: state.status, phase: state.phase });
      throw ApplicationFailure.nonRetryable(`order ${orderId} was claimed by another payer`, 'ALREADY_PROCESSED');
    }
    return outcome;
  }

  /** The open amount, from the API (priced at its quote) or a tester's signal (no quote: the step prices it). */
  async function submitAmount(amount: string, fxQuoteId: string | null, requestId?: string): Promise<OrderOutcome> {
    state.begin('AMOUNT');
    try {
      const outcome = applied(await db.submitAmount({ orderId, seq: ++seq, amount, fxQuoteId, facts: state.facts!, requestId }), false);
      state.facts = { ...state.facts!, localAmount: outcome.localAmount, userAmount: outcome.userAmount };
      return outcome;
    } finally {
      state.done();
    }
  }

  /**
   * The payer's decision: the funds reserved (or found short), or the order canceled. A step
   * that refuses what the decision brought (a wallet, a URL) leaves the order waiting for it.
   * The API's request id goes with the change it makes.
   */
  async function decide({ decision, notificationUrl, walletId, requestId }: DecisionSignal & Pick<Decision, 'requestId'>): Promise<OrderOutcome> {
    state.begin('DECISION');
    try {
      if (decision === 'rejected') return await close('USER_REJECTED', notificationUrl, false, requestId);
      try {
        const accepted = applied(await db.acceptOrder({ orderId, seq: ++seq, notificationUrl, walletId, facts: state.facts!, requestId }), false);
        state.facts = { ...state.facts!, destination: withWallet(state.facts!.destination, walletId) };
        return accepted;
      } catch (error) {
        if (!(error instanceof ActivityFailure)) throw error;
        if (error.cause instanceof ApplicationFailure && STEP_REFUSALS.includes(error.cause.type ?? '')) throw error.cause;
        // A step that can never succeed (a broken invariant) must not leave the order hanging.
        return await change('DECISION_BROKEN', notificationUrl, false, requestId);
      }
    } finally {
      state.done();
    }
  }

  /** The collector cancels its QR; answers the order's status. */
  async function cancel(): Promise<OrderStatus> {
    await close('COLLECTOR_CANCELED', undefined, false);
    return state.status;
  }

  /** `closing`: on the order's own path (its timer); false under the sandbox's update, which waits for its answer. */
  async function expire(closing: boolean): Promise<void> {
    await close('EXPIRED', undefined, closing);
  }

  /**
   * Closes a waiting order with `event`. A change that comes back in another status found a step
   * already recorded at its seq: an update whose local activity committed while its acceptance
   * was lost with its workflow task (Temporal restarted under it), so this workflow never heard
   * of it. The database is the truth: the workflow takes the order up from there. A decision
   * recorded means its payout is owed (phase PAYING); a lost claim or amount leaves the order
   * waiting, and the change applies at the next seq.
   */
  async function close(event: OrderEvent, notificationUrl: string | undefined, closing: boolean, requestId?: string): Promise<OrderOutcome> {
    state.closing();
    let outcome: OrderOutcome;
    try {
      outcome = await change(event, notificationUrl, closing, requestId);
    } catch (error) {
      // Refused (a tester's URL) or broken: the order waits as it did.
      state.done();
      throw error;
    }
    if (state.status === statusAfter(event)) {
      state.done();
      return outcome;
    }
    const recorded = await db.orderFacts({ orderId });
    state.facts = recorded.facts;
    state.done();
    log.warn('order workflow took up a step recorded without it (an update lost with its workflow task)', { orderId, status: state.status, phase: state.phase });
    return AWAITING_PHASES.includes(state.phase) ? close(event, notificationUrl, closing, requestId) : outcome;
  }

  /**
   * What became of the payout: the reservation stays while nobody knows. Past
   * PAYOUT_RETRY_WINDOW the order is flagged for an operator (establish-outcome.ts).
   */
  async function payout(): Promise<Settlement> {
    const facts = state.facts!;
    const established = await establishOutcome({
      what: 'payout',
      send: () =>
        rails.sendPayout({ orderId, facts }).catch((error: unknown): MovementOutcome => {
          if (error instanceof ActivityFailure) return { kind: 'UNKNOWN', reason: error.message };
          throw error;
        }),
      inquire: () =>
        rails.payoutStatus({ orderId, facts }).catch((error: unknown) => {
          if (error instanceof ActivityFailure) return { status: 'UNREACHABLE' as const, reason: error.message };
          throw error;
        }),
      windowMs: settings.payoutRetryWindowMs,
      onUnconfirmed: (reason) => {
        state.unconfirmed = true;
        upsertSearchAttributes([{ key: PAYOUT_UNCONFIRMED, value: true }]);
        log.warn('payout unconfirmed: funds stay reserved until the rail or an operator settles it', { orderId, reason });
      },
      resolved: () => resolution !== undefined,
    });
    if (state.unconfirmed) {
      // The payout settles: the order leaves PAYOUT_UNCONFIRMED, and its flag.
      upsertSearchAttributes([{ key: PAYOUT_UNCONFIRMED, value: false }]);
      state.unconfirmed = false;
    }
    switch (established.kind) {
      case 'COMPLETED':
        return { outcome: 'PAID', railReference: established.railReference || orderId };
      case 'REJECTED':
        return { outcome: 'REJECTED', reason: established.reason };
      case 'FAILED':
        return { outcome: 'NOT_PAID', reason: established.reason };
      case 'RESOLVED':
        return operatorSettlement(resolution!);
    }
  }

  /** No update or callback may be cut off by the workflow's end: handlers first, as they may still send some. */
  async function finish(): Promise<OrderStatus> {
    await condition(allHandlersFinished);
    await Promise.all(deliveries);
    return state.status;
  }
}

function operatorSettlement({ outcome, reason, operator }: PayoutResolution): Settlement {
  const note = `payout resolved as ${outcome} by ${operator}: ${reason}`;
  return outcome === 'paid' ? { outcome: 'PAID', railReference: 'OPERATOR-RESOLVED', note } : { outcome: 'NOT_PAID', reason, note };
}
