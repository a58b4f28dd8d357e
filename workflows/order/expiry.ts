import { ApplicationFailure, setHandler } from '@temporalio/workflow';
import { expireUpdate } from '../../src/orders/order-messages';
import { afterPreparation, validate } from './arrivals';
import { close } from './closing';
import type { OrderRun } from './order-run';

/** The sandbox's "the expiry timer fires now": the same closing as the timer's, while nobody has acted yet. */
export function registerEarlyExpiry(run: OrderRun): void {
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
export async function expire(run: OrderRun, closing: boolean): Promise<void> {
  await close(run, 'EXPIRED', undefined, closing);
}
