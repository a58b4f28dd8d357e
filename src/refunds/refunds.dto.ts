import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { text } from '../http/text-input';
import { amountInput } from '../http/request-fields';
import { nullable } from '../http/nullable';
import { REFUND_STATUSES } from './refund-lifecycle';

export const refundRequestSchema = z.strictObject({
  order_id: z.uuid(),
  amount: amountInput.optional().describe("In the order's local currency; absent: the whole remaining amount"),
  reason: text(255).optional(),
});
export class RefundRequestDto extends createZodDto(refundRequestSchema) {}

export const refundResultSchema = z.object({
  refund_id: z.uuid(),
  order_id: z.uuid(),
  status: z
    .enum(['REFUNDED', 'PARTIALLY_REFUNDED', 'PENDING', 'REJECTED', 'FAILED'])
    .describe(
      'REFUNDED: nothing is left to refund; PARTIALLY_REFUNDED: some is; PENDING: the rail has not confirmed yet (the refund notification follows); REJECTED/FAILED: the rail did not refund',
    ),
  amount: z.number().describe('This refund, in the local currency'),
  currency: z.string(),
  refunded_total: z.number().describe('Refunded so far, this refund included once it went through'),
  remaining: z.number().describe('Still refundable'),
});
export class RefundResultDto extends createZodDto(refundResultSchema) {}

/** One refund as GET /v2/qr/refund/{refund_id} shows it: the row, amounts as numbers in their currencies. */
export const refundViewSchema = z.object({
  refund_id: z.uuid(),
  order_id: z.uuid(),
  status: z
    .enum(REFUND_STATUSES)
    .describe(
      'PENDING: the rail has not confirmed yet; COMPLETED: refunded, the payer credited; REJECTED/FAILED: the rail did not refund (error_code says why)',
    ),
  amount: z.number().describe("This refund, in the order's local currency"),
  currency: z.string().describe("The order's local currency"),
  user_amount: nullable(z.number(), "What the payer's account was credited, in user_currency; null until COMPLETED"),
  user_currency: z.string(),
  reason: nullable(z.string(), 'The reason given with the refund, if any'),
  error_code: nullable(z.string(), 'Why the rail did not refund; null otherwise'),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type RefundView = z.infer<typeof refundViewSchema>;
export class RefundViewDto extends createZodDto(refundViewSchema) {}

export const refundParamsSchema = z.strictObject({ refund_id: z.uuid() });
export class RefundParamsDto extends createZodDto(refundParamsSchema) {}
