import { patched, proxyActivities } from '@temporalio/workflow';
import type { createReconcilerActivities, ReconcileOptions } from '../activities/reconciler.activities';

const { reconcileUnstartedOrders, deleteExpiredQuotes } = proxyActivities<
  ReturnType<typeof createReconcilerActivities>
>({
  startToCloseTimeout: '2 minutes',
  // The schedule runs it again within a minute anyway; a short retry covers a passing fault.
  retry: { maximumAttempts: 3 },
});

/**
 * Run every minute by the `order-reconciler` schedule: closes the gap between an order's row and
 * its workflow, then deletes the FX quotes that expired unused (ReconcileOptions narrow a run by
 * hand). Answers how many workflows it started.
 */
export async function orderReconcilerWorkflow(options: ReconcileOptions = {}): Promise<number> {
  const started = await reconcileUnstartedOrders(options);
  // A run recorded before the sweep ends here (docs/workflow-versioning.md).
  if (patched('security-round-quote-sweep')) await deleteExpiredQuotes();
  return started;
}
