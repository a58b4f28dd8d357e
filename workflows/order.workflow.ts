import {
  ActivityFailure,
  ApplicationFailure,
  condition,
  log,
  patched,
  setHandler,
  upsertSearchAttributes,
} from '@temporalio/workflow';
import type { CurrencyCode } from '../src/money';
import { AWAITING_PHASES, BUSY_PHASES, statusAfter, type OrderEvent, type OrderStatus } from '../src/orders/lifecycle';
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
  refusedSignalsQuery,
  SubmitAmount,
  submitAmountSignal,
  submitAmountUpdate,
} from '../src/orders/order-messages';
import type { OrderOutcome } from '../src/orders/order-steps';
import { withWallet } from '../src/orders/payout-destination';
import { PAYER_CURRENCY } from '../src/temporal/search-attribute-keys';
import { afterPreparation, fromTester, keepRefusal, takenSignal, validate } from './order/arrivals';
import { db, OrderRun } from './order/order-run';
import { TESTER_SIGNALS_PATCH } from './order/patches';
import { registerPayoutResolution } from './order/payout';
import { prepare, takePreparation } from './order/preparation';
import { settle } from './order/settlement';

/**
 * One order, from preview to a final status. The workflow is the only writer of the order's
 * state after creation: each step names the lifecycle's event (src/orders/lifecycle) and its
 * activity writes what the lifecycle says in one transaction (row, history entry, callbacks,
 * ledger entries). Its state is one OrderState, whose phase the handlers ask before acting.
 * Integrator actions arrive as updates, so a refused one (invalid status, already processed) is
 * answered synchronously; testers may send the amount, the decision and a cancel as signals,
 * which take the same path, a refused one kept for the `refusedSignals` query. A payout whose
 * outcome is unknown keeps its funds reserved until the rail, or an operator, says what happened.
 *
 * Each step is a module of workflows/order/ with the updates and signals it takes; this is the
 * order's own path, which awaits them: preparation, the race of the payer's actions against the
 * expiry, and the settlement.
 */
export async function orderWorkflow(input: OrderWorkflowInput): Promise<OrderStatus> {
  const run = new OrderRun(input);
  const { state } = run;
  setHandler(orderStatusQuery, () => state.status);
  setHandler(orderPhaseQuery, () => state.phase);
  setHandler(refusedSignalsQuery, () => state.refusedSignals);
  // Every handler is set before the first await, in this order.
  registerAmount(run);
  registerDecision(run);
  registerClaim(run);
  registerCancel(run);
  registerEarlyExpiry(run);
  registerPayoutResolution(run);

  if (Date.now() >= input.expiresAtMs) {
    // Started late (by the reconciler, for an order the API could not hand over): nothing was shown to anyone yet.
    await expire(run, true);
    return run.finish();
  }

  const prepared = await prepare(run);
  if (!prepared) {
    await run.change('UNRESOLVED', undefined, true);
    return run.finish();
  }
  const settings = takePreparation(run, prepared);
  if (!settings) return run.finish();

  const awaiting = () => AWAITING_PHASES.includes(state.phase);
  // A decision whose step refused what it brought (a tester's wallet or URL) leaves the order waiting again,
  // racing the same expiry.
  do {
    if (!(await condition(() => !awaiting(), Math.max(0, input.expiresAtMs - Date.now())))) {
      // An amount or a claim being applied right at expiry finishes first; a decision that lands with it wins.
      await condition(() => !BUSY_PHASES.includes(state.phase));
      if (awaiting()) {
        await expire(run, true);
        if (state.phase !== 'PAYING') return run.finish();
      }
    }
    // A decision, or a cancel, still being applied decides whether a payout is owed.
    await condition(() => state.phase !== 'DECIDING' && state.phase !== 'CLOSING');
  } while (awaiting());
  if (state.phase === 'PAYING') await settle(run, settings);
  return run.finish();
}

/** The open amount's update (the API's) and signal (a tester's). */
function registerAmount(run: OrderRun): void {
  setHandler(
    submitAmountUpdate,
    ({ amount, fxQuoteId, requestId }) =>
      afterPreparation(run, 'AMOUNT', () => submitAmount(run, amount, fxQuoteId, requestId)),
    { validator: (_input: SubmitAmount) => validate(run, 'AMOUNT') },
  );
  setHandler(submitAmountSignal, (input) =>
    fromTester(run, 'submitAmount', 'AMOUNT', async () => {
      const taken = takenSignal(run, 'submitAmount', 'AMOUNT', amountSignalSchema.safeParse(input));
      if (taken) {
        await submitAmount(run, taken.amount, taken.fxQuoteId ?? null).catch(keepRefusal(run, 'submitAmount'));
      }
    }),
  );
}

/** The open amount, from the API (priced at its quote) or a tester's signal (no quote: the step prices it). */
async function submitAmount(
  run: OrderRun,
  amount: string,
  fxQuoteId: string | null,
  requestId?: string,
): Promise<OrderOutcome> {
  const { state, orderId } = run;
  state.begin('AMOUNT');
  try {
    const step = { orderId, seq: run.nextSeq(), amount, fxQuoteId, facts: state.facts!, requestId };
    const outcome = run.applied(await db.submitAmount(step), false);
    state.facts = { ...state.facts!, localAmount: outcome.localAmount, userAmount: outcome.userAmount };
    return outcome;
  } finally {
    state.done();
  }
}

/** What a step refuses of the input it was given (the API refuses these first; a tester's signal may bring them). */
const STEP_REFUSALS = ['INVALID_AMOUNT', 'INVALID_WALLET', 'INVALID_URL'];

/** The payer's decision: the API's update, and a tester's signal, which never says where callbacks go. */
function registerDecision(run: OrderRun): void {
  const { state } = run;
  setHandler(decideUpdate, (decision) => afterPreparation(run, 'DECISION', () => decide(run, decision)), {
    validator: (_input: Decision) => validate(run, 'DECISION'),
  });
  setHandler(decideSignal, (input) =>
    fromTester(run, 'decide', 'DECISION', async () => {
      const taken = takenSignal(run, 'decide', 'DECISION', decisionSignalSchema.safeParse(input));
      if (!taken) return;
      // Where the payer hears of its payment is the API's to set: a signal naming a URL is no decision.
      if (taken.notificationUrl !== undefined && patched(TESTER_SIGNALS_PATCH)) {
        const message = "a signal cannot say where callbacks go: they go to the order's own notification_url";
        state.refuseSignal('decide', 'INVALID_SIGNAL', message, new Date());
        return;
      }
      // A rejection takes no wallet; without a URL the payer hears where its preview went.
      const { decision, notificationUrl, walletId } = taken;
      const wallet = decision === 'accepted' && walletId ? { walletId } : {};
      await decide(run, { decision, notificationUrl, ...wallet }).catch(keepRefusal(run, 'decide'));
    }),
  );
}

/**
 * The payer's decision: the funds reserved (or found short), or the order canceled. A step
 * that refuses what the decision brought (a wallet, a URL) leaves the order waiting for it.
 * The API's request id goes with the change it makes.
 */
async function decide(
  run: OrderRun,
  { decision, notificationUrl, walletId, requestId }: DecisionSignal & Pick<Decision, 'requestId'>,
): Promise<OrderOutcome> {
  const { state, orderId } = run;
  state.begin('DECISION');
  try {
    if (decision === 'rejected') return await close(run, 'USER_REJECTED', notificationUrl, false, requestId);
    try {
      const step = { orderId, seq: run.nextSeq(), notificationUrl, walletId, facts: state.facts!, requestId };
      const accepted = run.applied(await db.acceptOrder(step), false);
      state.facts = { ...state.facts!, destination: withWallet(state.facts!.destination, walletId) };
      return accepted;
    } catch (error) {
      if (!(error instanceof ActivityFailure)) throw error;
      if (error.cause instanceof ApplicationFailure && STEP_REFUSALS.includes(error.cause.type ?? ''))
        throw error.cause;
      // A step that can never succeed (a broken invariant) must not leave the order hanging.
      return await run.change('DECISION_BROKEN', notificationUrl, false, requestId);
    }
  } finally {
    state.done();
  }
}

/** A collection's claim, the API's update when a client scans its QR. */
function registerClaim(run: OrderRun): void {
  setHandler(claimUpdate, (claim) => afterPreparation(run, 'CLAIM', () => takeClaim(run, claim)), {
    validator: (_claim: Claim) => validate(run, 'CLAIM'),
  });
}

/** A collection's QR scanned by a client: it becomes the order's payer. */
async function takeClaim(run: OrderRun, claim: Claim): Promise<OrderOutcome> {
  const { state, orderId } = run;
  state.begin('CLAIM');
  let claimed;
  try {
    claimed = await db.claimOrder({ orderId, seq: run.nextSeq(), claim, facts: state.facts! });
  } catch (error) {
    if (!(error instanceof ActivityFailure)) throw error;
    state.done();
    const message = `order ${orderId} cannot be claimed: ${error.cause?.message ?? error.message}`;
    throw ApplicationFailure.nonRetryable(message, 'ALREADY_PROCESSED');
  }
  const outcome = run.applied(claimed, false);
  // The claim as recorded at this seq; histories recorded before `recorded` existed carry the claim's own facts.
  const recorded = claimed.recorded as typeof claimed.recorded | undefined;
  state.facts = recorded?.facts ?? {
    ...state.facts!,
    payerClientId: claim.payerClientId,
    userCurrency: claim.userCurrency as CurrencyCode,
    userAmount: outcome.userAmount,
  };
  state.done();
  if (run.searchable) upsertSearchAttributes([{ key: PAYER_CURRENCY, value: state.facts.userCurrency }]);
  const { payerClientId, externalReference } = claim;
  if (
    recorded &&
    (recorded.facts.payerClientId !== payerClientId || recorded.externalReference !== externalReference)
  ) {
    // Another payer's claim committed at this seq while Temporal lost its acceptance (see close()):
    // the order is that payer's, and this one is told so, as if it had come second.
    const context = { orderId, status: state.status, phase: state.phase };
    log.warn('order workflow took up a claim recorded without it (an update lost with its workflow task)', context);
    throw ApplicationFailure.nonRetryable(`order ${orderId} was claimed by another payer`, 'ALREADY_PROCESSED');
  }
  return outcome;
}

/** A collector's cancel: the API's update, and a tester's signal. */
function registerCancel(run: OrderRun): void {
  setHandler(cancelUpdate, () => afterPreparation(run, 'CANCEL', () => cancel(run)), {
    validator: () => validate(run, 'CANCEL'),
  });
  setHandler(cancelSignal, () =>
    fromTester(run, 'cancel', 'CANCEL', async () => {
      if (takenSignal(run, 'cancel', 'CANCEL', { success: true, data: true })) {
        await cancel(run).catch(keepRefusal(run, 'cancel'));
      }
    }),
  );
}

/** The collector cancels its QR; answers the order's status. */
async function cancel(run: OrderRun): Promise<OrderStatus> {
  await close(run, 'COLLECTOR_CANCELED', undefined, false);
  return run.state.status;
}

/**
 * Closes a waiting order with `event` (an expiry, a cancel, the payer's rejection). A change
 * that comes back in another status found a step already recorded at its seq: an update whose
 * local activity committed while its acceptance was lost with its workflow task (Temporal
 * restarted under it), so this workflow never heard of it. The database is the truth: the
 * workflow takes the order up from there. A decision recorded means its payout is owed (phase
 * PAYING); a lost claim or amount leaves the order waiting, and the change applies at the next seq.
 */
async function close(
  run: OrderRun,
  event: OrderEvent,
  notificationUrl: string | undefined,
  closing: boolean,
  requestId?: string,
): Promise<OrderOutcome> {
  const { state } = run;
  state.closing();
  let outcome: OrderOutcome;
  try {
    outcome = await run.change(event, notificationUrl, closing, requestId);
  } catch (error) {
    // Refused (a tester's URL) or broken: the order waits as it did.
    state.done();
    throw error;
  }
  if (state.status === statusAfter(event)) {
    state.done();
    return outcome;
  }
  const recorded = await db.orderFacts({ orderId: run.orderId });
  state.facts = recorded.facts;
  state.done();
  const context = { orderId: run.orderId, status: state.status, phase: state.phase };
  log.warn('order workflow took up a step recorded without it (an update lost with its workflow task)', context);
  return AWAITING_PHASES.includes(state.phase) ? close(run, event, notificationUrl, closing, requestId) : outcome;
}

/** The sandbox's "the expiry timer fires now": the same closing as the timer's, while nobody has acted yet. */
function registerEarlyExpiry(run: OrderRun): void {
  setHandler(
    expireUpdate,
    () =>
      afterPreparation(run, 'EXPIRE', async () => {
        await expire(run, false);
        return run.state.status;
      }),
    {
      validator: () => {
        // The sandbox's, where the deployment allowed testers when the order started (a validator runs no replay).
        if (run.input.testerSignals !== true) {
          const message = `Order ${run.orderId} takes no early expiry: testers were not allowed when it started`;
          throw ApplicationFailure.nonRetryable(message, 'NOT_ALLOWED');
        }
        validate(run, 'EXPIRE');
      },
    },
  );
}

/** `closing`: on the order's own path (its timer); false under the sandbox's update, which waits for its answer. */
async function expire(run: OrderRun, closing: boolean): Promise<void> {
  await close(run, 'EXPIRED', undefined, closing);
}
