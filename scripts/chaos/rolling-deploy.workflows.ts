/**
 * The workflow code the rolling-deploy plan deploys in its last round: the production workflows
 * with one change to the order workflow, guarded by `patched()` as docs/workflow-versioning.md
 * requires: a new order first waits a 1 ms timer (one more command in its history) and logs
 * that it runs the new code. Orders that began on the old code replay without it. Bundled by
 * the plan on its own; it never reaches the production bundle (`workflows/index.ts`).
 */
import { log, patched, sleep } from '@temporalio/workflow';
import type { OrderStatus } from '../../src/orders/lifecycle';
import type { OrderWorkflowInput } from '../../src/orders/order-messages';
import { orderWorkflow as deployedOrderWorkflow } from '../../workflows/order.workflow';

export * from '../../workflows';

/** The marker new orders carry in their histories: the proof that the new code served them. */
export const ROLLING_DEPLOY_PATCH = 'chaos-rolling-deploy';

export async function orderWorkflow(input: OrderWorkflowInput): Promise<OrderStatus> {
  if (patched(ROLLING_DEPLOY_PATCH)) {
    await sleep(1);
    log.info('order workflow of the rolling deploy', { orderId: input.orderId });
  }
  return deployedOrderWorkflow(input);
}
