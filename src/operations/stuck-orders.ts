import type { DataSource } from 'typeorm';
import type { NotificationEntity } from '../notifications/notification.entity';
import { literalList } from '../db/sql-literals';
import { OPEN_STATUSES } from '../orders/lifecycle';
import type { OrderInspection, OrderInspector } from './order-inspector';
import { lastError } from './order-timeline';
import type { TimelineEntry } from './timeline-entry';
import { Waiting, waitingFor } from './waiting-for';

/** Literal, so that PostgreSQL can use the partial index of orders that are not final. */
const OPEN_STATUSES_SQL = literalList(OPEN_STATUSES);

export interface StuckOrder {
  inspection: OrderInspection;
  /** Since when the order has not moved: its last change, or its oldest callback not acknowledged. */
  idleSince: Date;
  waiting: Waiting;
  undeliveredCallbacks: NotificationEntity[];
  lastError: TimelineEntry | null;
}

/**
 * Orders that are not done and have not moved for longer than `olderThanMs`: an order that is
 * not final and has not changed since, or any order with a callback still unacknowledged since.
 * Oldest first, at most `limit` (`more` says whether others were left out), optionally only
 * those a client pays or collects. Each comes with
 * what it waits for and its last error, from its inspection.
 */
export async function findStuckOrders(
  dataSource: DataSource,
  inspector: OrderInspector,
  {
    olderThanMs,
    limit,
    clientId = null,
    now = new Date(),
  }: { olderThanMs: number; limit: number; clientId?: string | null; now?: Date },
): Promise<{ orders: StuckOrder[]; more: boolean }> {
  const cutoff = new Date(now.getTime() - olderThanMs);
  const rows: Array<{ order_id: string; since: Date }> = await dataSource.query(
    `SELECT c.order_id, min(c.since) AS since
     FROM (
       SELECT id AS order_id, updated_at AS since FROM orders WHERE status IN (${OPEN_STATUSES_SQL}) AND updated_at < $1
       UNION ALL
       SELECT order_id, created_at FROM notifications WHERE status = 'PENDING' AND created_at < $1
     ) c
     JOIN orders o ON o.id = c.order_id
     WHERE $3::uuid IS NULL OR o.payer_client_id = $3 OR o.collector_client_id = $3
     GROUP BY c.order_id
     ORDER BY since, c.order_id
     LIMIT $2`,
    [cutoff, limit + 1, clientId],
  );
  const orders: StuckOrder[] = [];
  for (const { order_id: orderId, since } of rows.slice(0, limit)) {
    const inspection = await inspector.inspect(orderId, now);
    if (!inspection) continue;
    const undeliveredCallbacks = inspection.notifications.filter((notification) => notification.status === 'PENDING');
    orders.push({
      inspection,
      idleSince: since,
      waiting: waitingFor(inspection.order, inspection.workflow, undeliveredCallbacks.length),
      undeliveredCallbacks,
      lastError: lastError(inspection.timeline),
    });
  }
  return { orders, more: rows.length > limit };
}
