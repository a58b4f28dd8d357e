import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import {
  allHandlersFinished,
  condition,
  defineUpdate,
  ParentClosePolicy,
  proxyActivities,
  setHandler,
  startChild,
  upsertSearchAttributes,
  WorkflowIdReusePolicy,
} from '@temporalio/workflow';
import type { BenchNoopActivities } from './noop.activities';
import { ORDER_STATUS } from '../../src/temporal/search-attribute-keys';

/**
 * `npm run bench`'s ceiling: what orderWorkflow costs Temporal alone, for the flow the bench
 * drives (closed-amount QR, accepted, paid out, COMPLETED). It makes the same Temporal calls
 * with activities that do nothing, so engine ÷ ceiling measures the engine's own work:
 *
 *   run      1 activity (prepareOrder) → 1 callback child (PREVIEW)
 *            → wait for the decision, raced against the expiry timer
 *   decide   update: 2 activities (reserveFunds, applyOrderChange), 1 search-attribute upsert,
 *            1 callback child (PROCESSING); answered once they are done
 *   settle   3 activities (payout, commitFunds, applyOrderChange), 1 upsert,
 *            1 callback child (COMPLETED); then wait for every handler
 *   child    1 activity (deliverNotification), parent-close ABANDON, REJECT_DUPLICATE
 *
 * Keep it in step with orderWorkflow (workflows/order.workflow.ts) and notificationDeliveryWorkflow, or the ratio lies.
 */

export type BenchNoopEvent = 'PREVIEW' | 'PROCESSING' | 'COMPLETED';

export interface BenchNoopDelivery {
  orderId: string;
  event: BenchNoopEvent;
}

export interface BenchNoopInput {
  orderId: string;
  expiresAtMs: number;
}

export interface BenchNoopDecision {
  decision: 'accepted';
}

export const benchNoopDecideUpdate = defineUpdate<{ orderId: string; status: string }, [BenchNoopDecision]>('benchNoopDecide');

const { benchNoopStep, benchNoopDeliver } = proxyActivities<BenchNoopActivities>({ startToCloseTimeout: '30 seconds' });

export async function benchNoopDeliveryWorkflow(delivery: BenchNoopDelivery): Promise<void> {
  await benchNoopDeliver(delivery);
}

async function deliver(orderId: string, event: BenchNoopEvent): Promise<void> {
  try {
    await startChild(benchNoopDeliveryWorkflow, {
      workflowId: `bench-notification-${orderId}-${event}`,
      args: [{ orderId, event }],
      parentClosePolicy: ParentClosePolicy.ABANDON,
      workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
    });
  } catch (error) {
    if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
  }
}

export async function benchNoopOrderWorkflow({ orderId, expiresAtMs }: BenchNoopInput): Promise<string> {
  let status = 'CREATED';
  let decided = false;
  let decisionSettled = false;

  const change = async (to: string, event: BenchNoopEvent) => {
    await benchNoopStep(); // applyOrderChange
    status = to;
    upsertSearchAttributes([{ key: ORDER_STATUS, value: to }]);
    await deliver(orderId, event);
  };

  setHandler(
    benchNoopDecideUpdate,
    async (_decision: BenchNoopDecision) => {
      decided = true;
      try {
        await benchNoopStep(); // reserveFunds
        await change('PROCESSING', 'PROCESSING');
        return { orderId, status };
      } finally {
        decisionSettled = true;
      }
    },
    {
      validator: (_decision: BenchNoopDecision) => {
        if (decided) throw new Error(`order ${orderId} was already decided`);
      },
    },
  );

  await benchNoopStep(); // prepareOrder
  await deliver(orderId, 'PREVIEW');
  // The expiry timer is part of the shape; the bench always decides long before it fires.
  if (!(await condition(() => decided, Math.max(0, expiresAtMs - Date.now())))) return 'EXPIRED';
  await condition(() => decisionSettled);
  await benchNoopStep(); // payout
  await benchNoopStep(); // commitFunds
  await change('COMPLETED', 'COMPLETED');
  await condition(allHandlersFinished);
  return status;
}
