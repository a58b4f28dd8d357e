import type { NewNotification } from '../notifications/notification-outbox';
import type { NotificationEvent } from '../notifications/notification.entity';
import { deterministicUuid } from './event-id';
import type { OrderEntity } from './order.entity';
import { paymentResultView, previewView, qrExpiredView } from './order-views';
import { RefundNotice, refundNotificationView } from '../refunds/refund-views';

/** The x-event-id of an order's callback: the same for every retry of the change that emits it. */
export const orderEventId = (orderId: string, seq: number, event: NotificationEvent) => deterministicUuid(`${orderId}:${seq}:${event}`);

function payloadOf(event: NotificationEvent, order: OrderEntity, now: Date, refund: RefundNotice | undefined): object {
  switch (event) {
    case 'PREVIEW':
      return previewView(order);
    case 'PAYMENT':
      return paymentResultView(order, now);
    case 'QR_EXPIRED':
      return qrExpiredView(order, now);
    case 'REFUND':
      if (!refund) throw new Error(`a REFUND notification of order ${order.id} needs its refund`);
      return refundNotificationView(order, refund, now);
    default:
      throw new Error(`orders do not send ${event} notifications yet`);
  }
}

/**
 * Payment and refund notifications go where the pay request said (the spec: refunds go to "the
 * notification_url given in the payment request"); everything else to the preview's URL.
 */
function urlOf(event: NotificationEvent, order: OrderEntity): string {
  return (event === 'PAYMENT' || event === 'REFUND' ? order.paymentNotificationUrl : null) ?? order.notificationUrl!;
}

/** The outbox row of one of the payer's callbacks about `order`, as it stands at `now`. */
export function orderNotification(order: OrderEntity, seq: number, event: NotificationEvent, now: Date, refund?: RefundNotice): NewNotification {
  return {
    eventId: orderEventId(order.id, seq, event),
    clientId: order.payerClientId!,
    orderId: order.id,
    event,
    url: urlOf(event, order),
    payload: payloadOf(event, order, now, refund),
  };
}
