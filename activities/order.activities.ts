import { createAmountActivities } from './order/amount';
import { createClaimActivities } from './order/claim';
import { createClosingActivities } from './order/closing';
import { createDecisionActivities } from './order/decision';
import { createPayoutActivities } from './order/payout';
import { createPreparationActivities } from './order/preparation';
import { createSettlementActivities } from './order/settlement';
import type { OrderActivityDeps } from './order/step-writes';

export type { OrderActivityDeps } from './order/step-writes';

/**
 * The order's steps as activities, one module per step (activities/order/): bindings of the
 * order repository, the ledger, FX and the rails. A step names what happened (the lifecycle's
 * event) and brings its facts; the repository locks the order, asks the lifecycle what the event
 * writes there, and writes it in one transaction with the ledger entries the lifecycle lists.
 * Each step is idempotent on the workflow's `seq` (database) or on the order id (rail), so
 * Temporal may run any of them more than once. The names are the workflow's: its proxies call
 * them by name, and recorded histories hold them.
 */
export function createOrderActivities(deps: OrderActivityDeps) {
  return {
    ...createClosingActivities(deps),
    ...createPreparationActivities(deps),
    ...createClaimActivities(deps),
    ...createAmountActivities(deps),
    ...createDecisionActivities(deps),
    ...createSettlementActivities(deps),
    ...createPayoutActivities(deps),
  };
}

export type OrderActivities = ReturnType<typeof createOrderActivities>;
