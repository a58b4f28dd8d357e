import type { EntityManager } from 'typeorm';
import type { NotificationEvent } from './notification.entity';

export interface NewNotification {
  /** Deterministic (made in the workflow), so a retried transition writes the same row: the `x-event-id`. */
  eventId: string;
  /** Whose webhook secret signs it. */
  clientId: string;
  orderId: string;
  event: NotificationEvent;
  /** Already validated with notificationUrlField and notificationUrlProblem; delivery checks it again. */
  url: string;
  payload: object;
}

/** Writes callbacks into the outbox; delivery is NotificationDeliverer's job. */
export const NotificationOutbox = {
  /**
   * Inserts inside the caller's transaction, so the order change and its callback commit
   * together. A second enqueue of the same eventId (an activity retry) changes nothing: the
   * first body stays, which is what makes every attempt byte-identical. Returns whether
   * this call inserted the row.
   */
  async enqueue(manager: EntityManager, notification: NewNotification): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `INSERT INTO notifications (id, client_id, order_id, event, url, body)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (id) DO NOTHING
       RETURNING id`,
      [notification.eventId, notification.clientId, notification.orderId, notification.event, notification.url, JSON.stringify(notification.payload)],
    );
    return rows.length === 1;
  },
};
