import type { DataSource, EntityManager } from 'typeorm';
import { RefundEntity } from './refund.entity';
import type { RefundStatus } from './refund-lifecycle';

export interface NewRefund {
  id: string;
  orderId: string;
  requestedByClientId: string;
  seq: number;
  localAmount: string;
  localCurrency: string;
  userCurrency: string;
  reason: string | null;
}

/** Refund rows. Only an order's refunds workflow writes them, one refund at a time. */
export class RefundRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** A refund of an order the client paid or collected; null for any other (or none). */
  async visibleTo(clientId: string, refundId: string): Promise<RefundEntity | null> {
    const found = await this.dataSource
      .getRepository(RefundEntity)
      .createQueryBuilder('refund')
      .innerJoin('orders', 'o', 'o.id = refund.order_id')
      .where('refund.id = :refundId', { refundId })
      .andWhere('(o.payer_client_id = :clientId OR o.collector_client_id = :clientId)', { clientId })
      .getOne();
    return found;
  }

  forOrder(orderId: string): Promise<RefundEntity[]> {
    return this.dataSource.getRepository(RefundEntity).find({ where: { orderId }, order: { seq: 'ASC' } });
  }

  /** Idempotent on the refund id: a retried step finds the row it wrote. */
  async create(refund: NewRefund): Promise<void> {
    const now = new Date();
    await this.dataSource
      .createQueryBuilder()
      .insert()
      .into(RefundEntity)
      .values({
        ...refund,
        status: 'PENDING',
        userAmount: null,
        railReference: null,
        errorCode: null,
        createdAt: now,
        updatedAt: now,
      })
      .orIgnore()
      .execute();
  }

  /** Inside the transaction of the order change that reports it. */
  async settle(
    tx: EntityManager,
    refundId: string,
    settlement: {
      status: Exclude<RefundStatus, 'PENDING'>;
      userAmount: string | null;
      railReference: string | null;
      errorCode: string | null;
    },
  ): Promise<void> {
    await tx.update(RefundEntity, { id: refundId, status: 'PENDING' }, { ...settlement, updatedAt: new Date() });
  }
}
