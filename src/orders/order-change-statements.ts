import { EntityManager, EntityNotFoundError, type ObjectLiteral } from 'typeorm';
import type { EntityColumns } from '../db/entity-columns';
import { NotificationOutbox, type NewNotification } from '../notifications/notification-outbox';
import { OrderEntity } from './order.entity';

/*
 * The statements of an order's change (OrderRepository.apply), written out: every step of every
 * order takes this path, so it pays neither TypeORM's query building nor a round trip per row.
 * The columns come from OrderEntity's mapping (EntityColumns).
 */

/** The order, its row locked until the transaction ends. EntityNotFoundError (as TypeORM's findOneOrFail) when there is none. */
export async function selectOrderForUpdate(
  tx: EntityManager,
  columns: EntityColumns<OrderEntity>,
  orderId: string,
): Promise<OrderEntity> {
  const [row] = await tx.query<ObjectLiteral[]>(`SELECT ${columns.selectList()} FROM orders WHERE id = $1 FOR UPDATE`, [
    orderId,
  ]);
  if (!row) throw new EntityNotFoundError(OrderEntity, { id: orderId });
  return columns.hydrate(row);
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
 * and its callbacks (a retried step's are already there: the first body stays), all of it only
 * if the row is still at `readSeq`, the last_seq the change was planned from. Data-modifying
 * parts of a WITH all run, whatever the last part reads; the inserts take their rows from the
 * update's, so an update that matched nothing writes nothing. True when it matched.
 */
export async function writeChange(
  manager: EntityManager,
  order: EntityColumns<OrderEntity>,
  orderId: string,
  readSeq: number,
  columns: Partial<OrderEntity>,
  history: HistoryRow | null,
  notifications: readonly NewNotification[],
): Promise<boolean> {
  const params: unknown[] = [orderId];
  const param = (value: unknown) => `$${params.push(value)}`;
  const parts = [
    `UPDATE orders SET ${order.assignments(columns, params)} WHERE id = $1 AND last_seq = ${param(readSeq)} RETURNING id`,
  ];
  if (history) {
    const values = [
      history.seq,
      history.status,
      history.localAmount,
      history.userAmount,
      history.note,
      history.requestId,
      history.createdAt,
    ].map(param);
    parts.push(
      `INSERT INTO order_status_history (order_id, seq, status, local_amount, user_amount, note, request_id, created_at) SELECT id, ${values.join(', ')} FROM changed`,
    );
  }
  if (notifications.length > 0)
    parts.push(NotificationOutbox.insertSql(notifications, param, 'EXISTS (SELECT 1 FROM changed)'));
  const [changed, ...rest] = parts;
  const sql = `WITH changed AS (${changed}) ${rest.map((part, index) => `, step${index} AS (${part})`).join('')} SELECT count(*)::int AS matched FROM changed`;
  const [{ matched }] = await manager.query<[{ matched: number }]>(sql, params);
  return matched === 1;
}
