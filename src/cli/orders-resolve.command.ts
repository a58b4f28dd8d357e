import { isUuid } from '../keys';
import { orderWorkflowId } from '../orders/order-workflow-start';
import { resolvePayoutUpdate } from '../orders/order-messages';
import { Command, parseCommandArgs, UsageError } from './command';
import { resolutionOf, sendOperatorUpdate } from './operator-update';

/**
 * An operator's word on a payout the rail never confirmed within PAYOUT_RETRY_WINDOW. It is sent
 * to the order's workflow as an update, so the decision, who took it and why are part of the
 * order's Temporal history (and its status-history note); the workflow then commits or
 * releases the payer's funds exactly as if the rail had answered.
 */
export const ordersResolve: Command = {
  usage: 'orders:resolve --order ID --outcome paid|not-paid --reason TEXT [--operator NAME] [--json]',
  async run({ env, args, out }) {
    const options = parseCommandArgs(args, {
      order: { type: 'string' },
      outcome: { type: 'string' },
      reason: { type: 'string' },
      operator: { type: 'string' },
      json: { type: 'boolean' },
    });
    if (!options.order || !isUuid(options.order)) throw new UsageError('--order must be an order id (UUID)');
    const resolution = resolutionOf(options, ['paid', 'not-paid'] as const);
    const status = await sendOperatorUpdate(env, orderWorkflowId(options.order), resolvePayoutUpdate, resolution);
    out(
      options.json
        ? JSON.stringify({ order_id: options.order, outcome: resolution.outcome, status })
        : `order ${options.order} resolved as ${resolution.outcome}: ${status}`,
    );
  },
};
