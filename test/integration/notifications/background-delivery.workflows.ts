// A test-only bundle: the service's delivery workflow plus a stand-in for the order workflow.
import { deliverInBackground } from '../../../workflows/notification-delivery.workflow';

export { notificationDeliveryWorkflow } from '../../../workflows/notification-delivery.workflow';

/** Starts the same deliveries twice, as a retried or replayed order workflow could, then ends at once. */
export async function orderStandInWorkflow(eventIds: string[]): Promise<void> {
  await deliverInBackground(eventIds);
  await deliverInBackground(eventIds);
}
