import { DataSource, EntityManager, QueryFailedError } from 'typeorm';
import type { NotificationEvent } from '../notifications/notification.entity';
import { countOrderTransition } from '../observability/metrics';
import { callbacksOf, type OrderEvent, type OrderStep, orderStep, OrderTransitionError } from './lifecycle';
import { selectOrder, writeChange } from './order-change-statements';
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
}

/** Work that must commit with a change or not at all: the ledger entries its step implies. */
export type ChangeEffect = (tx: EntityManager, order: OrderEntity, step: OrderStep) => Promise<void>;

/** A second order with the same payer and external_reference that is not a retry of the first. */
export class DuplicateOrderError extends Error {
  constructor(readonly externalReference: string) {
    super(`An order with external_reference ${externalReference} already exists`);
    this.name = 'DuplicateOrderError';
  }
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  const driverError = error instanceof QueryFailedError ? (error.driverError as { code?: string; constraint?: string }) : undefined;
  return driverError?.code === '23505' && driverError.constraint === constraint;
}

/**
 * The one writer of orders. The API creates them; after that only their workflows change
 * them, through `apply`: one transaction that locks the row, asks the lifecycle what the step
 * writes (src/orders/lifecycle), runs its effects (ledger entries), and writes the row, its
 * history entry and its callbacks, so none of them exists without the others. Reads for the
 * API live here too.
 */
export class OrderRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Inserts a new order with its first history entry (and `effect`, such as locking its FX
   * quote, in the same transaction). When the payer (or, for a collection, the collector)
   * already has an order with this reference, the same request (same fingerprint) gets that
   * order back to resume; anything else is a DuplicateOrderError.
   */
  async create(order: OrderEntity, effect?: (tx: EntityManager) => Promise<void>): Promise<{ order: OrderEntity; resumed: boolean }> {
    try {
      await this.dataSource.transaction(async (tx) => {
        await tx.insert(OrderEntity, order);
        await effect?.(tx);
        await tx.insert(OrderStatusHistoryEntity, {
          orderId: order.id,
          seq: 1,
          status: order.status,
          localAmount: order.localAmount,
          userAmount: order.userAmount,
          note: null,
          createdAt: order.createdAt,
        });
      });
      countOrderTransition({ flow: order.flow, country: order.localCountry, from: 'NEW', to: order.status });
      return { order, resumed: false };
    } catch (error) {
      // The payer's reference, or a collection's collector reference, already names an order.
      const existing = isUniqueViolation(error, 'orders_payer_reference_uq')
        ? { payerClientId: order.payerClientId!, externalReference: order.externalReference! }
        : isUniqueViolation(error, 'orders_collector_reference_uq')
          ? { collectorClientId: order.collectorClientId!, collectorExternalReference: order.collectorExternalReference! }
          : null;
      if (existing === null) throw error;
      const found = await this.dataSource.getRepository(OrderEntity).findOneByOrFail(existing);
      if (order.creationFingerprint !== null && found.creationFingerprint === order.creationFingerprint) {
        return { order: found, resumed: true };
      }
      throw new DuplicateOrderError(order.externalReference ?? order.collectorExternalReference!);
    }
  }

  async apply(change: OrderChange, effect?: ChangeEffect): Promise<AppliedChange> {
    try {
      return await this.applyOnce(change, effect);
    } catch (error) {
      // A payer claiming a collection's QR under a reference it already used for another order.
      if (isUniqueViolation(error, 'orders_payer_reference_uq')) throw new DuplicateOrderError(change.patch?.externalReference ?? '');
      throw error;
    }
  }

  private async applyOnce(change: OrderChange, effect?: ChangeEffect): Promise<AppliedChange> {
    const notificationsOf = (order: OrderEntity, callbacks: readonly NotificationEvent[], now: Date) =>
      callbacks.flatMap((event) => orderNotifications(order, change.seq, event, now, change.bodies));
    let eventIds: string[] = [];
    let step: OrderStep | null = null;
    const order = await this.dataSource.transaction(async (tx) => {
      const current = await selectOrder(tx, change.orderId, { lock: true });
      if (current.lastSeq >= change.seq) {
        // A retried step: its callbacks were written with it; their ids are all it needs again.
        eventIds = notificationsOf(current, callbacksOf(current, change.event), new Date()).map((notification) => notification.eventId);
        return current;
      }
      step = orderStep(current, change.event);
      if (!step) throw new OrderTransitionError(current.id, current.status, change.event);
      // A step that moves money without the effect that moves it would write a status the ledger does not back.
      if (step.ledger.length > 0 && !effect) throw new Error(`${change.event} on order ${current.id} needs its ledger entries: ${step.ledger.join(', ')}`);
      await effect?.(tx, current, step);
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
      Object.assign(current, columns);
      // The row, its history entry and its callbacks in one statement: save() would read the row once more, and each insert is a round trip.
      const history = step.history
        ? { seq: change.seq, status: step.to, localAmount: current.localAmount, userAmount: current.userAmount, note: change.note ?? null, requestId: change.requestId ?? null, createdAt: now }
        : null;
      const notifications = notificationsOf(current, step.notify, now);
      await writeChange(tx, current.id, columns, history, notifications);
      eventIds.push(...notifications.map((notification) => notification.eventId));
      return current;
    });
    // Counted once committed: a rolled-back or replayed change moved nothing.
    const written = step as OrderStep | null;
    if (written?.history) countOrderTransition({ flow: order.flow, country: order.localCountry, from: written.from, to: written.to });
    return { order, eventIds };
  }

  /** The order as it stands, if the request `requestId` made one of its changes; else null. */
  findChangedBy(orderId: string, requestId: string): Promise<OrderEntity | null> {
    return this.dataSource
      .getRepository(OrderEntity)
      .createQueryBuilder('o')
      .where('o.id = :orderId', { orderId })
      .andWhere('EXISTS (SELECT 1 FROM order_status_history h WHERE h.order_id = o.id AND h.request_id = :requestId)', { requestId })
      .getOne();
  }

  findById(orderId: string): Promise<OrderEntity> {
    return selectOrder(this.dataSource.manager, orderId, { lock: false });
  }

  findOwnedByPayer(clientId: string, orderId: string): Promise<OrderEntity | null> {
    return this.dataSource.getRepository(OrderEntity).findOneBy({ id: orderId, payerClientId: clientId });
  }

  /** A QR created here, whoever scans it. */
  findCollection(orderId: string): Promise<OrderEntity | null> {
    return this.dataSource.getRepository(OrderEntity).findOneBy({ id: orderId, flow: 'COLLECTION' });
  }

  findCollectedBy(clientId: string, orderId: string): Promise<OrderEntity | null> {
    return this.dataSource.getRepository(OrderEntity).findOneBy({ id: orderId, collectorClientId: clientId });
  }

  /** The payer and the collecting client both see an order; nobody else does. */
  findVisibleTo(clientId: string, orderId: string): Promise<OrderEntity | null> {
    return this.dataSource.getRepository(OrderEntity).findOne({
      where: [
        { id: orderId, payerClientId: clientId },
        { id: orderId, collectorClientId: clientId },
      ],
    });
  }

  history(orderId: string): Promise<OrderStatusHistoryEntity[]> {
    return this.dataSource.getRepository(OrderStatusHistoryEntity).find({ where: { orderId }, order: { seq: 'ASC' } });
  }

  /** Orders no workflow has touched since the API created them, created in [createdAfter, createdBefore), oldest first. */
  findUnstarted(createdBefore: Date, createdAfter: Date, limit: number): Promise<OrderEntity[]> {
    return this.dataSource
      .getRepository(OrderEntity)
      .createQueryBuilder('o')
      .where('o.last_seq = 1 AND o.created_at < :createdBefore AND o.created_at >= :createdAfter', { createdBefore, createdAfter })
      .orderBy('o.created_at', 'ASC')
      .limit(limit)
      .getMany();
  }
}
