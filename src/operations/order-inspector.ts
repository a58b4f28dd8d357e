import { status as GrpcStatus } from '@grpc/grpc-js';
import { Client, isGrpcServiceError, WorkflowNotFoundError } from '@temporalio/client';
import type { temporal } from '@temporalio/proto';
import { DataSource } from 'typeorm';
import { deliveryAttemptsOf } from '../notifications/delivery-attempts';
import { NotificationEntity } from '../notifications/notification.entity';
import { OrderEntity, OrderStatusHistoryEntity } from '../orders/order.entity';
import { OrderRepository } from '../orders/order.repository';
import { orderWorkflowId } from '../orders/order-workflow-start';
import { decodedHistory } from '../temporal/history-codec';
import { PAYOUT_UNCONFIRMED } from '../temporal/search-attribute-keys';
import { orderPhaseQuery } from '../orders/order-messages';
import { refundsWorkflowId } from '../refunds/refund-messages';
import { callbackEntries, mergeTimeline, statusEntries } from './order-timeline';
import { pendingActivitiesOf, pendingActivityEntries } from './pending-activities';
import type { TimelineEntry } from './timeline-entry';
import type { WorkflowSnapshot } from './waiting-for';
import { workflowTimeline } from './workflow-history';

/** A worker answers a query in milliseconds; one that does not answer in this long is not there. */
const PHASE_QUERY_TIMEOUT_MS = 5_000;

export interface OrderInspection {
  order: OrderEntity;
  history: OrderStatusHistoryEntity[];
  workflow: WorkflowSnapshot;
  notifications: NotificationEntity[];
  /** Status changes, workflow steps (order and refunds) and callbacks, in time order. */
  timeline: TimelineEntry[];
}

const NO_WORKFLOW: WorkflowSnapshot = {
  status: 'NOT_FOUND',
  phase: null,
  payoutUnconfirmed: false,
  pendingActivities: [],
};

/**
 * Everything known about one order, read from the database (the order, its status history,
 * its callbacks with every attempt) and from Temporal (the order's workflow: describe, the
 * phase query and its history; the refunds workflow's history). Reads only.
 */
export class OrderInspector {
  private readonly orders: OrderRepository;

  constructor(
    private readonly dataSource: DataSource,
    private readonly temporal: Client,
  ) {
    this.orders = new OrderRepository(dataSource);
  }

  async inspect(orderId: string, now = new Date()): Promise<OrderInspection | null> {
    const order = await this.dataSource.getRepository(OrderEntity).findOneBy({ id: orderId });
    if (!order) return null;
    const history = await this.orders.history(orderId);
    const notifications = await this.dataSource
      .getRepository(NotificationEntity)
      .find({ where: { orderId }, order: { createdAt: 'ASC', id: 'ASC' } });
    const attempts = await deliveryAttemptsOf(
      this.dataSource,
      notifications.map((n) => n.id),
    );
    const { workflow, orderHistory } = await this.orderWorkflow(orderId);
    const refundsHistory = await this.historyOf(refundsWorkflowId(orderId));
    const timeline = mergeTimeline(
      statusEntries(history),
      orderHistory ? workflowTimeline(orderHistory, 'workflow') : [],
      pendingActivityEntries(workflow.pendingActivities, 'workflow', now),
      refundsHistory ? workflowTimeline(refundsHistory, 'refunds') : [],
      callbackEntries(notifications, attempts),
    );
    return { order, history, workflow, notifications, timeline };
  }

  private async orderWorkflow(
    orderId: string,
  ): Promise<{ workflow: WorkflowSnapshot; orderHistory: temporal.api.history.v1.IHistory | null }> {
    const handle = this.temporal.workflow.getHandle(orderWorkflowId(orderId));
    let description;
    try {
      description = await handle.describe();
    } catch (error) {
      if (error instanceof WorkflowNotFoundError) return { workflow: NO_WORKFLOW, orderHistory: null };
      throw error;
    }
    const status = description.status.name;
    // Any failure to answer (no poller, a deadline) means the same to an operator: no worker serves it.
    const phase =
      status === 'RUNNING'
        ? await this.temporal
            .withDeadline(Date.now() + PHASE_QUERY_TIMEOUT_MS, () => handle.query(orderPhaseQuery))
            .catch(() => null)
        : null;
    const workflow: WorkflowSnapshot = {
      status,
      phase,
      payoutUnconfirmed: description.typedSearchAttributes.get(PAYOUT_UNCONFIRMED) === true,
      pendingActivities: pendingActivitiesOf(description.raw),
    };
    return { workflow, orderHistory: await this.decoded(await handle.fetchHistory()) };
  }

  /** Histories come as Temporal keeps them; their payloads are read with the client's codecs (decrypted). */
  private decoded(history: temporal.api.history.v1.IHistory): Promise<temporal.api.history.v1.IHistory> {
    return decodedHistory(history, this.temporal.options.loadedDataConverter.payloadCodecs);
  }

  private async historyOf(workflowId: string): Promise<temporal.api.history.v1.IHistory | null> {
    try {
      return await this.decoded(await this.temporal.workflow.getHandle(workflowId).fetchHistory());
    } catch (error) {
      // fetchHistory passes the server's answer on as it came: gRPC NOT_FOUND, not WorkflowNotFoundError.
      if (isGrpcServiceError(error) && error.code === GrpcStatus.NOT_FOUND) return null;
      throw error;
    }
  }
}
