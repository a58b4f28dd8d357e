import { temporal } from '@temporalio/proto';
import type { TimelineEntry } from './timeline-entry';
import { dateOf, failureText } from './workflow-history';

/** An activity a running workflow waits for, as Temporal describes it. */
export interface PendingActivity {
  activity: string;
  /** SCHEDULED (waiting for a worker or for its next retry), STARTED, CANCEL_REQUESTED, PAUSED. */
  state: string;
  attempt: number;
  /** 0: retried without limit. */
  maximumAttempts: number;
  lastFailure: string | null;
  scheduledAt: Date | null;
  lastStartedAt: Date | null;
  nextAttemptAt: Date | null;
}

const STATE_PREFIX = 'PENDING_ACTIVITY_STATE_';

/** Pure: the pending activities of a DescribeWorkflowExecution answer. */
export function pendingActivitiesOf(
  description: temporal.api.workflowservice.v1.IDescribeWorkflowExecutionResponse,
): PendingActivity[] {
  return (description.pendingActivities ?? []).map((pending) => ({
    activity: pending.activityType?.name ?? 'activity',
    state: (temporal.api.enums.v1.PendingActivityState[pending.state ?? 0] ?? 'UNSPECIFIED').replace(STATE_PREFIX, ''),
    attempt: pending.attempt ?? 1,
    maximumAttempts: pending.maximumAttempts ?? 0,
    lastFailure: failureText(pending.lastFailure),
    scheduledAt: dateOf(pending.scheduledTime),
    lastStartedAt: dateOf(pending.lastStartedTime),
    nextAttemptAt: dateOf(pending.nextAttemptScheduleTime),
  }));
}

/** "sendPayout attempt 3 (STARTED)": how the classification and the timeline name one. */
export const describePending = (pending: PendingActivity) =>
  `${pending.activity} attempt ${pending.attempt} (${pending.state})`;

/** A pending activity in the timeline, at its latest start (or its scheduling), with the last attempt's failure. */
export function pendingActivityEntries(pending: PendingActivity[], source: string, now: Date): TimelineEntry[] {
  return pending.map((activity) => ({
    at: activity.lastStartedAt ?? activity.scheduledAt ?? now,
    source,
    what: `${describePending(activity)} still running${activity.nextAttemptAt ? `, next attempt at ${activity.nextAttemptAt.toISOString()}` : ''}`,
    error: activity.lastFailure,
  }));
}
