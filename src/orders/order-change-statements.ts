import { EntityManager, EntityNotFoundError } from 'typeorm';
import { NotificationOutbox, type NewNotification } from '../notifications/notification-outbox';
import { OrderEntity } from './order.entity';

/**
 * The statements of an order's change (OrderRepository.apply), written out: every step of every
 * order takes this path, so it pays neither TypeORM's query building nor a round trip per row.
 * The column names come from OrderEntity's mapping, read once.
 */
interface OrderColumns {
  /** Selects every mapped column of one order. */
  selectSql: string;
  /** The column of each entity property. */
  byProperty: Map<string, { name: string; json: boolean }>;
  /** The property of each selected column. */
  byColumn: Map<string, string>;
}

let mapped: OrderColumns | undefined;

function orderColumns(manager: EntityManager): OrderColumns {
  if (mapped) return mapped;
  const { columns } = manager.connection.getMetadata(OrderEntity);
  const byProperty = new Map(columns.map((column) => [column.propertyName, { name: column.databaseName, json: column.type === 'jsonb' }]));
  const byColumn = new Map(columns.map((column) => [column.databaseName, column.propertyName]));
  const list = columns.map((column) => `"${column.databaseName}"`).join(', ');
  mapped = { selectSql: `SELECT ${list} FROM orders WHERE id = $1`, byProperty, byColumn };
  return mapped;
}

/**
 * The order; with `lock`, its row locked until the transaction ends. EntityNotFoundError (as
 * TypeORM's findOneOrFail) when there is none.
 */
export async function selectOrder(manager: EntityManager, orderId: string, { lock }: { lock: boolean }): Promise<OrderEntity> {
  const { selectSql, byColumn } = orderColumns(manager);
  const [row]: Array<Record<string, unknown>> = await manager.query(lock ? `${selectSql} FOR UPDATE` : selectSql, [orderId]);
  if (!row) throw new EntityNotFoundError(OrderEntity, { id: orderId });
  const order = new OrderEntity();
  for (const [column, value] of Object.entries(row)) (order as unknown as Record<string, unknown>)[byColumn.get(column)!] = value;
  return order;
}

export interface HistoryRow {
  seq: number;
  status: string;
  localAmount: string | null;
  userAmount: string | null;
  note: string | null;
  requestId: string | null;
  createdAt: Date;
}

/**
 * A change as one statement: the order's columns, its history entry (when the step keeps one)
 * and its callbacks (a retried step's are already there: the first body stays). Data-modifying
 * parts of a WITH all run, whatever the last part reads.
 */
export async function writeChange(
  tx: EntityManager,
  orderId: string,
  columns: Partial<OrderEntity>,
  history: HistoryRow | null,
  notifications: readonly NewNotification[],
): Promise<void> {
  const { byProperty } = orderColumns(tx);
  const params: unknown[] = [orderId];
  const param = (value: unknown) => `$${params.push(value)}`;
  const assignments = Object.entries(columns)
    .filter(([, value]) => value !== undefined)
    .map(([property, value]) => {
      const column = byProperty.get(property);
      if (!column) throw new RangeError(`orders has no column for ${property}`);
      return `"${column.name}" = ${param(column.json && value !== null ? JSON.stringify(value) : value)}`;
    });
  const parts = [`UPDATE orders SET ${assignments.join(', ')} WHERE id = $1`];
  if (history) {
    const values = [history.seq, history.status, history.localAmount, history.userAmount, history.note, history.requestId, history.createdAt].map(param);
    parts.push(`INSERT INTO order_status_history (order_id, seq, status, local_amount, user_amount, note, request_id, created_at) VALUES ($1, ${values.join(', ')})`);
  }
  if (notifications.length > 0) parts.push(NotificationOutbox.insertSql(notifications, param));
  const last = parts.pop()!;
  const sql = parts.length === 0 ? last : `WITH ${parts.map((part, index) => `step${index} AS (${part})`).join(', ')} ${last}`;
  await tx.query(sql, params);
}
