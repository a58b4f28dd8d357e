import type { Duration } from '@temporalio/common';

/**
 * The callback delivery workflow as its starters see it: the worker's order workflow (as a
 * child) and the API's redelivery start it by its type name, not by importing its code.
 */
export const NOTIFICATION_DELIVERY_WORKFLOW = 'notificationDeliveryWorkflow';

export interface NotificationDeliveryOptions {
  /** How long to keep retrying; CALLBACK_RETRY_WINDOW unless a test needs a shorter one. */
  retryWindow?: Duration;
  /**
   * A redelivery the integrator asked for when the callback had this many attempts: it is sent
   * again, even if delivered, until a later attempt is acknowledged.
   */
  redeliverAfter?: number;
}

export type NotificationDeliveryWorkflow = (eventId: string, options?: NotificationDeliveryOptions) => Promise<void>;
