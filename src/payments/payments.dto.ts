import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { fxCurrency } from '../fx/fx.dto';
import { NOTIFICATION_URL_MAX_LENGTH } from '../notifications/notification-url';

/**
 * Shapes of the spec's payment requests. The notification URL's policy (https, no internal
 * hosts) depends on ALLOW_INSECURE_CALLBACKS, so the service checks it; the schema checks
 * the spec's limits.
 */
export const notificationUrl = z.string().min(1).max(NOTIFICATION_URL_MAX_LENGTH);
export const externalReference = z.string().trim().min(1).max(100);
/** Decimal strings or JSON numbers; the money module parses them without floating point. */
export const amountInput = z.union([z.string().min(1).max(32), z.number()]);

export const userSchema = z.strictObject({
  full_name: z.string().trim().min(1).max(200),
  currency: fxCurrency,
  account_number: z.string().trim().min(1).max(100),
  tax_id: z.string().trim().min(1).max(50),
  tax_id_type: z.enum(['DNI', 'CUIT', 'CUIL']).optional(),
});

export const qrPreviewSchema = z.strictObject({
  qr: z.string().min(1).max(1024),
  external_reference: externalReference,
  notification_url: notificationUrl,
  user: userSchema,
});
export class QrPreviewDto extends createZodDto(qrPreviewSchema) {}

export const previewAckSchema = z.object({
  status: z.enum(['success', 'missing_amount']),
  external_reference: z.string(),
  message: z.string(),
  local_currency: z.string(),
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
  notification_url: notificationUrl,
  wallet_id: z
    .uuid({ version: 'v4' })
    .optional()
    .describe("Phone keys only: the merchant's wallet, one of the `wallets` of the preview callback; required to accept such an order"),
});
export class PayDto extends createZodDto(paySchema) {}
