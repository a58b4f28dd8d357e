import { ActivityFailure, allHandlersFinished, ApplicationFailure, condition, log, proxyActivities, proxyLocalActivities, setHandler, upsertSearchAttributes } from '@temporalio/workflow';
import type { createNotificationActivities } from '../activities/notifications.activities';
import type { RefundActivities } from '../activities/refund.activities';
import { Decimal } from '../src/money/decimal';
import { type OrderStatus, REFUNDABLE_STATUSES } from '../src/orders/lifecycle';
import { INSUFFICIENT_FUNDS, refundAnswer, RefundAnswerStatus, refundRejection, refundsMoney, remainingOf } from '../src/refunds/refund-lifecycle';
import type { RefundAnswer, RefundSettlement, RefundsState } from '../src/refunds/refund-steps';
import type { MovementOutcome } from '../src/rails/rails.port';
import { ORDER_STATUS, REFUND_UNCONFIRMED } from '../src/temporal/search-attribute-keys';
import { DATABASE_STEP, DELIVERY_ATTEMPT, RAIL_CALL } from './activity-options';
import { establishOutcome } from './establish-outcome';
import { deliverInBackground } from './notification-delivery.workflow';
import { pendingRefundsQuery, RefundRequest, RefundResolution, RefundsWorkflowInput, requestRefundUpdate, resolveRefundUpdate } from '../src/refunds/refund-messages';

const db = proxyLocalActivities<RefundActivities>(DATABASE_STEP);
const rails = proxyActivities<RefundActivities>(RAIL_CALL);
const callbacks = proxyActivities<ReturnType<typeof createNotificationActivities>>(DELIVERY_ATTEMPT);

/** A refunds workflow with nothing to do ends; the next refund request starts a new run. */
const IDLE_MS = 10 * 60_000;

interface Job {
  refundId: string;
  /** Local amount; "whatever remains" is decided when the request is taken. */
  amount: string;
  reason: string | null;
  requestedByClientId: string;
  seq: number;
  /** What the API is answered: set once the rail's first answer is in (PENDING when unknown) or the refund settled. */
  answer?: RefundAnswer;
  unconfirmed: boolean;
}

/**
 * An order's refunds (workflow id `refunds-<order id>`), one at a time: concurrent requests are
 * serialized by the update validator, which holds each accepted amount until it settles, so
 * refunds never exceed what was paid. Each refund executes at the rail first; the payer is
 * credited only on a definite "refunded" (establishOutcome: an unknown answer is asked about
 * again, never guessed). The order's own workflow ends at its final status; this one runs only
 * while refunds are in flight, so a 180-day refund window costs no open workflow.
 */
export async function orderRefundsWorkflow({ orderId }: RefundsWorkflowInput): Promise<void> {
  // Handlers come first: the request that starts the workflow arrives with its first task.
  let state: RefundsState | undefined;
  // Until its order is read, as refundable: the API started it for a refund it let through.
  let status: OrderStatus = REFUNDABLE_STATUSES[0]!;
  let seq = 0;
  let refunded = new Decimal(0);
  let nextRefundSeq = 1;
  let closing = false;
  const queue: Job[] = [];
  const settled = new Map<string, RefundAnswer>();
  const resolutions = new Map<string, RefundResolution>();
  const deliveries: Array<Promise<void>> = [];

  const facts = () => state!.facts;
  const ledger = () => ({ total: facts().localTotal, refunded: refunded.toFixed(), held: queue.reduce((sum, job) => sum.plus(job.amount), new Decimal(0)).toFixed() });
  const answerOf = (job: Job, status: RefundAnswerStatus): RefundAnswer => ({
    refundId: job.refundId,
    orderId,
    status,
    amount: job.amount,
    refundedTotal: refunded.toFixed(),
    remaining: new Decimal(facts().localTotal).minus(refunded).toFixed(),
  });
  const refuse = (type: string, message: string) => {
    throw ApplicationFailure.nonRetryable(message, type);
  };
  const known = (refundId: string) => settled.has(refundId) || queue.some((job) => job.refundId === refundId);

  /** Whether a request may be taken now: the one rule, for the validator and (before the state is loaded) the handler. */
  const check = (request: RefundRequest) => {
    if (known(request.refundId)) return;
    if (closing) refuse('REFUNDS_CLOSING', `the refunds of order ${orderId} are closing; ask again`);
    const remaining = remainingOf(ledger());
    const amount = request.amount === null ? remaining : new Decimal(request.amount);
    const rejection = refundRejection(status, ledger(), amount);
    if (rejection) refuse(rejection, `order ${orderId} is ${status} with ${remaining.toFixed()} ${facts().localCurrency} refundable`);
  };

  setHandler(
    requestRefundUpdate,
    async (request) => {
      if (state === undefined) {
        await condition(() => state !== undefined);
        check(request);
      }
      let job = queue.find((queued) => queued.refundId === request.refundId);
      if (!job && !settled.has(request.refundId)) {
        job = {
          refundId: request.refundId,
          amount: request.amount ?? remainingOf(ledger()).toFixed(),
          reason: request.reason,
          requestedByClientId: request.requestedByClientId,
          seq: nextRefundSeq++,
          unconfirmed: false,
        };
        queue.push(job);
      }
      // A retried request (same refund id) gets the same refund's answer.
      await condition(() => settled.has(request.refundId) || job?.answer !== undefined);
      return settled.get(request.refundId) ?? job!.answer!;
    },
    { validator: (request: RefundRequest) => void (state !== undefined && check(request)) },
  );

  setHandler(
    resolveRefundUpdate,
    async (resolution) => {
      resolutions.set(resolution.refundId, resolution);
      await condition(() => settled.has(resolution.refundId));
      return settled.get(resolution.refundId)!;
    },
    {
      validator: ({ refundId }: RefundResolution) => {
        if (!queue.some((job) => job.refundId === refundId && job.unconfirmed)) refuse('INVALID_STATUS', `refund ${refundId} is not unconfirmed`);
      },
    },
  );

  setHandler(pendingRefundsQuery, () => queue.map((job) => ({ refundId: job.refundId, unconfirmed: job.unconfirmed })));

  const loaded = await db.loadRefunds({ orderId });
  status = loaded.status;
  seq = loaded.lastSeq;
  refunded = loaded.refunds.filter((refund) => refund.status === 'COMPLETED').reduce((sum, refund) => sum.plus(refund.amount), new Decimal(0));
  nextRefundSeq = loaded.refunds.length + 1;
  for (const refund of loaded.refunds) {
    if (refund.status !== 'PENDING') continue;
    // Refunds a previous run left pending (a crash, or a rail that never answered) are finished first.
    queue.push({ refundId: refund.id, amount: refund.amount, reason: null, requestedByClientId: '', seq: refund.seq, unconfirmed: false });
  }
  state = loaded;

  for (;;) {
    if (queue.length === 0 && !(await condition(() => queue.length > 0, IDLE_MS))) {
      closing = true;
      break;
    }
    await refund(queue[0]!);
    queue.shift();
  }
  await Promise.all(deliveries);
  await condition(allHandlersFinished);

  async function refund(job: Job): Promise<void> {
    await db.createRefund({ refundId: job.refundId, seq: job.seq, amount: job.amount, reason: job.reason, requestedByClientId: job.requestedByClientId, facts: facts() });
    const established = await establishOutcome({
      what: 'refund',
      send: async () => {
        const outcome = await rails.sendRefund({ refundId: job.refundId, amount: job.amount, facts: facts() }).catch((error: unknown): MovementOutcome => {
          if (error instanceof ActivityFailure) return { kind: 'UNKNOWN', reason: error.message };
          throw error;
        });
        // The API answers now; the refund notification tells the outcome when it is known.
        if (outcome.kind === 'UNKNOWN') job.answer ??= answerOf(job, 'PENDING');
        return outcome;
      },
      inquire: () =>
        rails.refundStatus({ refundId: job.refundId, facts: facts() }).catch((error: unknown) => {
          if (error instanceof ActivityFailure) return { status: 'UNREACHABLE' as const, reason: error.message };
          throw error;
        }),
      windowMs: loaded.retryWindowMs,
      onUnconfirmed: (reason) => {
        job.unconfirmed = true;
        upsertSearchAttributes([{ key: REFUND_UNCONFIRMED, value: true }]);
        log.warn('refund unconfirmed: nothing is credited until the rail or an operator settles it', { orderId, refundId: job.refundId, reason });
      },
      resolved: () => resolutions.has(job.refundId),
    });
    if (job.unconfirmed) upsertSearchAttributes([{ key: REFUND_UNCONFIRMED, value: false }]);
    const settlement = settlementOf(established, resolutions.get(job.refundId));
    const result = await db.settleRefund({ refundId: job.refundId, amount: job.amount, seq: ++seq, refundedBefore: refunded.toFixed(), settlement, facts: facts() });
    // Results recorded before `refunded` existed: the settlement asked for says.
    const wentThrough = result.refunded ?? refundsMoney(settlement.event);
    if (wentThrough) refunded = refunded.plus(job.amount);
    if (result.status !== status) upsertSearchAttributes([{ key: ORDER_STATUS, value: result.status }]);
    status = result.status;
    for (const eventId of result.eventIds) deliveries.push(callbacks.deliverNotification(eventId).catch(() => deliverInBackground([eventId])));
    settled.set(job.refundId, answerOf(job, refundAnswer(settlement.event, { refunded: wentThrough, orderStatus: status })));
    job.answer ??= settled.get(job.refundId);
  }
}

/** What the established outcome is to the refund's lifecycle: the rail's answer, the collector's account, or an operator's word. */
function settlementOf(established: Awaited<ReturnType<typeof establishOutcome>>, resolution: RefundResolution | undefined): RefundSettlement {
  switch (established.kind) {
    case 'COMPLETED':
      return { event: 'RAIL_REFUNDED', railReference: established.railReference };
    case 'REJECTED':
      return { event: 'RAIL_REJECTED' };
    case 'FAILED':
      return { event: established.reason === INSUFFICIENT_FUNDS ? 'COLLECTOR_SHORT' : 'RAIL_FAILED' };
    case 'RESOLVED': {
      const note = `refund resolved as ${resolution!.outcome} by ${resolution!.operator}: ${resolution!.reason}`;
      return resolution!.outcome === 'refunded' ? { event: 'OPERATOR_REFUNDED', railReference: 'OPERATOR-RESOLVED', note } : { event: 'OPERATOR_NOT_REFUNDED', note };
    }
  }
}
