import {
  ActivityFailure,
  condition,
  log,
  proxyActivities,
  setHandler,
  upsertSearchAttributes,
} from '@temporalio/workflow';
import type { OrderActivities } from '../../activities/order.activities';
import { PayoutResolution, resolvePayoutUpdate } from '../../src/orders/order-messages';
import type { OrderSettings, Settlement } from '../../src/orders/order-steps';
import type { MovementOutcome } from '../../src/rails/rails.port';
import { PAYOUT_UNCONFIRMED } from '../../src/temporal/search-attribute-keys';
import { RAIL_CALL } from '../activity-options';
import { establishOutcome } from '../establish-outcome';
import { refuse } from './arrivals';
import type { OrderRun } from './order-run';

/** The payout rail. */
const rails = proxyActivities<OrderActivities>(RAIL_CALL);

/** An operator's word on a payout whose outcome stayed unknown, answered once the order has closed with it. */
export function registerPayoutResolution(run: OrderRun): void {
  setHandler(
    resolvePayoutUpdate,
    async (given) => {
      run.resolution = given;
      await condition(() => run.state.phase === 'CLOSED');
      return run.state.status;
    },
    { validator: (_input: PayoutResolution) => refuse(run, run.state.refusal('RESOLVE')) },
  );
}

/**
 * What became of the payout: the reservation stays while nobody knows. Past
 * PAYOUT_RETRY_WINDOW the order is flagged for an operator (establish-outcome.ts).
 */
export async function payout(run: OrderRun, settings: OrderSettings): Promise<Settlement> {
  const { state, orderId } = run;
  const facts = state.facts!;
  const established = await establishOutcome({
    what: 'payout',
    send: () =>
      rails.sendPayout({ orderId, facts }).catch((error: unknown): MovementOutcome => {
        if (error instanceof ActivityFailure) return { kind: 'UNKNOWN', reason: error.message };
        throw error;
      }),
    inquire: () =>
      rails.payoutStatus({ orderId, facts }).catch((error: unknown) => {
        if (error instanceof ActivityFailure) return { status: 'UNREACHABLE' as const, reason: error.message };
        throw error;
      }),
    windowMs: settings.payoutRetryWindowMs,
    onUnconfirmed: (reason) => {
      state.unconfirmed = true;
      upsertSearchAttributes([{ key: PAYOUT_UNCONFIRMED, value: true }]);
      log.warn('payout unconfirmed: funds stay reserved until the rail or an operator settles it', { orderId, reason });
    },
    resolved: () => run.resolution !== undefined,
  });
  if (state.unconfirmed) {
    // The payout settles: the order leaves PAYOUT_UNCONFIRMED, and its flag.
    upsertSearchAttributes([{ key: PAYOUT_UNCONFIRMED, value: false }]);
    state.unconfirmed = false;
  }
  switch (established.kind) {
    case 'COMPLETED':
      return { outcome: 'PAID', railReference: established.railReference || orderId };
    case 'REJECTED':
      return { outcome: 'REJECTED', reason: established.reason };
    case 'FAILED':
      return { outcome: 'NOT_PAID', reason: established.reason };
    case 'RESOLVED':
      return operatorSettlement(run.resolution!);
  }
}

function operatorSettlement({ outcome, reason, operator }: PayoutResolution): Settlement {
  const note = `payout resolved as ${outcome} by ${operator}: ${reason}`;
  return outcome === 'paid'
    ? { outcome: 'PAID', railReference: 'OPERATOR-RESOLVED', note }
    : { outcome: 'NOT_PAID', reason, note };
}
