import {
  allHandlersFinished,
  ApplicationFailure,
  condition,
  proxyActivities,
  setHandler,
  upsertSearchAttributes,
} from '@temporalio/workflow';
import type { OrderActivities, OrderChange } from '../activities/order.activities';
import { decisionRejection, amountRejection } from '../src/orders/order-rules';
import type { OrderErrorCode, OrderStatus } from '../src/orders/order-status';
import { ORDER_STATUS } from '../src/temporal/search-attribute-keys';
import { Decision, decideUpdate, OrderWorkflowInput, orderStatusQuery, SubmitAmount, submitAmountUpdate } from './order.definitions';
import { deliverInBackground } from './notification-delivery.workflow';

/**
 * Database and ledger work: quick, retried until it succeeds (each call is idempotent). A
 * broken ledger invariant will not heal by retrying: it fails the order's workflow visibly.
 */
const local = proxyActivities<OrderActivities>({
  startToCloseTimeout: '30 seconds',
  retry: {
    initialInterval: '500 ms',
    backoffCoefficient: 2,
    maximumInterval: '30 seconds',
    nonRetryableErrorTypes: ['LedgerConflictError', 'ReservationNotFoundError', 'ReservationResolvedError', 'CreditExceedsDebitError'],
  },
});

/**
 * The rails: a transient fault is retried a bounded number of times (the payout is idempotent
 * at the rail on the order id), then the order fails with UPSTREAM_ERROR instead of hanging.
 * A decline is a business answer and is never retried. One call takes at most RAILS_TIMEOUT_MS
 * (5 s by default); the timeout leaves room for it and bounds how long a crashed worker's
 * payout waits before another worker retries it.
 */
const rails = proxyActivities<OrderActivities>({
  startToCloseTimeout: '15 seconds',
  retry: {
    initialInterval: '1 second',
    backoffCoefficient: 2,
    maximumInterval: '20 seconds',
    maximumAttempts: 6,
    nonRetryableErrorTypes: ['RailsDeclinedError'],
  },
});

/**
 * One order, from preview to a final status. The workflow is the only writer of the order's
 * state after creation: every transition goes through applyOrderChange, which persists the
 * row, its history entry and its callbacks in one transaction. Integrator actions arrive as
 * updates, so a refused one (invalid status, already processed) is answered synchronously.
 */
export async function orderWorkflow(input: OrderWorkflowInput): Promise<OrderStatus> {
  const { orderId } = input;
  let status = input.initialStatus;
  let seq = 1;
  // Until the merchant is resolved (and the amount quoted) the order takes no action: its id is
  // only published by the preview callback, but a tester may know it earlier.
  let prepared = false;
  // Set synchronously when an update starts, so a concurrent duplicate is refused by the validator.
  let amountInFlight = false;
  let decided = false;
  let decisionSettled = false;
  let expired = false;

  const change = async (to: OrderStatus, options: Omit<OrderChange, 'orderId' | 'seq' | 'from' | 'to'> = {}) => {
    seq += 1;
    const applied = await local.applyOrderChange({ orderId, seq, from: status, to, ...options });
    status = to;
    upsertSearchAttributes([{ key: ORDER_STATUS, value: to }]);
    await deliverInBackground(applied.eventIds);
    return applied;
  };

  const refuse = (rejection: string | null) => {
    if (rejection) throw ApplicationFailure.nonRetryable(`order ${orderId} is ${status}`, rejection);
  };

  setHandler(orderStatusQuery, () => status);

  setHandler(
    submitAmountUpdate,
    async ({ amount }) => {
      amountInFlight = true;
      try {
        seq += 1;
        const applied = await local.submitAmount({ orderId, seq, from: status, amount });
        status = 'CREATED';
        upsertSearchAttributes([{ key: ORDER_STATUS, value: status }]);
        await deliverInBackground(applied.eventIds);
        return applied.preview;
      } finally {
        amountInFlight = false;
      }
    },
    {
      validator: (_input: SubmitAmount) => {
        refuse(!prepared || expired ? 'INVALID_STATUS' : amountInFlight ? 'ALREADY_PROCESSED' : amountRejection(status));
      },
    },
  );

  setHandler(
    decideUpdate,
    async ({ decision, notificationUrl }) => {
      decided = true;
      try {
        const patch = { paymentNotificationUrl: notificationUrl };
        if (decision === 'rejected') {
          return (await change('CANCELED', { patch, errorCode: 'USER_REJECTED', notify: ['PAYMENT'] })).payment;
        }
        const reservation = await local.reserveFunds({ orderId });
        if (!reservation.reserved) {
          return (await change('FAILED', { patch, errorCode: 'INSUFFICIENT_FUNDS', notify: ['PAYMENT'] })).payment;
        }
        return (await change('PROCESSING', { patch, notify: ['PAYMENT'] })).payment;
      } finally {
        decisionSettled = true;
      }
    },
    {
      validator: (_input: Decision) => {
        refuse(!prepared || expired ? 'INVALID_STATUS' : decided ? 'ALREADY_PROCESSED' : amountInFlight ? 'INVALID_STATUS' : decisionRejection(status));
      },
    },
  );

  seq += 1;
  const preparation = await rails.prepareOrder({ orderId, seq }).catch(() => null);
  if (!preparation) {
    // The merchant behind the QR could not be resolved: the preview callback says so.
    await change('FAILED', { errorCode: 'UPSTREAM_ERROR', notify: ['PREVIEW'] });
    return finish();
  }
  prepared = true;
  await deliverInBackground(preparation.eventIds);

  const remainingMs = Math.max(0, input.expiresAtMs - Date.now());
  if (!(await condition(() => decided, remainingMs))) {
    // An amount being applied right at expiry finishes first; a decision that lands with it wins.
    await condition(() => !amountInFlight);
    if (!decided) {
      expired = true;
      await change('CANCELED', { errorCode: 'EXPIRED', notify: ['QR_EXPIRED'] });
      return finish();
    }
  }
  await condition(() => decisionSettled);
  if (status === 'PROCESSING') await settle();
  return finish();

  async function settle(): Promise<void> {
    let outcome: { status: 'COMPLETED' | 'REJECTED'; railReference: string } | null;
    try {
      outcome = await rails.payout({ orderId });
    } catch {
      outcome = null;
    }
    if (outcome?.status === 'COMPLETED') {
      await local.commitFunds({ orderId });
      await change('COMPLETED', { payoutReference: outcome.railReference, paid: true, notify: ['PAYMENT'] });
      return;
    }
    const errorCode: OrderErrorCode = outcome ? 'DESTINATION_REJECTED' : 'UPSTREAM_ERROR';
    await local.releaseFunds({ orderId });
    await change(outcome ? 'REJECTED' : 'FAILED', { errorCode, notify: ['PAYMENT'] });
  }

  /** No update may be cut off by the workflow's end; refunds after COMPLETED will hook in here. */
  async function finish(): Promise<OrderStatus> {
    await condition(allHandlersFinished);
    return status;
  }
}
