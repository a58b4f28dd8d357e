import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { ENV } from '../config/config.module';
import { Env } from '../config/env';
import { ApiError } from '../http/api-error';
import { CurrencyCode, Decimal, formatAmount, MoneyError, parseAmount } from '../money';
import { deterministicUuid } from '../orders/event-id';
import type { OrderEntity } from '../orders/order.entity';
import { OrderRepository } from '../orders/order.repository';
import { RefundRepository } from './refund.repository';
import { REFUNDABLE_STATUSES, refundRejection, remainingOf } from './refund-lifecycle';
import type { RefundResultView } from './refund-views';
import type { RefundRequestDto } from './refunds.dto';
import { RefundsWorkflowClient } from './refunds-workflow.client';

const DAY_MS = 86_400_000;

/**
 * POST /v2/qr/refund. The API checks what it can from the database and answers at once for a
 * plain mistake; the order's refunds workflow decides (serialized, so concurrent refunds never
 * exceed the payment) and runs the refund.
 */
@Injectable()
export class RefundsService {
  constructor(
    private readonly orders: OrderRepository,
    private readonly refunds: RefundRepository,
    private readonly workflows: RefundsWorkflowClient,
    @Inject(ENV) private readonly env: Env,
  ) {}

  async refund(clientId: string, input: RefundRequestDto, idempotencyKey: string | undefined): Promise<RefundResultView> {
    const order = await this.refundableBy(clientId, input.order_id);
    const currency = order.localCurrency as CurrencyCode;
    if (!REFUNDABLE_STATUSES.includes(order.status)) throw new ApiError(409, `Order ${order.id} is ${order.status}: only a paid order can be refunded`, 'INVALID_STATUS');
    if (order.paymentDate && order.paymentDate.getTime() + this.env.REFUND_WINDOW_DAYS * DAY_MS < Date.now()) {
      throw new ApiError(409, `Order ${order.id} was paid more than ${this.env.REFUND_WINDOW_DAYS} days ago: its refund window is closed`, 'INVALID_STATUS');
    }
    const amount = input.amount === undefined ? null : this.parseAmount(input.amount, currency);
    const known = await this.refunds.forOrder(order.id);
    const sum = (status: string[]) => known.filter((refund) => status.includes(refund.status)).reduce((total, refund) => total.plus(refund.localAmount), new Decimal(0));
    const ledger = { total: order.localAmount!, refunded: sum(['COMPLETED']).toFixed(), held: sum(['PENDING']).toFixed() };
    const remaining = remainingOf(ledger);
    if (refundRejection(order.status, ledger, amount ?? remaining) !== null) {
      throw new ApiError(422, `Only ${formatAmount(Decimal.max(remaining, 0), currency)} ${currency} of order ${order.id} can still be refunded`, 'AMOUNT_EXCEEDS_REFUNDABLE');
    }
    return this.workflows.request(order, {
      // With a key, a retry names the same refund: the workflow answers it instead of refunding twice.
      refundId: idempotencyKey === undefined ? randomUUID() : deterministicUuid(`refund:${clientId}:${idempotencyKey}`),
      amount: amount === null ? null : formatAmount(amount, currency),
      reason: input.reason ?? null,
      requestedByClientId: clientId,
    });
  }

  /** The payer refunds what it paid; a collected order is refunded by its collector. Anyone else: 404. */
  private async refundableBy(clientId: string, orderId: string): Promise<OrderEntity> {
    const order = await this.orders.findVisibleTo(clientId, orderId);
    const owner = order?.collectorClientId ?? order?.payerClientId;
    if (!order || owner !== clientId) throw new ApiError(404, 'Order not found');
    return order;
  }

  private parseAmount(value: unknown, currency: CurrencyCode): Decimal {
    try {
      return parseAmount(value, currency);
    } catch (error) {
      if (error instanceof MoneyError) throw new ApiError(400, [`amount: ${error.message}`]);
      throw error;
    }
  }
}
