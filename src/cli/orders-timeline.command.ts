import { isUuid } from '../keys';
import { OrderInspector } from '../operations/order-inspector';
import { formatTimeline, timelineEntryJson } from '../operations/order-timeline';
import { orderWorkflowId } from '../orders/order-workflow-start';
import { Command, CommandFailure, parseCommandArgs, UsageError } from './command';
import { withTemporal } from './temporal-client';

/**
 * One order's story in time order, merged from where each part is kept: its status history
 * (the database), every workflow step with its attempts and errors (the Temporal histories of
 * order-<id> and refunds-<id>, and the activities still running), and every callback with
 * each delivery attempt (the delivery log).
 */
export const ordersTimeline: Command = {
  usage: 'orders:timeline --order ID [--json]',
  async run({ dataSource, env, args, out }) {
    const options = parseCommandArgs(args, { order: { type: 'string' }, json: { type: 'boolean' } });
    const orderId = options.order;
    if (!orderId || !isUuid(orderId)) throw new UsageError('--order must be an order id (UUID)');
    const inspection = await withTemporal(env, (client) => new OrderInspector(dataSource, client).inspect(orderId));
    if (!inspection) throw new CommandFailure(`no order ${orderId}`);
    const { order, workflow, timeline } = inspection;
    if (options.json) {
      out(
        JSON.stringify({
          order_id: order.id,
          flow: order.flow,
          status: order.status,
          workflow: { id: orderWorkflowId(order.id), status: workflow.status },
          timeline: timeline.map(timelineEntryJson),
        }),
      );
      return;
    }
    out(
      `order ${order.id} (${order.flow} ${order.localCountry}) ${order.status}; workflow ${orderWorkflowId(order.id)} ${workflow.status}`,
    );
    out(formatTimeline(timeline));
  },
};
