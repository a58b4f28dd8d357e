import { allHandlersFinished, condition } from '@temporalio/workflow';
import type { RefundsWorkflowInput } from '../src/refunds/refund-messages';
import { refund } from './refunds/refund';
import { registerRefundRequests } from './refunds/refund-requests';
import { db, RefundsRun } from './refunds/refunds-run';

/** A refunds workflow with nothing to do ends; the next refund request starts a new run. */
const IDLE_MS = 10 * 60_000;

/**
 * An order's refunds (workflow id `refunds-<order id>`), one at a time: concurrent requests are
 * serialized by the update validator, which holds each accepted amount until it settles, so
 * refunds never exceed what was paid. Each refund executes at the rail first; the payer is
 * credited only on a definite "refunded" (establishOutcome: an unknown answer is asked about
 * again, never guessed). The order's own workflow ends at its final status; this one runs only
 * while refunds are in flight, so a 180-day refund window costs no open workflow.
 */
export async function orderRefundsWorkflow({ orderId }: RefundsWorkflowInput): Promise<void> {
  // Handlers come first: the request that starts the workflow arrives with its first task.
  const run = new RefundsRun(orderId);
  registerRefundRequests(run);
  run.load(await db.loadRefunds({ orderId }));
  for (;;) {
    if (run.queue.length === 0 && !(await condition(() => run.queue.length > 0, IDLE_MS))) {
      run.closing = true;
      break;
    }
    await refund(run, run.queue[0]!);
    run.queue.shift();
  }
  await Promise.all(run.deliveries);
  await condition(allHandlersFinished);
}
