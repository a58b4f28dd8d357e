import { ActivityFailure, ApplicationFailure, patched, setHandler } from '@temporalio/workflow';
import {
  Decision,
  decideSignal,
  decideUpdate,
  DecisionSignal,
  decisionSignalSchema,
} from '../../src/orders/order-messages';
import type { OrderOutcome } from '../../src/orders/order-steps';
import { withWallet } from '../../src/orders/payout-destination';
import { afterPreparation, fromTester, keepRefusal, takenSignal, validate } from './arrivals';
import { close } from './closing';
import { db, type OrderRun } from './order-run';
import { TESTER_SIGNALS_PATCH } from './patches';

/** What a step refuses of the input it was given (the API refuses these first; a tester's signal may bring them). */
const STEP_REFUSALS = ['INVALID_AMOUNT', 'INVALID_WALLET', 'INVALID_URL'];

/** The payer's decision: the API's update, and a tester's signal, which never says where callbacks go. */
export function registerDecision(run: OrderRun): void {
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
