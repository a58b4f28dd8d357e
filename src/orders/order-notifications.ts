import type { NewNotification } from '../notifications/notification-outbox';
import type { NotificationEvent } from '../notifications/notification.entity';
import { deterministicUuid } from './event-id';
import type { OrderEntity } from './order.entity';
import { Audience, paymentResultView, previewView, qrCreatedView, qrExpiredView, seenBy } from './order-views';

/** The x-event-id of an order's callback: the same for every retry of the change that emits it. */
export const orderEventId = (orderId: string, seq: number, event: NotificationEvent, audience: Audience = 'payer') =>
  deterministicUuid(audience === 'payer' ? `${orderId}:${seq}:${event}` : `${orderId}:${seq}:${event}:collector`);

/** A callback body another module builds from the order as the change leaves it (a refund's, by the refunds module). */
export type CallbackBody = (order: OrderEntity, now: Date) => object;
export type CallbackBodies = Partial<Record<NotificationEvent, CallbackBody>>;

function payloadOf(
  event: NotificationEvent,
  order: OrderEntity,
  now: Date,
  bodies: CallbackBodies | undefined,
): object {
  const given = bodies?.[event];
  if (given) return given(order, now);
  switch (event) {
    case 'PREVIEW':
      return previewView(order);
    case 'PAYMENT':
      return paymentResultView(order, now);
    case 'QR_CREATED':
      return qrCreatedView(order, now);
    case 'QR_EXPIRED':
      return qrExpiredView(order, now);
    case 'REFUND':
      throw new Error(`a REFUND notification of order ${order.id} needs its body, from the refunds module`);
  }
}

/**
 * Who hears `event`: the payer hears about its preview, its payment and its refunds (a payment
 * or refund where the pay request said: the spec's "notification_url given in the payment
 * request"); the collector about the QR it created, the payment, its expiry and the refunds.
 */
function recipients(
  event: NotificationEvent,
  order: OrderEntity,
): Array<{ audience: Audience; clientId: string; url: string }> {
  const payer =
    order.payerClientId === null || event === 'QR_CREATED'
      ? []
      : [
          {
            audience: 'payer' as const,
            clientId: order.payerClientId,
            url:
              (event === 'PAYMENT' || event === 'REFUND' ? order.paymentNotificationUrl : null) ??
              order.notificationUrl!,
          },
        ];
  const collector =
    order.collectorClientId === null || event === 'PREVIEW'
      ? []
      : [{ audience: 'collector' as const, clientId: order.collectorClientId, url: order.collectorNotificationUrl! }];
  return [...payer, ...collector];
}

/**
 * The outbox rows of `event` about `order`, as it stands at `now`: one per client that hears it,
 * each signed with its own secret and naming the order by that client's own external_reference.
 */
export function orderNotifications(
  order: OrderEntity,
  seq: number,
  event: NotificationEvent,
  now: Date,
  bodies?: CallbackBodies,
): NewNotification[] {
  return recipients(event, order).map(({ audience, clientId, url }) => {
    return {
      eventId: orderEventId(order.id, seq, event, audience),
      clientId,
      orderId: order.id,
      event,
      url,
      payload: payloadOf(event, seenBy(order, audience), now, bodies),
      createdAt: now,
    };
  });
}
