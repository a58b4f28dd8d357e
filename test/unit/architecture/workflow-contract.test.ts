import * as workflows from '../../../workflows';
import {
  NOTIFICATION_DELIVERY_WORKFLOW,
  type NotificationDeliveryWorkflow,
  WEBHOOK_PING_WORKFLOW,
  type WebhookPingWorkflow,
} from '../../../src/notifications/delivery-messages';
import { ORDER_WORKFLOW, type OrderWorkflow } from '../../../src/orders/order-messages';
import { REFUNDS_WORKFLOW, type RefundsWorkflow } from '../../../src/refunds/refund-messages';

/**
 * The API and the worker's activities start workflows by their type names and the contract's
 * types (src/orders/order-messages.ts and its kin), never by importing workflow code: the
 * worker's bundle must export each under that very name, with that very shape (the type check
 * of this file fails otherwise).
 */
const started: { [name: string]: unknown } = {
  [ORDER_WORKFLOW]: workflows.orderWorkflow satisfies OrderWorkflow,
  [REFUNDS_WORKFLOW]: workflows.orderRefundsWorkflow satisfies RefundsWorkflow,
  [NOTIFICATION_DELIVERY_WORKFLOW]: workflows.notificationDeliveryWorkflow satisfies NotificationDeliveryWorkflow,
  [WEBHOOK_PING_WORKFLOW]: workflows.webhookPingWorkflow satisfies WebhookPingWorkflow,
};

describe('the workflow contract', () => {
  it('names each workflow the services start as the bundle exports it', () => {
    for (const [name, workflow] of Object.entries(started))
      expect((workflows as Record<string, unknown>)[name]).toBe(workflow);
  });
});
