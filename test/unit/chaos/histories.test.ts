import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { historyFromJSON } from '@temporalio/common/lib/proto-utils';
import { temporal } from '@temporalio/proto';
import { bundlesServed, factsOf, taskTimesOf } from '../../../scripts/chaos/histories';

const { TaskQueueKind } = temporal.api.enums.v1;
/** A history event `ms` after the epoch, with its attributes. */
const event = (eventId: number, ms: number, attributes: Record<string, unknown>) => ({
  eventId,
  eventTime: { seconds: Math.floor(ms / 1000), nanos: (ms % 1000) * 1e6 },
  ...attributes,
});

const recorded = (name: string) =>
  historyFromJSON(JSON.parse(readFileSync(join(__dirname, '..', '..', 'workflow', 'histories', name), 'utf8')));

describe('what the chaos run reads in a workflow history', () => {
  it('finds the workers that completed its tasks and the patches it recorded', () => {
    expect(factsOf(recorded('order-closed-completed.2026-11-23.json'))).toEqual({
      taskPids: [26108],
      patches: ['12-local-callbacks'],
    });
  });

  it('tells orders that crossed the deploy from those one code served, and counts the patch marker', () => {
    const variantOf = (pid: number) => (pid < 100 ? 'deployed' : 'patched');
    const served = bundlesServed(
      [
        { taskPids: [1, 2], patches: [] },
        { taskPids: [1, 200], patches: [] },
        { taskPids: [300], patches: ['chaos-rolling-deploy'] },
        { taskPids: [300, 5], patches: ['chaos-rolling-deploy'] },
      ],
      variantOf,
      'chaos-rolling-deploy',
    );
    expect(served).toEqual({ crossed: 2, onlyOld: 1, onlyNew: 1, withMarker: 2 });
  });

  it('sums where an order spent its time: workflow tasks and activities waiting for a worker (sticky queues apart), and in its hands', () => {
    const history = temporal.api.history.v1.History.fromObject({
      events: [
        event(1, 1_000, { workflowExecutionStartedEventAttributes: {} }),
        event(2, 1_000, {
          workflowTaskScheduledEventAttributes: { taskQueue: { kind: TaskQueueKind.TASK_QUEUE_KIND_NORMAL } },
        }),
        event(3, 1_100, { workflowTaskStartedEventAttributes: { scheduledEventId: 2 } }),
        event(4, 1_300, { workflowTaskCompletedEventAttributes: { scheduledEventId: 2, startedEventId: 3 } }),
        event(5, 1_300, { activityTaskScheduledEventAttributes: {} }),
        event(6, 1_350, { activityTaskStartedEventAttributes: { scheduledEventId: 5 } }),
        event(7, 1_800, { activityTaskCompletedEventAttributes: { scheduledEventId: 5, startedEventId: 6 } }),
        event(8, 1_800, {
          workflowTaskScheduledEventAttributes: { taskQueue: { kind: TaskQueueKind.TASK_QUEUE_KIND_STICKY } },
        }),
        event(9, 2_300, { workflowTaskStartedEventAttributes: { scheduledEventId: 8 } }),
        event(10, 2_400, { workflowTaskCompletedEventAttributes: { scheduledEventId: 8, startedEventId: 9 } }),
      ],
    });
    expect(taskTimesOf(history)).toEqual({
      workflowTaskWaitMs: 600,
      stickyWaitMs: 500,
      workflowTaskRunMs: 300,
      activityWaitMs: 50,
      activityRunMs: 450,
    });
  });
});
