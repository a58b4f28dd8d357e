// A test-only bundle: a workflow that counts the updates it runs, to see what Temporal does with an update id it has seen.
import { condition, defineSignal, defineUpdate, setHandler } from '@temporalio/workflow';

/** Answers how many times the handler has run, this time included. */
export const countUpdate = defineUpdate<number, []>('count');
export const finishSignal = defineSignal('finish');

export async function countingWorkflow(): Promise<number> {
  let runs = 0;
  let finished = false;
  setHandler(countUpdate, () => ++runs);
  setHandler(finishSignal, () => void (finished = true));
  await condition(() => finished);
  return runs;
}
