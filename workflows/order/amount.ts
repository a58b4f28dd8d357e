import { setHandler } from '@temporalio/workflow';
import {
  amountSignalSchema,
  SubmitAmount,
  submitAmountSignal,
  submitAmountUpdate,
} from '../../src/orders/order-messages';
import type { OrderOutcome } from '../../src/orders/order-steps';
import { afterPreparation, fromTester, keepRefusal, takenSignal, validate } from './arrivals';
import { db, type OrderRun } from './order-run';

/** The open amount's update (the API's) and signal (a tester's). */
export function registerAmount(run: OrderRun): void {
  setHandler(
    submitAmountUpdate,
    ({ amount, fxQuoteId, requestId }) =>
      afterPreparation(run, 'AMOUNT', () => submitAmount(run, amount, fxQuoteId, requestId)),
    { validator: (_input: SubmitAmount) => validate(run, 'AMOUNT') },
  );
  setHandler(submitAmountSignal, (input) =>
    fromTester(run, 'submitAmount', 'AMOUNT', async () => {
      const taken = takenSignal(run, 'submitAmount', 'AMOUNT', amountSignalSchema.safeParse(input));
      if (taken) {
        await submitAmount(run, taken.amount, taken.fxQuoteId ?? null).catch(keepRefusal(run, 'submitAmount'));
      }
    }),
  );
}

/** The open amount, from the API (priced at its quote) or a tester's signal (no quote: the step prices it). */
async function submitAmount(
  run: OrderRun,
  amount: string,
  fxQuoteId: string | null,
  requestId?: string,
): Promise<OrderOutcome> {
  const { state, orderId } = run;
  state.begin('AMOUNT');
  try {
    const step = { orderId, seq: run.nextSeq(), amount, fxQuoteId, facts: state.facts!, requestId };
    const outcome = run.applied(await db.submitAmount(step), false);
    state.facts = { ...state.facts!, localAmount: outcome.localAmount, userAmount: outcome.userAmount };
    return outcome;
  } finally {
    state.done();
  }
}
