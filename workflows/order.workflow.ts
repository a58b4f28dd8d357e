import { condition, setHandler } from '@temporalio/workflow';
import { AWAITING_PHASES, BUSY_PHASES, type OrderStatus } from '../src/orders/lifecycle';
import {
  orderPhaseQuery,
  OrderWorkflowInput,
  orderStatusQuery,
  refusedSignalsQuery,
} from '../src/orders/order-messages';
import { registerAmount } from './order/amount';
import { registerClaim } from './order/claim';
import { registerCancel } from './order/closing';
import { registerDecision } from './order/decision';
import { expire, registerEarlyExpiry } from './order/expiry';
import { OrderRun } from './order/order-run';
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
