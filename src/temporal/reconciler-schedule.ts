import { Client, ScheduleAlreadyRunning, ScheduleOverlapPolicy } from '@temporalio/client';

export const reconcilerScheduleId = (taskQueue: string) => `order-reconciler-${taskQueue}`;

/**
 * The schedule that runs the order reconciler every minute on `taskQueue`. Idempotent, so every
 * worker replica may ensure it at start-up; a run still going when the next is due is skipped.
 */
export async function ensureReconcilerSchedule(client: Client, taskQueue: string): Promise<void> {
  try {
    await client.schedule.create({
      scheduleId: reconcilerScheduleId(taskQueue),
      spec: { intervals: [{ every: '1 minute' }] },
      action: { type: 'startWorkflow', workflowType: 'orderReconcilerWorkflow', taskQueue, args: [] },
      policies: { overlap: ScheduleOverlapPolicy.SKIP },
    });
  } catch (error) {
    if (!(error instanceof ScheduleAlreadyRunning)) throw error;
  }
}
