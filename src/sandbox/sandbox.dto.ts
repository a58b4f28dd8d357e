import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { ORDER_STATUSES } from '../orders/lifecycle';
import { FORCED_PAYOUT_ANSWERS } from './forced-payout-answers';

export const forcePayoutRequestSchema = z.strictObject({
  outcome: z
    .enum(FORCED_PAYOUT_ANSWERS)
    .describe(
      "The rail's answer to this order's payout: completed (paid), rejected (the destination refuses: the order ends REJECTED, " +
        'DESTINATION_REJECTED, and the funds are released), unknown (the rail never says: the order stays PROCESSING with its ' +
        'funds reserved, is flagged PayoutUnconfirmed after PAYOUT_RETRY_WINDOW, and waits for an operator)',
    ),
});
export class ForcePayoutRequestDto extends createZodDto(forcePayoutRequestSchema) {}

export const forcePayoutResponseSchema = z.object({
  order_id: z.uuid(),
  outcome: z.enum(FORCED_PAYOUT_ANSWERS),
  status: z.enum(ORDER_STATUSES).describe("The order's status now; the forced answer comes once it is paid"),
});
export type ForcePayoutResponse = z.infer<typeof forcePayoutResponseSchema>;
export class ForcePayoutResponseDto extends createZodDto(forcePayoutResponseSchema) {}
