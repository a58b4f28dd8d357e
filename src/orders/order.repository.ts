import { DataSource, EntityManager, EntityNotFoundError, QueryFailedError } from 'typeorm';
import { EntityColumns } from '../db/entity-columns';
import { PreparedStatement } from '../db/prepared-statement';
import { quoteLockRefusal, quoteLockSql } from '../fx/fx.service';
import type { CurrencyCode } from '../money';
import type { NotificationEvent } from '../notifications/notification.entity';
import type { NewNotification } from '../notifications/notification-outbox';
import { countOrderTransition } from '../observability/metrics';
import { callbacksOf, type OrderEvent, type OrderStep, orderStep, OrderTransitionError } from './lifecycle';
import { type HistoryRow, selectOrderForUpdate, writeChange } from './order-change-statements';
import { CallbackBodies, orderNotifications } from './order-notifications';
import { OrderEntity, OrderStatusHistoryEntity } from './order.entity';

/** Columns a change may set besides the status. */
export type OrderPatch = Partial<
  Pick<
    OrderEntity,
    | 'paymentNotificationUrl'
    | 'merchantName'
    | 'merchantIdentificationNumber'
    | 'merchantBranchOffice'
    | 'localAmount'
    | 'userAmount'
    | 'fxQuoteId'
    | 'fxRate'
    | 'walletId'
    | 'payerClientId'
    | 'externalReference'
    | 'notificationUrl'
    | 'payer'
    | 'userCurrency'
  >
>;

/** One step of an order: what happened, and the facts it brings. The lifecycle decides the rest. */
export interface OrderChange {
  orderId: string;
  /** The workflow's counter: a change is applied once, however often its activity is retried. */
  seq: number;
  event: OrderEvent;
  patch?: OrderPatch;
  payoutReference?: string;
  /** Kept on the history entry (operators' resolutions); never shown to integrators. */
  note?: string;
  /**
   * The integrator's request the change applies, when it came with an idempotency-key
   * (KeyedRequest.id): kept on the history entry, so a resend of it is known for what it is
   * (`findChangedBy`). The API's decisions and amounts always change the status, so they always
   * have an entry to keep it on.
   */
  requestId?: string;
  /** The bodies of callbacks this module does not build itself (a refund's). */
  bodies?: CallbackBodies;
}

export interface AppliedChange {
  order: OrderEntity;
  /** The x-event-ids of the change's callbacks (one per client that hears each), the same on a replay. */
  eventIds: string[];
  /** The callbacks this call wrote, as written; none when the step was written before (they may have been attempted since). */
  written: NewNotification[];
}

/** Work that must commit with a change or not at all: the ledger entries its step implies. It sees the order as read, before the step. */
export type ChangeEffect = (tx: EntityManager, order: OrderEntity, step: OrderStep) => Promise<void>;

/** How often a guarded change reads and tries again before it gives up (each miss is a retry of the same step that won). */
const GUARDED_ATTEMPTS = 3;

interface PlannedWrite {
  step: OrderStep;
  /** The order as the step leaves it. */
  order: OrderEntity;
  /** The last_seq the step was planned from: the write happens only if the row is still there. */
  readSeq: number;
  columns: Partial<OrderEntity>;
  history: HistoryRow | null;
  notifications: NewNotification[];
}

/** A change planned from the order as read: the callbacks' ids, and what to write (null for a step already written). */
interface PlannedChange {
  eventIds: string[];
  write: PlannedWrite | null;
}

/** A second order with the same payer and external_reference that is not a retry of the first. */
export class DuplicateOrderError extends Error {
  constructor(readonly externalReference: string) {
    super(`An order with external_reference ${externalReference} already exists`);
    this.name = 'DuplicateOrderError';
  }
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  const driverError =
    error instanceof QueryFailedError ? (error.driverError as { code?: string; constraint?: string }) : undefined;
  return driverError?.code === '23505' && driverError.constraint === constraint;
}

/** What a priced order's quote must be, which its lock checks: its payer's, for its pair. */
const quoteUseOf = (order: OrderEntity) => ({
  clientId: order.payerClientId!,
  base: order.localCurrency as CurrencyCode,
  target: order.userCurrency as CurrencyCode,
});

/**
 * The statements of the API's hot paths. An order is created with its first history entry
 * (seq 1, the order's own status and amounts) by one statement; a priced one only once its
 * quote is locked to it (created 0 otherwise, and nothing written).
 */
function orderStatements(order: EntityColumns<OrderEntity>, history: EntityColumns<OrderStatusHistoryEntity>) {
  const creation = (priced: boolean) => `
    WITH ${priced ? `locked AS (${quoteLockSql({ quote: '$2', order: '$1', client: '$3', base: '$4', target: '$5' })} RETURNING id),` : ''}
    created AS (
      INSERT INTO orders (${order.names}) SELECT ${order.placeholders(priced ? 6 : 1)} ${priced ? 'FROM locked' : ''}
      RETURNING id, status, local_amount, user_amount, created_at),
    first_entry AS (
      INSERT INTO order_status_history (order_id, seq, status, local_amount, user_amount, note, created_at)
      SELECT id, 1, status, local_amount, user_amount, NULL, created_at FROM created)
    SELECT count(*)::int AS created FROM created`;
  const read = (name: string, where: string) =>
    new PreparedStatement(`orders.${name}`, `SELECT ${order.selectList()} FROM orders WHERE ${where} LIMIT 1`);
  return {
    create: new PreparedStatement<{ created: number }>('orders.create', creation(false)),
    createPriced: new PreparedStatement<{ created: number }>('orders.create-priced', creation(true)),
    byId: read('by-id', 'id = $1'),
    ownedByPayer: read('owned-by-payer', 'id = $1 AND payer_client_id = $2'),
    collection: read('collection', "id = $1 AND flow = 'COLLECTION'"),
    collectedBy: read('collected-by', 'id = $1 AND collector_client_id = $2'),
    visibleTo: read('visible-to', 'id = $1 AND (payer_client_id = $2 OR collector_client_id = $2)'),
    changedBy: read(
      'changed-by',
      'id = $1 AND EXISTS (SELECT 1 FROM order_status_history h WHERE h.order_id = orders.id AND h.request_id = $2)',
    ),
    history: new PreparedStatement(
      'orders.history',
      `SELECT ${history.selectList()} FROM order_status_history WHERE order_id = $1 ORDER BY seq ASC`,
    ),
  };
}

/**
 * The one writer of orders. The API creates them; after that only their workflows change
 * them, through `apply`: one transaction that locks the row, asks the lifecycle what the step
 * writes (src/orders/lifecycle), runs its effects (ledger entries), and writes the row, its
 * history entry and its callbacks, so none of them exists without the others. Reads for the
 * API live here too.
 */
export class OrderRepository {
  private readonly columns: EntityColumns<OrderEntity>;
  private readonly historyColumns: EntityColumns<OrderStatusHistoryEntity>;
  private readonly statements: ReturnType<typeof orderStatements>;

  constructor(private readonly dataSource: DataSource) {
    this.columns = new EntityColumns(dataSource, OrderEntity);
    this.historyColumns = new EntityColumns(dataSource, OrderStatusHistoryEntity);
    this.statements = orderStatements(this.columns, this.historyColumns);
  }

  /**
   * Inserts a new order with its first history entry and, for a priced order, locks its FX quote
   * to it: one statement, so all of it or none. When the payer (or, for a collection, the
   * collector) already has an order with this reference, the same request (same fingerprint)
   * gets that order back to resume; anything else is a DuplicateOrderError. A quote that cannot
   * be locked (not the payer's, for another pair, expired, another order's) is an
   * FxQuoteUnavailableError, and no order is written.
   */
  async create(order: OrderEntity): Promise<{ order: OrderEntity; resumed: boolean }> {
    try {
      if (order.fxQuoteId) {
        const use = quoteUseOf(order);
        const { rows } = await this.statements.createPriced.run(this.dataSource, [
          order.id,
          order.fxQuoteId,
          use.clientId,
          use.base,
          use.target,
          ...this.columns.values(order),
        ]);
        if (rows[0]!.created === 0) throw await quoteLockRefusal(this.dataSource.manager, order.fxQuoteId, use);
      } else {
        await this.statements.create.run(this.dataSource, this.columns.values(order));
      }
      countOrderTransition({ flow: order.flow, country: order.localCountry, from: 'NEW', to: order.status });
      return { order, resumed: false };
    } catch (error) {
      // The payer's reference, or a collection's collector reference, already names an order.
      const existing = isUniqueViolation(error, 'orders_payer_reference_uq')
        ? { payerClientId: order.payerClientId!, externalReference: order.externalReference! }
        : isUniqueViolation(error, 'orders_collector_reference_uq')
          ? {
              collectorClientId: order.collectorClientId!,
              collectorExternalReference: order.collectorExternalReference!,
            }
          : null;
      if (existing === null) throw error;
      const found = await this.dataSource.getRepository(OrderEntity).findOneByOrFail(existing);
      if (order.creationFingerprint !== null && found.creationFingerprint === order.creationFingerprint) {
        return { order: found, resumed: true };
      }
      throw new DuplicateOrderError(order.externalReference ?? order.collectorExternalReference!);
    }
  }

  /** Applies a change, with `effect` (its ledger entries) in the same transaction when it has one. */
  apply(change: OrderChange, effect?: ChangeEffect): Promise<AppliedChange> {
    return this.refusingDuplicates(change, () =>
      effect ? this.applyLocked(change, effect) : this.applyGuarded(change),
    );
  }

  /**
   * Applies a change that moves no money to the order as the caller has just read it: written in
   * one statement guarded by that read's last_seq, with no read of its own.
   */
  applyTo(read: OrderEntity, change: OrderChange): Promise<AppliedChange> {
    return this.refusingDuplicates(change, () => this.applyGuarded(change, read));
  }

  private async refusingDuplicates(
    change: OrderChange,
    applying: () => Promise<AppliedChange>,
  ): Promise<AppliedChange> {
    try {
      return await applying();
    } catch (error) {
      // A payer claiming a collection's QR under a reference it already used for another order.
      if (isUniqueViolation(error, 'orders_payer_reference_uq'))
        throw new DuplicateOrderError(change.patch?.externalReference ?? '');
      throw error;
    }
  }

  /**
   * A change that moves money: its ledger entries and its writes in one transaction, with the
   * order's row locked from the read on, so that nothing else decides from the same status.
   */
  private async applyLocked(change: OrderChange, effect: ChangeEffect): Promise<AppliedChange> {
    let planned: PlannedChange | null = null;
    const order = await this.dataSource.transaction(async (tx) => {
      const current = await selectOrderForUpdate(tx, this.columns, change.orderId);
      planned = this.plan(current, change);
      if (!planned.write) return current;
      await effect(tx, current, planned.write.step);
      await this.write(tx, planned.write, true);
      return planned.write.order;
    });
    return this.applied(order, planned!);
  }

  /**
   * A change that moves no money needs no transaction of its own: one statement writes the row,
   * its history entry and its callbacks only if the row is still at the read's last_seq. When it
   * is not (a retry of the same step got there first), the order is read again and the change
   * is planned afresh, which finds the step written.
   */
  private async applyGuarded(change: OrderChange, read?: OrderEntity): Promise<AppliedChange> {
    for (let attempt = 1; ; attempt++) {
      const current = read ?? (await this.findById(change.orderId));
      read = undefined;
      const planned = this.plan(current, change);
      if (!planned.write) return this.applied(current, planned);
      // A step that moves money without the effect that moves it would write a status the ledger does not back.
      if (planned.write.step.ledger.length > 0)
        throw new Error(
          `${change.event} on order ${current.id} needs its ledger entries: ${planned.write.step.ledger.join(', ')}`,
        );
      // Each miss means the row moved on since its read; a step can only be written once, so the next read finds it.
      if (await this.write(this.dataSource.manager, planned.write, attempt >= GUARDED_ATTEMPTS))
        return this.applied(planned.write.order, planned);
    }
  }

  /** What the change writes, from the order as it stands: nothing for a step already written. */
  private plan(current: OrderEntity, change: OrderChange): PlannedChange {
    const notificationsOf = (order: OrderEntity, callbacks: readonly NotificationEvent[], now: Date) =>
      callbacks.flatMap((event) => orderNotifications(order, change.seq, event, now, change.bodies));
    if (current.lastSeq >= change.seq) {
      // A retried step: its callbacks were written with it; their ids are all it needs again.
      return {
        eventIds: notificationsOf(current, callbacksOf(current, change.event), new Date()).map(
          (notification) => notification.eventId,
        ),
        write: null,
      };
    }
    const step = orderStep(current, change.event);
    if (!step) throw new OrderTransitionError(current.id, current.status, change.event);
    const now = new Date();
    const columns: Partial<OrderEntity> = {
      ...change.patch,
      status: step.to,
      lastSeq: change.seq,
      updatedAt: now,
      ...(step.errorCode ? { errorCode: step.errorCode } : {}),
      ...(change.payoutReference ? { payoutReference: change.payoutReference } : {}),
      ...(step.paid ? { paymentDate: now } : {}),
    };
    const order = Object.assign(new OrderEntity(), current, columns);
    const history = step.history
      ? {
          seq: change.seq,
          status: step.to,
          localAmount: order.localAmount,
          userAmount: order.userAmount,
          note: change.note ?? null,
          requestId: change.requestId ?? null,
          createdAt: now,
        }
      : null;
    const notifications = notificationsOf(order, step.notify, now);
    return {
      eventIds: notifications.map((notification) => notification.eventId),
      write: { step, order, readSeq: current.lastSeq, columns, history, notifications },
    };
  }

  /** Writes a planned change; false when the row had moved past the read's last_seq (and `mustMatch` is not set, else that throws). */
  private async write(manager: EntityManager, planned: PlannedWrite, mustMatch: boolean): Promise<boolean> {
    const { order } = planned;
    const matched = await writeChange(
      manager,
      this.columns,
      order.id,
      planned.readSeq,
      planned.columns,
      planned.history,
      planned.notifications,
    );
    if (!matched && mustMatch)
      throw new Error(
        `Order ${order.id} moved past last_seq ${planned.readSeq} while its step ${planned.step.event} was written`,
      );
    return matched;
  }

  /** Counted once written: a rolled-back or replayed change moved nothing. */
  private applied(order: OrderEntity, planned: PlannedChange): AppliedChange {
    const step = planned.write?.step;
    if (step?.history)
      countOrderTransition({ flow: order.flow, country: order.localCountry, from: step.from, to: step.to });
    return { order, eventIds: planned.eventIds, written: planned.write?.notifications ?? [] };
  }

  /** The order as it stands, if the request `requestId` made one of its changes; else null. */
  findChangedBy(orderId: string, requestId: string): Promise<OrderEntity | null> {
    return this.findOne(this.statements.changedBy, [orderId, requestId]);
  }

  async findById(orderId: string): Promise<OrderEntity> {
    const order = await this.findOne(this.statements.byId, [orderId]);
    if (!order) throw new EntityNotFoundError(OrderEntity, { id: orderId });
    return order;
  }

  findOwnedByPayer(clientId: string, orderId: string): Promise<OrderEntity | null> {
    return this.findOne(this.statements.ownedByPayer, [orderId, clientId]);
  }

  /** A QR created here, whoever scans it. */
  findCollection(orderId: string): Promise<OrderEntity | null> {
    return this.findOne(this.statements.collection, [orderId]);
  }

  findCollectedBy(clientId: string, orderId: string): Promise<OrderEntity | null> {
    return this.findOne(this.statements.collectedBy, [orderId, clientId]);
  }

  /** The payer and the collecting client both see an order; nobody else does. */
  findVisibleTo(clientId: string, orderId: string): Promise<OrderEntity | null> {
    return this.findOne(this.statements.visibleTo, [orderId, clientId]);
  }

  async history(orderId: string): Promise<OrderStatusHistoryEntity[]> {
    const { rows } = await this.statements.history.run(this.dataSource, [orderId]);
    return rows.map((row) => this.historyColumns.hydrate(row));
  }

  private async findOne(statement: PreparedStatement, values: unknown[]): Promise<OrderEntity | null> {
    const { rows } = await statement.run(this.dataSource, values);
    return rows[0] ? this.columns.hydrate(rows[0]) : null;
  }

  /**
   * Orders no workflow has touched since the API created them, created in [createdAfter, createdBefore),
   * oldest first; only `clientId`'s (as payer or collector) when given.
   */
  findUnstarted(createdBefore: Date, createdAfter: Date, limit: number, clientId?: string): Promise<OrderEntity[]> {
    const query = this.dataSource
      .getRepository(OrderEntity)
      .createQueryBuilder('o')
      .where('o.last_seq = 1 AND o.created_at < :createdBefore AND o.created_at >= :createdAfter', {
        createdBefore,
        createdAfter,
      });
    if (clientId) {
      query.andWhere('(o.payer_client_id = :clientId OR o.collector_client_id = :clientId)', { clientId });
    }
    return query.orderBy('o.created_at', 'ASC').limit(limit).getMany();
  }
}
