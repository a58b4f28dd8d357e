import { Injectable } from '@nestjs/common';
import { ApiError, notFound } from '../http/api-error';
import { isUuid } from '../keys';
import type { OrderEntity } from '../orders/order.entity';
import { OrderRepository } from '../orders/order.repository';
import { WAITING } from '../orders/lifecycle';
import { seenByClient, StatusHistoryView, statusHistoryView } from '../orders/order-views';
import { OrderWorkflowClient } from '../orders/order-workflow.client';
import { RailsDeclinedError } from '../rails/rails.errors';
import type { ForcedPayoutAnswer } from './forced-payout-answers';
import type { ForcePayoutResponse } from './sandbox.dto';
import { RailsSandboxClient } from './rails-sandbox.client';

/**
 * Flows an integrator cannot otherwise provoke, driven through the real workflow (an update)
 * or the real rail (the simulator's own memory), never by writing the database. Only the
 * caller's orders, as payer or collector: any other reads as missing.
 */
@Injectable()
export class SandboxService {
  constructor(
    private readonly orders: OrderRepository,
    private readonly workflows: OrderWorkflowClient,
    private readonly rails: RailsSandboxClient,
  ) {}

  /** The expiry timer fires now: CANCELED with EXPIRED and the QR expiration notification, as after QR_EXPIRY_SECONDS. */
  async expire(clientId: string, orderId: string): Promise<StatusHistoryView> {
    const order = await this.visibleOrder(clientId, orderId);
    await this.workflows.expire(order);
    return statusHistoryView(
      seenByClient(await this.orders.findById(order.id), clientId),
      await this.orders.history(order.id),
    );
  }

  /** What the rail will answer when this order's payout is sent. */
  async forcePayout(clientId: string, orderId: string, outcome: ForcedPayoutAnswer): Promise<ForcePayoutResponse> {
    const order = await this.visibleOrder(clientId, orderId);
    if (order.flow === 'COLLECTION') {
      throw new ApiError(
        409,
        `Order ${order.id} is a collection: it is paid inside the service, and no rail answers for it`,
        'INVALID_STATUS',
      );
    }
    // Before the decision nothing was sent to the rail yet.
    if (!WAITING.includes(order.status)) {
      throw new ApiError(
        409,
        `Order ${order.id} is ${order.status}: the payout's answer can only be set before the payment is decided`,
        'INVALID_STATUS',
      );
    }
    try {
      await this.rails.forcePayoutAnswer(order.id, outcome);
    } catch (error) {
      // The rail is the judge: the payer may have accepted since the order was read.
      if (error instanceof RailsDeclinedError && error.code === 'IDEMPOTENCY_CONFLICT') {
        throw new ApiError(409, `Order ${order.id}: its payout was already sent`, 'INVALID_STATUS');
      }
      throw error;
    }
    return { order_id: order.id, outcome, status: order.status };
  }

  private async visibleOrder(clientId: string, orderId: string): Promise<OrderEntity> {
    const order = isUuid(orderId) ? await this.orders.findVisibleTo(clientId, orderId) : null;
    if (!order) throw notFound('Order not found');
    return order;
  }
}
