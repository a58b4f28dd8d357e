import { performance } from 'node:perf_hooks';
import type { Client } from '@temporalio/client';
import { CLIENT_ID, EXTERNAL_REFERENCE, ORDER_STATUS } from '../../src/temporal/search-attribute-keys';
import type { Flow } from '../shared/driver';
import type { Mailbox } from '../shared/mailbox';
import { BenchNoopEvent, benchNoopDecideUpdate, benchNoopOrderWorkflow } from './noop.workflow';

/** Far beyond any flow: the expiry timer is armed, as in production, but never fires. */
const EXPIRY_MS = 10 * 60_000;

export interface CeilingTarget {
  temporal: Client;
  taskQueue: string;
  clientId: string;
  /** benchNoopDeliver posts each callback here, under its order id, with performance.now(). */
  deliveries: Mailbox<{ event: BenchNoopEvent; at: number }>;
  runId: string;
}

/**
 * The same three phases against benchNoopOrderWorkflow, straight through the Temporal client:
 * start (with the API's search attributes), wait for the PREVIEW delivery, decide by update,
 * wait for the COMPLETED delivery.
 */
export function ceilingFlow(target: CeilingTarget): Flow {
  return async (index) => {
    const orderId = `bench-${target.runId}-${index}`;
    try {
      const startSent = performance.now();
      const handle = await target.temporal.workflow.start(benchNoopOrderWorkflow, {
        workflowId: `bench-order-${orderId}`,
        taskQueue: target.taskQueue,
        args: [{ orderId, expiresAtMs: Date.now() + EXPIRY_MS }],
        typedSearchAttributes: [
          { key: ORDER_STATUS, value: 'CREATED' },
          { key: CLIENT_ID, value: target.clientId },
          { key: EXTERNAL_REFERENCE, value: orderId },
        ],
      });
      const previewAck = performance.now() - startSent;
      await target.deliveries.waitFor(orderId, (delivery) => delivery.event === 'PREVIEW');

      const decisionSent = performance.now();
      await handle.executeUpdate(benchNoopDecideUpdate, { args: [{ decision: 'accepted' }] });
      const payAck = performance.now() - decisionSent;

      const completed = await target.deliveries.waitFor(orderId, (delivery) => delivery.event === 'COMPLETED');
      return { previewAck, payAck, decisionToCompleted: completed.at - decisionSent };
    } finally {
      target.deliveries.forget(orderId);
    }
  };
}
