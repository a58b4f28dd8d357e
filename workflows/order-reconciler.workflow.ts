import { proxyActivities } from '@temporalio/workflow';
import type { createReconcilerActivities } from '../activities/reconciler.activities';

const { reconcileUnstartedOrders } = proxyActivities<ReturnType<typeof createReconcilerActivities>>({
  startToCloseTimeout: '2 minutes',
  // The schedule runs it again within a minute anyway; a short retry covers a passing fault.
  retry: { maximumAttempts: 3 },
});

/**
 * Run every minute by the `order-reconciler` schedule: closes the gap between an order's row and
 * its workflow. `graceMs` (how long the API may still be handing an order over) is for tests.
 */
export async function orderReconcilerWorkflow(options: { graceMs?: number } = {}): Promise<number> {
  return reconcileUnstartedOrders(options);
}
