import { isUuid } from '../keys';
import { OrderRepository } from '../orders/order.repository';
import { refundResultView } from '../refunds/refund-views';
import { refundsWorkflowId, resolveRefundUpdate } from '../refunds/refund-messages';
import { Command, parseCommandArgs, UsageError } from './command';
import { resolutionOf, sendOperatorUpdate } from './operator-update';

/**
 * The same for a refund the rail never confirmed: `refunded` credits the payer its share,
 * `not-refunded` leaves the order as it was. Either way the payer gets the refund notification.
 */
export const refundsResolve: Command = {
  usage:
    'refunds:resolve --order ID --refund ID --outcome refunded|not-refunded --reason TEXT [--operator NAME] [--json]',
  async run({ dataSource, env, args, out }) {
    const options = parseCommandArgs(args, {
      order: { type: 'string' },
      refund: { type: 'string' },
      outcome: { type: 'string' },
      reason: { type: 'string' },
      operator: { type: 'string' },
      json: { type: 'boolean' },
    });
    if (!options.order || !isUuid(options.order)) throw new UsageError('--order must be an order id (UUID)');
    if (!options.refund || !isUuid(options.refund)) throw new UsageError('--refund must be a refund id (UUID)');
    const resolution = resolutionOf(options, ['refunded', 'not-refunded'] as const);
    const result = await sendOperatorUpdate(env, refundsWorkflowId(options.order), resolveRefundUpdate, {
      refundId: options.refund,
      ...resolution,
    });
    if (!options.json)
      return out(
        `refund ${options.refund} of order ${options.order} resolved as ${resolution.outcome}: ${result.status}`,
      );
    // The refund as the API answers it, in the order's currency.
    out(JSON.stringify(refundResultView(await new OrderRepository(dataSource).findById(options.order), result)));
  },
};
