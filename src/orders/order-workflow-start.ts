import { WorkflowExecutionAlreadyStartedError, WorkflowIdReusePolicy } from '@temporalio/client';
import type { Client } from '@temporalio/client';
import type { Priority, SearchAttributePair } from '@temporalio/common';
import {
  CLIENT_ID,
  COUNTRY,
  EXTERNAL_REFERENCE,
  ORDER_FLOW,
  ORDER_STATUS,
  PAYER_CURRENCY,
  STATUS_SINCE,
} from '../temporal/search-attribute-keys';
import type { OrderEntity } from './order.entity';
import { ORDER_WORKFLOW, type OrderWorkflow } from './order-messages';

export const orderWorkflowId = (orderId: string) => `order-${orderId}`;

/**
 * What operators filter orders by, as far as it is known when the workflow starts. Set in the
 * start request, these cost the workflow no command, so they change nothing a replay checks.
 * A collection is its collector's, under the collector's reference, until a payer scans it;
 * its payer currency arrives with that claim (the workflow upserts it then).
 */
function startSearchAttributes(order: OrderEntity): SearchAttributePair[] {
  return [
    { key: ORDER_STATUS, value: order.status },
    { key: STATUS_SINCE, value: order.updatedAt },
    { key: CLIENT_ID, value: orderClientId(order) },
    { key: EXTERNAL_REFERENCE, value: order.externalReference ?? order.collectorExternalReference ?? '' },
    { key: ORDER_FLOW, value: order.flow },
    { key: COUNTRY, value: order.localCountry },
    ...(order.userCurrency ? [{ key: PAYER_CURRENCY, value: order.userCurrency }] : []),
  ];
}

/** The client an order's work is counted to (its fairness key): its payer, or a collection's collector until scanned. */
export const orderClientId = (order: Pick<OrderEntity, 'payerClientId' | 'collectorClientId'>) =>
  order.payerClientId ?? order.collectorClientId ?? '';

/**
 * Starts an order's workflow, idempotently: a workflow that already exists, or ever existed,
 * under the order's id counts as started, so the API's retried preview and the reconciler can
 * both call this without ever running an order twice. Returns whether this call started it.
 * `priority`: the client's fairness (src/capacity/fairness.ts); `testerSignals`: whether testers
 * may drive it with signals (testerSignalsAllowed), recorded in its input.
 */
export async function startOrderWorkflow(
  temporal: Client,
  taskQueue: string,
  order: OrderEntity,
  { priority, testerSignals }: { priority: Priority; testerSignals: boolean },
): Promise<boolean> {
  try {
    await temporal.workflow.start<OrderWorkflow>(ORDER_WORKFLOW, {
      workflowId: orderWorkflowId(order.id),
      taskQueue,
      workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
      args: [{ orderId: order.id, initialStatus: order.status, expiresAtMs: order.expiresAt.getTime(), testerSignals }],
      typedSearchAttributes: startSearchAttributes(order),
      priority,
    });
    return true;
  } catch (error) {
    if (error instanceof WorkflowExecutionAlreadyStartedError) return false;
    throw error;
  }
}
