import { log, setHandler } from '@temporalio/workflow';
import { AWAITING_PHASES, statusAfter, type OrderEvent, type OrderStatus } from '../../src/orders/lifecycle';
import { cancelSignal, cancelUpdate } from '../../src/orders/order-messages';
import type { OrderOutcome } from '../../src/orders/order-steps';
import { afterPreparation, fromTester, keepRefusal, takenSignal, validate } from './arrivals';
import { db, type OrderRun } from './order-run';

/** A collector's cancel: the API's update, and a tester's signal. */
export function registerCancel(run: OrderRun): void {
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
export async function close(
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
