import { userInfo } from 'node:os';
import { ApplicationFailure, Client, Connection, WorkflowNotFoundError, WorkflowUpdateFailedError } from '@temporalio/client';
import { isUuid } from '../keys';
import { orderWorkflowId } from '../orders/order-workflow-start';
import { temporalConnectionOptions } from '../temporal/connection-options';
import { resolvePayoutUpdate } from '../../workflows/order.definitions';
import { Command, CommandFailure, parseCommandArgs, UsageError } from './command';

const OUTCOMES = ['paid', 'not-paid'] as const;

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
    const outcome = OUTCOMES.find((candidate) => candidate === options.outcome);
    if (!outcome) throw new UsageError('--outcome must be paid or not-paid');
    const reason = options.reason?.trim();
    if (!reason) throw new UsageError('--reason is required: say how you know');
    const operator = options.operator?.trim() || userInfo().username;

    const connection = await Connection.connect(temporalConnectionOptions(env));
    try {
      const client = new Client({ connection, namespace: env.TEMPORAL_NAMESPACE });
      const status = await client.workflow
        .getHandle(orderWorkflowId(options.order))
        .executeUpdate(resolvePayoutUpdate, { args: [{ outcome, reason, operator }] })
        .catch((error: unknown) => {
          if (error instanceof WorkflowNotFoundError) throw new CommandFailure(`order ${options.order} has no running workflow: nothing to resolve`);
          if (error instanceof WorkflowUpdateFailedError && error.cause instanceof ApplicationFailure) {
            throw new CommandFailure(`order ${options.order}: its payout is not unconfirmed, so there is nothing to resolve (${error.cause.message})`);
          }
          throw error;
        });
      out(options.json ? JSON.stringify({ order_id: options.order, outcome, status }) : `order ${options.order} resolved as ${outcome}: ${status}`);
    } finally {
      await connection.close();
    }
  },
};
