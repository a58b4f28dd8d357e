import { ActivityFailure, proxyLocalActivities } from '@temporalio/workflow';
import type { OrderActivities } from '../../activities/order.activities';
import type { OrderSettings, Preparation } from '../../src/orders/order-steps';
import { NON_RETRYABLE } from '../activity-options';
import type { OrderRun } from './order-run';

/**
 * Preparation asks the QR acquirer, and nothing is reserved yet, so it is bounded: after two
 * minutes of an unreachable rail the order fails with UPSTREAM_ERROR instead of waiting out
 * its expiry in silence.
 */
const preparation = proxyLocalActivities<OrderActivities>({
  startToCloseTimeout: '30 seconds',
  scheduleToCloseTimeout: '2 minutes',
  retry: {
    initialInterval: '1 second',
    backoffCoefficient: 2,
    maximumInterval: '20 seconds',
    nonRetryableErrorTypes: NON_RETRYABLE,
  },
});

/*
 * A replay compares the order of the commands, which within one workflow task follows the
 * microtask ticks of each path (the order's own, its handlers'). Neither function here is async,
 * so the order's path through its preparation takes the ticks it took before the steps were
 * modules: the workflow awaits the activity itself.
 */

/** The order's first step: its payee resolved and its preview published; null where the rail stayed unreachable. */
export function prepare(run: OrderRun): Promise<Preparation | null> {
  return preparation.prepareOrder({ orderId: run.orderId, seq: run.nextSeq() }).catch((error: unknown) => {
    if (error instanceof ActivityFailure) return null;
    throw error;
  });
}

/**
 * Takes in the preparation: the order's status, and its callbacks (those of an order it closed
 * go out as it closes). Answers the settings the later steps go by once the order is ready for
 * its payer, or null where it failed (a merchant nobody knows).
 */
export function takePreparation(run: OrderRun, prepared: Preparation): OrderSettings | null {
  run.record({ status: prepared.status, errorCode: run.state.errorCode });
  run.notify(prepared.eventIds, !prepared.ready);
  if (!prepared.ready) return null;
  run.state.facts = prepared.facts;
  return prepared.settings;
}
