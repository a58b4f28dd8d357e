import { z } from 'zod';
import { nullable } from '../http/nullable';
import { amountToJsonNumber, CurrencyCode, Decimal } from '../money';
import type { OrderEntity } from '../orders/order.entity';
import { ORDER_STATUSES } from '../orders/lifecycle';
import { isoSeconds } from '../orders/iso-seconds';
import { collectorShown } from '../orders/order-collector';
import { amountNumber } from '../orders/order-views';
import type { RefundEntity } from './refund.entity';
import type { RefundView } from './refunds.dto';
import type { RefundAnswerStatus } from './refund-lifecycle';
import type { RefundAnswer } from './refund-steps';

/** What one refund notification tells about the refund behind it. */
export interface RefundNotice {
  /** The refund the notification is about: an order may have several. */
  refundId: string;
  /** The refund's amount in the order's local currency, a decimal string. */
  amount: string;
  /** Null for a refund that went through; why it did not otherwise. */
  errorCode: string | null;
}

/** The spec's "Refund notification", `merchart_name` spelled as the spec spells it. */
export const refundNotificationViewSchema = z.object({
  order_id: z.uuid(),
  external_reference: nullable(z.string(), 'The reference of whoever is notified'),
  status: z.enum(ORDER_STATUSES).describe('REFUNDED or PARTIALLY_REFUNDED once a refund went through'),
  date: z.iso.datetime(),
  payment_date: nullable(z.iso.datetime(), 'When the order was paid'),
  merchant_identification_number: nullable(z.string(), 'Null until the merchant is known'),
  merchart_name: nullable(z.string(), 'Merchant display name (spelled so in the spec)'),
  error_code: nullable(z.string(), 'Null for a refund that went through'),
  amount: z.number().describe("This refund's amount, in the order's local currency"),
  currency: z.string(),
  refund_id: z
    .uuid()
    .describe(
      'Not in the spec: which refund this is (the refund_id of POST /v2/qr/refund), as an order may have several',
    ),
});
export type RefundNotificationView = z.infer<typeof refundNotificationViewSchema>;

export function refundNotificationView(order: OrderEntity, notice: RefundNotice, now: Date): RefundNotificationView {
  const currency = order.localCurrency as CurrencyCode;
  const collector = collectorShown(order);
  return {
    order_id: order.id,
    external_reference: order.externalReference,
    status: order.status,
    date: isoSeconds(now),
    payment_date: order.paymentDate ? isoSeconds(order.paymentDate) : null,
    merchant_identification_number: collector.identificationNumber,
    merchart_name: collector.name,
    error_code: notice.errorCode,
    amount: amountToJsonNumber(new Decimal(notice.amount), currency),
    currency,
    refund_id: notice.refundId,
  };
}

export interface RefundResultView {
  refund_id: string;
  order_id: string;
  status: RefundAnswerStatus;
  amount: number;
  currency: string;
  /** Local amount refunded so far, this refund included once it went through. */
  refunded_total: number;
  /** Local amount still refundable. */
  remaining: number;
}

/** The API's answer to a refund, from the refunds workflow's facts: amounts as numbers in the order's local currency. */
export function refundResultView(order: Pick<OrderEntity, 'localCurrency'>, answer: RefundAnswer): RefundResultView {
  const currency = order.localCurrency as CurrencyCode;
  const number = (amount: string) => amountToJsonNumber(new Decimal(amount), currency);
  return {
    refund_id: answer.refundId,
    order_id: answer.orderId,
    status: answer.status,
    amount: number(answer.amount),
    currency,
    refunded_total: number(answer.refundedTotal),
    remaining: number(answer.remaining),
  };
}

/** A refund as read by its id: amounts as numbers in their currencies (the payer's credit once known). */
export function refundView(refund: RefundEntity): RefundView {
  return {
    refund_id: refund.id,
    order_id: refund.orderId,
    status: refund.status,
    amount: amountNumber(refund.localAmount, refund.localCurrency)!,
    currency: refund.localCurrency,
    user_amount: amountNumber(refund.userAmount, refund.userCurrency),
    user_currency: refund.userCurrency,
    reason: refund.reason,
    error_code: refund.errorCode,
    created_at: refund.createdAt.toISOString(),
    updated_at: refund.updatedAt.toISOString(),
  };
}
