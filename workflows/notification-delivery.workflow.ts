import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import type { Duration } from '@temporalio/common';
import {
  ActivityFailure,
  ApplicationFailure,
  ParentClosePolicy,
  proxyActivities,
  startChild,
  WorkflowIdReusePolicy,
} from '@temporalio/workflow';
import type { createNotificationActivities } from '../activities/notifications.activities';
import type { NotificationDeliveryOptions } from '../src/notifications/delivery-messages';

type NotificationActivities = ReturnType<typeof createNotificationActivities>;

/** docs/decisions.md (Callbacks): unacknowledged callbacks are retried for 72 h. */
export const CALLBACK_RETRY_WINDOW: Duration = '72h';

// The back-off docs/decisions.md promises: 1 s doubling, capped at 1 h between tries. No
// attempt limit: the retry window bounds the whole delivery. An attempt times out on its own
// after 10 s; 15 s leaves room to record it.
function deliveryActivities(retryWindow: Duration) {
  return proxyActivities<NotificationActivities>({
    startToCloseTimeout: '15s',
    scheduleToCloseTimeout: retryWindow,
    retry: { initialInterval: '1s', backoffCoefficient: 2, maximumInterval: '1h' },
  });
}

const { markNotificationFailed } = proxyActivities<NotificationActivities>({
  startToCloseTimeout: '10s',
  retry: { initialInterval: '1s', maximumInterval: '1m' },
});

/**
 * Delivers one callback from the outbox (workflow id `notification-<eventId>`, or
 * `notification-<eventId>-redelivery-<n>` for a redelivery). When it gives
 * up (retry window spent, or the callback can never be delivered) it marks the notification
 * FAILED and fails, so the give-up is visible both in the listing and in Temporal.
 */
export async function notificationDeliveryWorkflow(
  eventId: string,
  options: NotificationDeliveryOptions = {},
): Promise<void> {
  const { deliverNotification } = deliveryActivities(options.retryWindow ?? CALLBACK_RETRY_WINDOW);
  const { redeliverAfter } = options;
  try {
    // A first delivery gives its activity the one argument it always had; only a redelivery adds one.
    await (redeliverAfter === undefined ? deliverNotification(eventId) : deliverNotification(eventId, redeliverAfter));
  } catch (error) {
    if (!(error instanceof ActivityFailure)) throw error;
    const reason =
      error.cause instanceof ApplicationFailure && error.cause.nonRetryable
        ? 'undeliverable'
        : 'retry window exhausted';
    await markNotificationFailed(eventId, reason);
    throw ApplicationFailure.nonRetryable(`callback ${eventId} not delivered: ${reason}`, 'CallbackFailed');
  }
}

/**
 * For the order workflow: starts one delivery child per event id and returns once they have
 * started (not finished). The options matter:
 * - ParentClosePolicy.ABANDON: the child outlives the order workflow, so a slow or dead
 *   receiver never delays the payment, and closing the order never cancels a delivery.
 * - workflowId `notification-<eventId>` with REJECT_DUPLICATE: a retried or replayed start
 *   never delivers twice, even after the first delivery has finished.
 * Await it before the order workflow completes or continues as new: a child whose start has
 * not been recorded yet would be lost with the parent.
 */
export async function deliverInBackground(eventIds: string[]): Promise<void> {
  await Promise.all(
    eventIds.map(async (eventId) => {
      try {
        await startChild(notificationDeliveryWorkflow, {
          workflowId: `notification-${eventId}`,
          args: [eventId],
          parentClosePolicy: ParentClosePolicy.ABANDON,
          workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
        });
      } catch (error) {
        if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
      }
    }),
  );
}
