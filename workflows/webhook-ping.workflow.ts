import { proxyActivities } from '@temporalio/workflow';
import type { createNotificationActivities } from '../activities/notifications.activities';
import type { WebhookPing, WebhookPingAnswer } from '../src/notifications/delivery-messages';

type NotificationActivities = ReturnType<typeof createNotificationActivities>;

// One attempt: the integrator is waiting for its answer, and a ping that failed is what it asked
// to see. 15 s leaves the attempt's own 10 s room to end.
const { pingWebhook } = proxyActivities<NotificationActivities>({
  startToCloseTimeout: '15s',
  retry: { maximumAttempts: 1 },
});

/**
 * The test ping (workflow id `webhook-ping-<eventId>`): sent by the worker, as every callback is,
 * so the API never connects to an integrator's URL. Answers what the receiver did.
 */
export async function webhookPingWorkflow(ping: WebhookPing): Promise<WebhookPingAnswer> {
  return pingWebhook(ping);
}
