import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { text } from '../http/text-input';
import { amountInput } from '../http/request-fields';

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
