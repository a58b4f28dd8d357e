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

/**
 * The test ping of POST /v2/webhooks/test, sent from the worker like every callback (the API
 * reaches no integrator URL): one attempt, nothing stored.
 */
export const WEBHOOK_PING_WORKFLOW = 'webhookPingWorkflow';

export interface WebhookPing {
  clientId: string;
  url: string;
  /** Its x-event-id, made by the API so that it can answer it. */
  eventId: string;
  /** The exact bytes sent and signed. */
  body: string;
}

export interface WebhookPingAnswer {
  statusCode: number | null;
  /** As the delivery log would show it; null when acknowledged. */
  error: string | null;
  /** The start of the receiver's answer, as the delivery log would quote it. */
  excerpt: string | null;
}

export type WebhookPingWorkflow = (ping: WebhookPing) => Promise<WebhookPingAnswer>;
