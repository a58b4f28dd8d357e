import { orderWorkflowId } from '../orders/order-workflow-start';
import { OrderInspector } from '../operations/order-inspector';
import { timelineEntryJson } from '../operations/order-timeline';
import { findStuckOrders, StuckOrder } from '../operations/stuck-orders';
import { isUuid } from '../keys';
import { Command, durationOption, integerOption, parseCommandArgs, UsageError } from './command';
import { withTemporal } from './temporal-client';

const DEFAULT_OLDER_THAN = '5m';
const DEFAULT_LIMIT = 100;

/** "2h 5m", "5m 3s", "42s": an age as an operator reads it. */
export function formatAge(ms: number): string {
  const total = Math.floor(ms / 1000);
  const [hours, minutes, seconds] = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
  if (hours > 0) return `${hours}h ${minutes}m`;
  return minutes > 0 ? `${minutes}m ${seconds}s` : `${seconds}s`;
}

function stuckOrderJson({ inspection, idleSince, waiting, undeliveredCallbacks, lastError }: StuckOrder, now: Date) {
  const { order, history, workflow } = inspection;
  return {
    order_id: order.id,
    flow: order.flow,
    country: order.localCountry,
    status: order.status,
    status_since: (history[history.length - 1]?.createdAt ?? order.createdAt).toISOString(),
    client_id: order.payerClientId ?? order.collectorClientId,
    external_reference: order.externalReference,
    idle_since: idleSince.toISOString(),
    idle_seconds: Math.floor((now.getTime() - idleSince.getTime()) / 1000),
    waiting_for: waiting.waitingFor,
    detail: waiting.detail,
    workflow: {
      id: orderWorkflowId(order.id),
      status: workflow.status,
      phase: workflow.phase,
      payout_unconfirmed: workflow.payoutUnconfirmed,
    },
    pending_activities: workflow.pendingActivities.map((pending) => ({
      activity: pending.activity,
      state: pending.state,
      attempt: pending.attempt,
      maximum_attempts: pending.maximumAttempts,
      last_failure: pending.lastFailure,
      next_attempt_at: pending.nextAttemptAt?.toISOString() ?? null,
    })),
    undelivered_callbacks: undeliveredCallbacks.map((notification) => ({
      event_id: notification.id,
      event: notification.event,
      url: notification.url,
      attempt_count: notification.attemptCount,
      last_error: notification.lastError,
      created_at: notification.createdAt.toISOString(),
    })),
    last_error: lastError ? timelineEntryJson(lastError) : null,
  };
}

function stuckOrderText(stuck: StuckOrder, now: Date): string {
  const json = stuckOrderJson(stuck, now);
  const lines = [
    `order ${json.order_id}  ${json.flow} ${json.country}  ${json.status}  idle ${formatAge(now.getTime() - stuck.idleSince.getTime())}  client ${json.client_id}`,
    `  waiting for ${json.waiting_for}: ${json.detail}`,
    `  workflow ${json.workflow.id} ${json.workflow.status}${json.workflow.phase ? `, phase ${json.workflow.phase}` : ''}`,
    ...json.undelivered_callbacks.map(
      (callback) =>
        `  callback ${callback.event} ${callback.event_id} not acknowledged after ${callback.attempt_count} attempts${callback.last_error ? ` (${callback.last_error})` : ''}`,
    ),
    ...(stuck.lastError
      ? [
          `  last error ${stuck.lastError.at.toISOString()} [${stuck.lastError.source}] ${stuck.lastError.what}: ${stuck.lastError.error}`,
        ]
      : []),
  ];
  return lines.join('\n');
}

/**
 * Every order that is not done and has not moved for longer than --older-than: what it waits
 * for (a decision, the amount, a payout answer, a callback delivery, an operator…) and its last
 * error, read from the database and from Temporal. Oldest first.
 */
export const ordersStuck: Command = {
  usage: `orders:stuck [--older-than ${DEFAULT_OLDER_THAN}] [--client ID] [--limit ${DEFAULT_LIMIT}] [--json]`,
  async run({ dataSource, env, args, out }) {
    const options = parseCommandArgs(args, {
      'older-than': { type: 'string' },
      client: { type: 'string' },
      limit: { type: 'string' },
      json: { type: 'boolean' },
    });
    const olderThanMs = durationOption('older-than', options['older-than'], DEFAULT_OLDER_THAN);
    const limit = integerOption('limit', options.limit, DEFAULT_LIMIT, 1, 1000);
    if (options.client !== undefined && !isUuid(options.client))
      throw new UsageError('--client must be a client id (UUID)');
    const now = new Date();
    const query = { olderThanMs, limit, clientId: options.client ?? null, now };
    const { orders, more } = await withTemporal(env, (client) =>
      findStuckOrders(dataSource, new OrderInspector(dataSource, client), query),
    );
    if (more) process.stderr.write(`more than ${limit} orders are stuck; the oldest ${limit} are listed (--limit)\n`);
    if (options.json) {
      out(JSON.stringify(orders.map((stuck) => stuckOrderJson(stuck, now))));
    } else {
      out(
        orders.length === 0
          ? `no order has been stuck for more than ${options['older-than'] ?? DEFAULT_OLDER_THAN}`
          : orders.map((stuck) => stuckOrderText(stuck, now)).join('\n\n'),
      );
    }
  },
};
