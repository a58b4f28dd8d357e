import type { Client } from '@temporalio/client';
import { temporal } from '@temporalio/proto';
import { summarize } from '../shared/stats';

type HistoryEvent = temporal.api.history.v1.IHistoryEvent;
const { EventType } = temporal.api.enums.v1;

/** What one flow asked of Temporal, as its workflow's history (and its children's) records it. */
export interface Footprint {
  workflowTasks: number;
  activityTasks: number;
  localActivities: number;
  childWorkflows: number;
}

/** The SDK records a local activity's result as a marker of this name. */
const LOCAL_ACTIVITY_MARKER = 'core_local_activity';

const millisOf = (event: HistoryEvent) =>
  Number(event.eventTime?.seconds ?? 0) * 1000 + (event.eventTime?.nanos ?? 0) / 1e6;

/**
 * How long each workflow task and activity task of a history waited between being scheduled
 * and a worker starting it: Temporal's dispatch, with the worker's pollers already waiting
 * unless every slot was busy.
 */
function dispatchDelays(events: readonly HistoryEvent[]): number[] {
  const scheduledAt = new Map(events.map((event) => [String(event.eventId), millisOf(event)]));
  return events.flatMap((event) => {
    const scheduledEventId = (event.workflowTaskStartedEventAttributes ?? event.activityTaskStartedEventAttributes)
      ?.scheduledEventId;
    const scheduled =
      scheduledEventId === undefined || scheduledEventId === null
        ? undefined
        : scheduledAt.get(String(scheduledEventId));
    return scheduled === undefined ? [] : [millisOf(event) - scheduled];
  });
}

/**
 * Counts one history's tasks: every workflow task a worker started (a failed or timed-out
 * one included), every activity scheduled (its retries are the same task), every local
 * activity's marker, every child started; and how long each task waited to be started.
 */
export function footprintOf(events: readonly HistoryEvent[]): Footprint & { children: string[]; dispatchMs: number[] } {
  const children = events
    .filter((event) => event.eventType === EventType.EVENT_TYPE_START_CHILD_WORKFLOW_EXECUTION_INITIATED)
    .map((event) => event.startChildWorkflowExecutionInitiatedEventAttributes!.workflowId!);
  return {
    workflowTasks: events.filter((event) => event.eventType === EventType.EVENT_TYPE_WORKFLOW_TASK_STARTED).length,
    activityTasks: events.filter((event) => event.eventType === EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED).length,
    localActivities: events.filter((event) => event.markerRecordedEventAttributes?.markerName === LOCAL_ACTIVITY_MARKER)
      .length,
    childWorkflows: children.length,
    children,
    dispatchMs: dispatchDelays(events),
  };
}

/** The mean footprint of some flows, over how many histories were read, and their tasks' dispatch. */
export interface MeanFootprint extends Footprint {
  flows: number;
  /** Scheduled → started of every task of those flows, ms. */
  dispatchMs: { p50: number; p99: number };
}

/**
 * Reads each workflow's history once it has closed, adds its children's (and theirs), and
 * averages over the flows. A flow's numbers vary only when a task failed or timed out.
 */
export async function measureFootprint(client: Client, workflowIds: readonly string[]): Promise<MeanFootprint> {
  const total: Footprint = { workflowTasks: 0, activityTasks: 0, localActivities: 0, childWorkflows: 0 };
  const dispatchMs: number[] = [];
  for (const workflowId of workflowIds) {
    const pending = [workflowId];
    while (pending.length > 0) {
      const handle = client.workflow.getHandle(pending.pop()!);
      await handle.result().catch(() => undefined);
      const { children, dispatchMs: delays, ...counts } = footprintOf((await handle.fetchHistory()).events ?? []);
      dispatchMs.push(...delays);
      for (const key of Object.keys(total) as Array<keyof Footprint>) total[key] += counts[key];
      pending.push(...children);
    }
  }
  const mean = (value: number) =>
    workflowIds.length === 0 ? Number.NaN : Math.round((value / workflowIds.length) * 10) / 10;
  const dispatch = summarize(dispatchMs);
  const tenths = (value: number) => Math.round(value * 10) / 10;
  return {
    flows: workflowIds.length,
    workflowTasks: mean(total.workflowTasks),
    activityTasks: mean(total.activityTasks),
    localActivities: mean(total.localActivities),
    childWorkflows: mean(total.childWorkflows),
    dispatchMs: { p50: tenths(dispatch.p50), p99: tenths(dispatch.p99) },
  };
}
