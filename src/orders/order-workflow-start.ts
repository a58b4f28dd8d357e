import { WorkflowExecutionAlreadyStartedError, WorkflowIdReusePolicy } from '@temporalio/client';
import type { Client } from '@temporalio/client';
import type { orderWorkflow } from '../../workflows/order.workflow';
import { CLIENT_ID, EXTERNAL_REFERENCE, ORDER_STATUS } from '../temporal/search-attribute-keys';
import type { OrderEntity } from './order.entity';

export const orderWorkflowId = (orderId: string) => `order-${orderId}`;

/**
 * Starts an order's workflow, idempotently: a workflow that already exists, or ever existed,
 * under the order's id counts as started, so the API's retried preview and the reconciler can
 * both call this without ever running an order twice. Returns whether this call started it.
 */
export async function startOrderWorkflow(temporal: Client, taskQueue: string, order: OrderEntity): Promise<boolean> {
  try {
    await temporal.workflow.start<typeof orderWorkflow>('orderWorkflow', {
      workflowId: orderWorkflowId(order.id),
      taskQueue,
      workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
      args: [{ orderId: order.id, initialStatus: order.status, expiresAtMs: order.expiresAt.getTime() }],
      typedSearchAttributes: [
        { key: ORDER_STATUS, value: order.status },
        { key: CLIENT_ID, value: order.payerClientId ?? order.collectorClientId ?? '' },
        { key: EXTERNAL_REFERENCE, value: order.externalReference ?? '' },
      ],
    });
    return true;
  } catch (error) {
    if (error instanceof WorkflowExecutionAlreadyStartedError) return false;
    throw error;
  }
}
