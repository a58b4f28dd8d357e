import type { BenchNoopDelivery } from './noop.workflow';

/**
 * The activities of `npm run bench`'s ceiling (workflows/bench-noop.workflow.ts): no database,
 * no rails, no HTTP. Only the bench's own worker registers them.
 */
export function createBenchNoopActivities(onDelivered: (delivery: BenchNoopDelivery) => void) {
  return {
    /** Stands for one of the order's database or rails activities. */
    async benchNoopStep(): Promise<void> {},

    /** Stands for deliverNotification: tells the bench, in-process, that the callback "arrived". */
    async benchNoopDeliver(delivery: BenchNoopDelivery): Promise<void> {
      onDelivered(delivery);
    },
  };
}

export type BenchNoopActivities = ReturnType<typeof createBenchNoopActivities>;
