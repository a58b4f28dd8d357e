import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { ORDER_STATUSES } from '../orders/lifecycle';
import { indicativeRateSchema } from '../orders/order-views';
import { notificationUrlField } from '../notifications/notification-url';
import { amountInput, externalReference } from '../http/request-fields';

export const createQrSchema = z.strictObject({
  pos_uuid: z.uuid().describe('One of your enabled points of sale'),
  external_reference: externalReference.describe('Your own reference for this collection, unique among your QRs'),
  notification_url: notificationUrlField.describe(
    'Where the QR creation, payment, expiration and refund notifications go',
  ),
  amount: amountInput
    .optional()
    .describe(
      'In the local currency: a dynamic closed-amount QR (order CREATED); absent: a static open-amount QR (WAITING_AMOUNT)',
    ),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional()
    .describe(
      "ISO 4217: the collector's country's currency; it names the country of a collector created without country_code",
    ),
});
export class CreateQrDto extends createZodDto(createQrSchema) {}

export const createdQrSchema = z.object({
  order_id: z.uuid(),
  status: z.enum(ORDER_STATUSES),
  qr: z.string().describe('EMVCo merchant-presented payload, CRC included'),
  qr_image: z.string().describe('The QR as a PNG data URL'),
  expires_at: z.string().describe('ISO 8601; the order is canceled (QR_EXPIRED) if nobody paid it by then'),
  local_amount: z.number().nullable(),
  local_currency: z.string(),
  exchange_rates: z.array(indicativeRateSchema),
});
export class CreatedQrDto extends createZodDto(createdQrSchema) {}

export const canceledQrSchema = z.object({
  order_id: z.uuid(),
  status: z.literal('CANCELED'),
  error_code: z.literal('CANCELED_BY_COLLECTOR'),
});
export class CanceledQrDto extends createZodDto(canceledQrSchema) {}
