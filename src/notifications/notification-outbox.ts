import type { EntityManager } from 'typeorm';
import { envelopedBody } from './callback-envelope';
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
  /** The kind's own fields; the body adds the envelope (envelopedBody). */
  payload: object;
  /**
   * When the event happened: the envelope's `created_at` and the row's. Given, not read from
   * the clock where the body is made, so the row written and the first attempt sent as
   * written (attemptWritten) carry the same bytes.
   */
  createdAt: Date;
}

/** Writes callbacks into the outbox; delivery is NotificationDeliverer's job. */
export const NotificationOutbox = {
  /** The body stored, and sent byte for byte (its signature covers these bytes). */
  bodyOf(notification: NewNotification): string {
    return JSON.stringify(envelopedBody(notification.payload, notification));
  },

  /**
   * The INSERT of these callbacks, its parameters added through `param` (which answers each
   * one's placeholder), for a statement of the caller's (an order's change writes its callbacks
   * in the statement that writes the change). A callback already there (an activity retry)
   * changes nothing: the first body stays, which is what makes every attempt byte-identical.
   * `onlyIf`, a condition in the caller's statement, says whether they are written at all.
   */
  insertSql(notifications: readonly NewNotification[], param: (value: unknown) => string, onlyIf = 'true'): string {
    const column = (of: (notification: NewNotification) => string) => param(notifications.map(of));
    return `INSERT INTO notifications (id, client_id, order_id, event, url, body, created_at)
       SELECT * FROM unnest(${column((n) => n.eventId)}::uuid[], ${column((n) => n.clientId)}::uuid[], ${column((n) => n.orderId)}::uuid[],
                            ${column((n) => n.event)}::text[], ${column((n) => n.url)}::text[], ${column((n) => NotificationOutbox.bodyOf(n))}::text[],
                            ${column((n) => n.createdAt.toISOString())}::timestamptz[])
       WHERE ${onlyIf}
       ON CONFLICT (id) DO NOTHING`;
  },

  /** Inserts inside the caller's transaction, so that what it reports commits with it; returns whether this call inserted the row. */
  async enqueue(manager: EntityManager, notification: NewNotification): Promise<boolean> {
    const params: unknown[] = [];
    const rows: unknown[] = await manager.query(
      `${this.insertSql([notification], (value) => `$${params.push(value)}`)} RETURNING id`,
      params,
    );
    return rows.length === 1;
  },
};
