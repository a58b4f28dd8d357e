// The workflow bundle's entry: every workflow the worker runs is exported from here.
export { notificationDeliveryWorkflow } from './notification-delivery.workflow';
export { orderReconcilerWorkflow } from './order-reconciler.workflow';
export { orderWorkflow } from './order.workflow';
export { orderRefundsWorkflow } from './refunds.workflow';
export { webhookPingWorkflow } from './webhook-ping.workflow';
