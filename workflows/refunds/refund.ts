import { ActivityFailure, log, proxyActivities, upsertSearchAttributes } from '@temporalio/workflow';
import type { createNotificationActivities } from '../../activities/notifications.activities';
import type { RefundActivities } from '../../activities/refund.activities';
import type { MovementOutcome } from '../../src/rails/rails.port';
import { INSUFFICIENT_FUNDS, refundAnswer, refundsMoney } from '../../src/refunds/refund-lifecycle';
import type { RefundResolution } from '../../src/refunds/refund-messages';
import type { RefundSettlement } from '../../src/refunds/refund-steps';
import { ORDER_STATUS, REFUND_UNCONFIRMED } from '../../src/temporal/search-attribute-keys';
import { DELIVERY_ATTEMPT, RAIL_CALL } from '../activity-options';
import { establishOutcome, type Established } from '../establish-outcome';
import { deliverInBackground } from '../notification-delivery.workflow';
import { db, type Job, type RefundsRun } from './refunds-run';

const rails = proxyActivities<RefundActivities>(RAIL_CALL);
const callbacks = proxyActivities<ReturnType<typeof createNotificationActivities>>(DELIVERY_ATTEMPT);

/**
 * One refund, from its record to its settlement: executed at the rail first, the payer credited
 * only on a definite "refunded" (establishOutcome: an unknown answer is asked about again, never
 * guessed). The API's request is answered once the rail's first answer is in, or the refund
 * settled; the refund's callbacks go out beside it. One async function, as it was inside the
 * workflow: a boundary more would add microtask ticks to its path, which order its commands
 * against the handlers' in a workflow task.
 */
export async function refund(run: RefundsRun, job: Job): Promise<void> {
  const { orderId } = run;
  const { refundId } = job;
  const { amount, reason, requestedByClientId } = job;
  await db.createRefund({ refundId, seq: job.seq, amount, reason, requestedByClientId, facts: run.facts() });
  const established = await establishOutcome({
    what: 'refund',
    send: async () => {
      const outcome = await rails
        .sendRefund({ refundId, amount, facts: run.facts() })
        .catch((error: unknown): MovementOutcome => {
          if (error instanceof ActivityFailure) return { kind: 'UNKNOWN', reason: error.message };
          throw error;
        });
      // The API answers now; the refund notification tells the outcome when it is known.
      if (outcome.kind === 'UNKNOWN') job.answer ??= run.answerOf(job, 'PENDING');
      return outcome;
    },
    inquire: () =>
      rails.refundStatus({ refundId, facts: run.facts() }).catch((error: unknown) => {
        if (error instanceof ActivityFailure) return { status: 'UNREACHABLE' as const, reason: error.message };
        throw error;
      }),
    windowMs: run.state!.retryWindowMs,
    onUnconfirmed: (reason) => {
      job.unconfirmed = true;
      upsertSearchAttributes([{ key: REFUND_UNCONFIRMED, value: true }]);
      const context = { orderId, refundId, reason };
      log.warn('refund unconfirmed: nothing is credited until the rail or an operator settles it', context);
    },
    resolved: () => run.resolutions.has(refundId),
  });
  if (job.unconfirmed) upsertSearchAttributes([{ key: REFUND_UNCONFIRMED, value: false }]);
  const settlement = settlementOf(established, run.resolutions.get(refundId));
  const refundedBefore = run.refunded.toFixed();
  const step = { refundId, amount, seq: ++run.seq, refundedBefore, settlement, facts: run.facts() };
  const result = await db.settleRefund(step);
  // Results recorded before `refunded` existed: the settlement asked for says.
  const wentThrough = result.refunded ?? refundsMoney(settlement.event);
  if (wentThrough) run.refunded = run.refunded.plus(amount);
  if (result.status !== run.status) upsertSearchAttributes([{ key: ORDER_STATUS, value: result.status }]);
  run.status = result.status;
  for (const eventId of result.eventIds) {
    run.deliveries.push(callbacks.deliverNotification(eventId).catch(() => deliverInBackground([eventId])));
  }
  const answer = refundAnswer(settlement.event, { refunded: wentThrough, orderStatus: run.status });
  run.settled.set(refundId, run.answerOf(job, answer));
  job.answer ??= run.settled.get(refundId);
}

/**
 * What the established outcome is to the refund's lifecycle: the rail's answer, the collector's
 * account, or an operator's word.
 */
function settlementOf(established: Established, resolution: RefundResolution | undefined): RefundSettlement {
  switch (established.kind) {
    case 'COMPLETED':
      return { event: 'RAIL_REFUNDED', railReference: established.railReference };
    case 'REJECTED':
      return { event: 'RAIL_REJECTED' };
    case 'FAILED':
      return { event: established.reason === INSUFFICIENT_FUNDS ? 'COLLECTOR_SHORT' : 'RAIL_FAILED' };
    case 'RESOLVED': {
      const note = `refund resolved as ${resolution!.outcome} by ${resolution!.operator}: ${resolution!.reason}`;
      return resolution!.outcome === 'refunded'
        ? { event: 'OPERATOR_REFUNDED', railReference: 'OPERATOR-RESOLVED', note }
        : { event: 'OPERATOR_NOT_REFUNDED', note };
    }
  }
}
