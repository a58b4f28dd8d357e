import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { fxCurrency } from '../fx/fx.dto';
import { nullable } from '../http/nullable';
import { amountInput, externalReference } from '../http/request-fields';
import { text } from '../http/text-input';
import { HOLDER_MASKING_DESCRIPTION } from '../rails/countries';
import { notificationUrlField } from '../notifications/notification-url';
import { ORDER_FLOWS, ORDER_STATUSES } from '../orders/lifecycle';
import { orderSearchPageSchema } from '../orders/order-search';
import { createdAtCursorField, pageLimitField } from '../http/page-cursor';

/**
 * Added to the spec's four fields of a preview's ack: the order the preview opened, so an
 * integrator whose preview callback was lost can still name it.
 */
export const orderIdField = z
  .uuid()
  .describe(
    "The order this preview opened (added to the spec's ack): the same id the preview callback's order.id carries",
  );

/** Shapes of the spec's payment requests. */
export const userSchema = z.strictObject({
  full_name: text(200),
  currency: fxCurrency,
  account_number: text(100),
  tax_id: text(50),
  tax_id_type: z.enum(['DNI', 'CUIT', 'CUIL']).optional(),
});

export const qrPreviewSchema = z.strictObject({
  qr: z.string().min(1).max(1024),
  external_reference: externalReference,
  notification_url: notificationUrlField,
  user: userSchema,
});
export class QrPreviewDto extends createZodDto(qrPreviewSchema) {}

export const previewAckSchema = z.object({
  status: z.enum(['success', 'missing_amount']),
  external_reference: z.string(),
  message: z.string(),
  local_currency: z.string(),
  order_id: orderIdField,
});
export class PreviewAckDto extends createZodDto(previewAckSchema) {}

export const submitAmountSchema = z.strictObject({
  order_id: z.uuid(),
  amount: amountInput,
});
export class SubmitAmountDto extends createZodDto(submitAmountSchema) {}

export const paySchema = z.strictObject({
  order_id: z.uuid(),
  status: z.enum(['accepted', 'rejected']),
  notification_url: notificationUrlField,
  wallet_id: z
    .uuid({ version: 'v4' })
    .optional()
    .describe(
      "Phone keys only: the merchant's wallet, one of the `wallets` of the preview callback (every phone key lists them: a Peru phone its wallets, a Brazilian or Colombian phone the one account it names). Required to accept an order whose preview listed wallets; refused for any other order",
    ),
});
export class PayDto extends createZodDto(paySchema) {}

/** The spec's body for an order the payment-status lookup does not find (code 2105). */
export const receiptNotFoundSchema = z.object({
  eventId: z.uuid(),
  details: z.string(),
  correlationId: z.string().describe('The request id (x-request-id)'),
  errors: z.array(z.object({ code: z.number().int().describe('2105'), title: z.string(), detail: z.string() })),
});
export type ReceiptNotFound = z.infer<typeof receiptNotFoundSchema>;
export class ReceiptNotFoundDto extends createZodDto(receiptNotFoundSchema) {}

/** The quick-start order read (spec: "Order read"). */
export const quickReadSchema = z.object({
  order_uuid: z.uuid(),
  total: nullable(z.string(), 'Decimal in the local currency; null while an open-amount QR waits for its amount'),
  destination_wallet: nullable(
    z.string(),
    `The merchant's identification; null until the merchant is known. ${HOLDER_MASKING_DESCRIPTION.document}`,
  ),
  status: z.enum(ORDER_STATUSES),
});
export type QuickRead = z.infer<typeof quickReadSchema>;
export class QuickReadDto extends createZodDto(quickReadSchema) {}

const searchInstant = (description: string) =>
  z.iso
    .datetime({ offset: true })
    .transform((text) => new Date(text))
    .optional()
    .describe(`${description} (ISO 8601, e.g. 2026-11-27T00:00:00Z)`);

/**
 * The order search's query (GET /v2/payments). The cursor is the key (created_at in
 * microseconds, id) of the last order of the previous page.
 */
export const orderSearchQuerySchema = z
  .strictObject({
    external_reference: externalReference
      .optional()
      .describe('Your own reference of the order (for a QR you created: the reference you created it with)'),
    status: z.enum(ORDER_STATUSES).optional(),
    flow: z.enum(ORDER_FLOWS).optional(),
    created_after: searchInstant('Orders created at or after this instant'),
    created_before: searchInstant('Orders created before this instant'),
    limit: pageLimitField,
    starting_after: createdAtCursorField().optional(),
  })
  .refine((query) => !query.created_after || !query.created_before || query.created_after < query.created_before, {
    path: ['created_before'],
    message: 'must be after created_after',
  });
export class OrderSearchQueryDto extends createZodDto(orderSearchQuerySchema) {}
export class OrderSearchPageDto extends createZodDto(orderSearchPageSchema) {}
