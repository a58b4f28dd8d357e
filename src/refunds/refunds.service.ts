import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { ENV } from '../config/config.module';
import { Env } from '../config/env';
import { ApiError } from '../http/api-error';
import type { KeyedRequest } from '../idempotency/keyed-request';
import { CurrencyCode, Decimal, formatAmount, MoneyError, parseAmount } from '../money';
import { deterministicUuid } from '../orders/event-id';
import type { OrderEntity } from '../orders/order.entity';
import { REFUNDABLE_STATUSES } from '../orders/lifecycle';
import { OrderRepository } from '../orders/order.repository';
import type { RefundEntity } from './refund.entity';
import { RefundRepository } from './refund.repository';
import { refundRejection, remainingOf, settledRefundAnswer } from './refund-lifecycle';
import type { RefundAnswer } from './refund-steps';
import { RefundResultView, refundResultView, refundView } from './refund-views';
import type { RefundRequestDto, RefundView } from './refunds.dto';
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

  /** A refund of an order the caller paid or collected, by its id; anyone else's: 404, as if none. */
  async read(clientId: string, refundId: string): Promise<RefundView> {
    const refund = await this.refunds.visibleTo(clientId, refundId);
    if (!refund) throw new ApiError(404, 'Refund not found');
    return refundView(refund);
  }

  /**
   * With a key, a resend names the same refund (its id derives from the keyed request: the
   * client, the key and the request's bytes, so that a key used again for another refund once
   * the store has forgotten it names another one). One whose first
   * answer was lost (a 503) finds it made: settled, it is answered from the database as the
   * order now stands, whether or not the refunds workflow still runs; still pending, the
   * workflow answers it, as it answers the first. Neither is checked again, as the refund they
   * name is already counted.
   */
  async refund(
    clientId: string,
    input: RefundRequestDto,
    request: KeyedRequest | undefined,
  ): Promise<RefundResultView> {
    const order = await this.refundableBy(clientId, input.order_id);
    const currency = order.localCurrency as CurrencyCode;
    const refundId = request === undefined ? randomUUID() : deterministicUuid(`refund:${request.id}`);
    const known = await this.refunds.forOrder(order.id);
    const made = known.find((refund) => refund.id === refundId);
    if (made && made.status !== 'PENDING') return refundResultView(order, settledAnswer(order, made, known));
    const amount = made ? this.parseAmount(input.amount, currency) : this.checkedAmount(order, input.amount, known);
    const refund = {
      refundId,
      amount: amount === null ? null : formatAmount(amount, currency),
      reason: input.reason ?? null,
      requestedByClientId: clientId,
    };
    return this.workflows.request(order, refund, request?.id);
  }

  /** The amount asked for (null: whatever remains), unless the order's status, its refund window or what remains of it refuses the refund. */
  private checkedAmount(order: OrderEntity, value: unknown, known: RefundEntity[]): Decimal | null {
    const currency = order.localCurrency as CurrencyCode;
    if (!REFUNDABLE_STATUSES.includes(order.status))
      throw new ApiError(
        409,
        `Order ${order.id} is ${order.status}: only a paid order can be refunded`,
        'INVALID_STATUS',
      );
    if (order.paymentDate && order.paymentDate.getTime() + this.env.REFUND_WINDOW_DAYS * DAY_MS < Date.now()) {
      throw new ApiError(
        409,
        `Order ${order.id} was paid more than ${this.env.REFUND_WINDOW_DAYS} days ago: its refund window is closed`,
        'INVALID_STATUS',
      );
    }
    const amount = this.parseAmount(value, currency);
    const ledger = {
      total: order.localAmount!,
      refunded: sumOf(known, 'COMPLETED').toFixed(),
      held: sumOf(known, 'PENDING').toFixed(),
    };
    const remaining = remainingOf(ledger);
    if (refundRejection(order.status, ledger, amount ?? remaining) !== null) {
      throw new ApiError(
        422,
        `Only ${formatAmount(Decimal.max(remaining, 0), currency)} ${currency} of order ${order.id} can still be refunded`,
        'AMOUNT_EXCEEDS_REFUNDABLE',
      );
    }
    return amount;
  }

  /** The payer refunds what it paid; a collected order is refunded by its collector. Anyone else: 404. */
  private async refundableBy(clientId: string, orderId: string): Promise<OrderEntity> {
    const order = await this.orders.findVisibleTo(clientId, orderId);
    const owner = order?.collectorClientId ?? order?.payerClientId;
    if (!order || owner !== clientId) throw new ApiError(404, 'Order not found');
    return order;
  }

  private parseAmount(value: unknown, currency: CurrencyCode): Decimal | null {
    if (value === undefined) return null;
    try {
      return parseAmount(value, currency);
    } catch (error) {
      if (error instanceof MoneyError) throw new ApiError(400, [`amount: ${error.message}`]);
      throw error;
    }
  }
}

const sumOf = (refunds: RefundEntity[], status: RefundEntity['status']) =>
  refunds
    .filter((refund) => refund.status === status)
    .reduce((total, refund) => total.plus(refund.localAmount), new Decimal(0));

/** A settled refund's answer as its order now stands: what has been refunded so far, and what remains. */
function settledAnswer(order: OrderEntity, refund: RefundEntity, known: RefundEntity[]): RefundAnswer {
  const refunded = sumOf(known, 'COMPLETED');
  return {
    refundId: refund.id,
    orderId: order.id,
    status: settledRefundAnswer(refund.status as Exclude<RefundEntity['status'], 'PENDING'>, order.status),
    amount: refund.localAmount,
    refundedTotal: refunded.toFixed(),
    remaining: new Decimal(order.localAmount!).minus(refunded).toFixed(),
  };
}
