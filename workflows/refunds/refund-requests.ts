import { condition, setHandler } from '@temporalio/workflow';
import { remainingOf } from '../../src/refunds/refund-lifecycle';
import {
  pendingRefundsQuery,
  RefundRequest,
  RefundResolution,
  requestRefundUpdate,
  resolveRefundUpdate,
} from '../../src/refunds/refund-messages';
import { refuse, type RefundsRun } from './refunds-run';

/**
 * The refunds' handlers: a refund request (the API's update, serialized by its validator, which
 * holds each accepted amount until it settles), an operator's resolution of an unconfirmed
 * refund, and the pending refunds' query. Set before the first await: the request that starts
 * the workflow arrives with its first task.
 */
export function registerRefundRequests(run: RefundsRun): void {
  setHandler(
    requestRefundUpdate,
    async (request) => {
      if (run.state === undefined) {
        await condition(() => run.state !== undefined);
        run.check(request);
      }
      let job = run.queue.find((queued) => queued.refundId === request.refundId);
      if (!job && !run.settled.has(request.refundId)) {
        job = {
          refundId: request.refundId,
          amount: request.amount ?? remainingOf(run.ledger()).toFixed(),
          reason: request.reason,
          requestedByClientId: request.requestedByClientId,
          seq: run.nextRefundSeq++,
          unconfirmed: false,
        };
        run.queue.push(job);
      }
      // A retried request (same refund id) gets the same refund's answer.
      await condition(() => run.settled.has(request.refundId) || job?.answer !== undefined);
      return run.settled.get(request.refundId) ?? job!.answer!;
    },
    { validator: (request: RefundRequest) => void (run.state !== undefined && run.check(request)) },
  );

  setHandler(
    resolveRefundUpdate,
    async (resolution) => {
      run.resolutions.set(resolution.refundId, resolution);
      await condition(() => run.settled.has(resolution.refundId));
      return run.settled.get(resolution.refundId)!;
    },
    {
      validator: ({ refundId }: RefundResolution) => {
        const unconfirmed = run.queue.some((job) => job.refundId === refundId && job.unconfirmed);
        if (!unconfirmed) refuse('INVALID_STATUS', `refund ${refundId} is not unconfirmed`);
      },
    },
  );

  setHandler(pendingRefundsQuery, () =>
    run.queue.map((job) => ({ refundId: job.refundId, unconfirmed: job.unconfirmed })),
  );
}
