import { condition, defineUpdate, proxyActivities, setHandler } from '@temporalio/workflow';
import type { BenchBareActivities } from './bare.activities';

/**
 * `npm run bench`'s bare run: the smallest useful Temporal flow, as the engine's yardstick.
 * It is started, receives one update whose handler runs one no-op activity and answers, and
 * completes: one activity task, the workflow tasks that takes, and no work of its own. On the
 * same server and concurrency as the engine's orders, with a worker process of its own as the
 * orders have theirs, engine ÷ bare measures what the order costs beyond the least any Temporal
 * flow with an answered action costs.
 */
export const benchBareUpdate = defineUpdate<string, []>('benchBare');

const { benchBareStep } = proxyActivities<BenchBareActivities>({ startToCloseTimeout: '30 seconds' });

export async function benchBareWorkflow(): Promise<string> {
  let answered = false;
  setHandler(benchBareUpdate, async () => {
    await benchBareStep();
    answered = true;
    return 'done';
  });
  await condition(() => answered);
  return 'done';
}
