import { ActivityFailure, ApplicationFailure, log, setHandler, upsertSearchAttributes } from '@temporalio/workflow';
import type { CurrencyCode } from '../../src/money';
import { Claim, claimUpdate } from '../../src/orders/order-messages';
import type { OrderOutcome } from '../../src/orders/order-steps';
import { PAYER_CURRENCY } from '../../src/temporal/search-attribute-keys';
import { afterPreparation, validate } from './arrivals';
import { db, type OrderRun } from './order-run';

/** A collection's claim, the API's update when a client scans its QR. */
export function registerClaim(run: OrderRun): void {
  setHandler(claimUpdate, (claim) => afterPreparation(run, 'CLAIM', () => takeClaim(run, claim)), {
    validator: (_claim: Claim) => validate(run, 'CLAIM'),
  });
}

/** A collection's QR scanned by a client: it becomes the order's payer. */
async function takeClaim(run: OrderRun, claim: Claim): Promise<OrderOutcome> {
  const { state, orderId } = run;
  state.begin('CLAIM');
  let claimed;
  try {
    claimed = await db.claimOrder({ orderId, seq: run.nextSeq(), claim, facts: state.facts! });
  } catch (error) {
    if (!(error instanceof ActivityFailure)) throw error;
    state.done();
    const message = `order ${orderId} cannot be claimed: ${error.cause?.message ?? error.message}`;
    throw ApplicationFailure.nonRetryable(message, 'ALREADY_PROCESSED');
  }
  const outcome = run.applied(claimed, false);
  // The claim as recorded at this seq; histories recorded before `recorded` existed carry the claim's own facts.
  const recorded = claimed.recorded as typeof claimed.recorded | undefined;
  state.facts = recorded?.facts ?? {
    ...state.facts!,
    payerClientId: claim.payerClientId,
    userCurrency: claim.userCurrency as CurrencyCode,
    userAmount: outcome.userAmount,
  };
  state.done();
  if (run.searchable) upsertSearchAttributes([{ key: PAYER_CURRENCY, value: state.facts.userCurrency }]);
  const { payerClientId, externalReference } = claim;
  if (
    recorded &&
    (recorded.facts.payerClientId !== payerClientId || recorded.externalReference !== externalReference)
  ) {
    // Another payer's claim committed at this seq while Temporal lost its acceptance (see close()):
    // the order is that payer's, and this one is told so, as if it had come second.
    const context = { orderId, status: state.status, phase: state.phase };
    log.warn('order workflow took up a claim recorded without it (an update lost with its workflow task)', context);
    throw ApplicationFailure.nonRetryable(`order ${orderId} was claimed by another payer`, 'ALREADY_PROCESSED');
  }
  return outcome;
}
