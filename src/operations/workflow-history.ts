import { defaultPayloadConverter } from '@temporalio/common';
import type { google } from '@temporalio/proto';
import { temporal } from '@temporalio/proto';
import type { TimelineEntry } from './timeline-entry';

type Failure = temporal.api.failure.v1.IFailure;
type Payloads = temporal.api.common.v1.IPayloads;
const EventType = temporal.api.enums.v1.EventType;

/** StatusSince is each upsert's own time: repeating it would only add noise. */
const QUIET_SEARCH_ATTRIBUTES = new Set(['StatusSince']);
/** What an update's argument says about it, without the payer's personal data a claim carries. */
const UPDATE_FIELDS = ['decision', 'amount', 'outcome', 'operator', 'reason'];

/** A failure with its causes, outermost first, a cause that repeats its parent's message said once. */
export function failureText(failure: Failure | null | undefined): string | null {
  const messages: string[] = [];
  for (let current = failure; current; current = current.cause) {
    if (current.message && current.message !== messages[messages.length - 1]) messages.push(current.message);
  }
  return messages.length > 0 ? messages.join(': ') : null;
}

function decoded(payloads: Payloads | null | undefined): unknown[] {
  return (payloads?.payloads ?? []).map((payload) => {
    try {
      return defaultPayloadConverter.fromPayload(payload);
    } catch {
      return undefined;
    }
  });
}

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(3))}s`;

/**
 * A protobuf timestamp or duration in milliseconds, whichever form its seconds take: a Long from
 * the gRPC client, a plain number from a history read back from JSON.
 */
export function millisOf(
  value: google.protobuf.ITimestamp | google.protobuf.IDuration | null | undefined,
): number | null {
  if (!value) return null;
  const secondsPart = value.seconds ?? 0;
  const wholeSeconds = typeof secondsPart === 'object' ? secondsPart.toNumber() : Number(secondsPart);
  return wholeSeconds * 1000 + Math.floor((value.nanos ?? 0) / 1_000_000);
}

/** A protobuf timestamp as a Date; null when absent. */
export function dateOf(value: google.protobuf.ITimestamp | null | undefined): Date | null {
  const ms = millisOf(value);
  return ms === null ? null : new Date(ms);
}

/**
 * What an activity's result says, in a word or two. A movement or an inquiry whose outcome is
 * unknown, or a rail that refused the request, is the error an operator looks for.
 */
function outcomeOf(result: unknown): { text: string; error: string | null } {
  if (typeof result !== 'object' || result === null) return { text: 'done', error: null };
  const { kind, status, reason } = result as Record<string, unknown>;
  const word = typeof kind === 'string' ? kind : typeof status === 'string' ? status : null;
  if (word === null) return { text: 'done', error: null };
  const why = typeof reason === 'string' ? reason : null;
  const failed = kind === 'UNKNOWN' || kind === 'FAILED' || status === 'UNREACHABLE';
  if (failed) return { text: word, error: why ?? word };
  return { text: why ? `${word} (${why})` : word, error: null };
}

function updateSummary(argument: unknown): string {
  if (typeof argument !== 'object' || argument === null) return '';
  const fields = UPDATE_FIELDS.flatMap((field) => {
    const value = (argument as Record<string, unknown>)[field];
    return typeof value === 'string' ? [`${field}=${value}`] : [];
  });
  return fields.length > 0 ? ` (${fields.join(', ')})` : '';
}

/**
 * One workflow's history as timeline entries: every activity attempt that finished (with the
 * failures of those before it), local activities, timers that fired, updates and signals,
 * search attribute changes, children started, and how the workflow ended. Pure: the history
 * comes from Temporal (fetchHistory) or from a recorded file.
 */
export function workflowTimeline(history: temporal.api.history.v1.IHistory, source: string): TimelineEntry[] {
  const activities = new Map<string, string>();
  const attempts = new Map<string, number>();
  const timers = new Map<string, number>();
  const updates = new Map<string, string>();
  const entries: TimelineEntry[] = [];

  for (const event of history.events ?? []) {
    const at = dateOf(event.eventTime) ?? new Date(0);
    const add = (what: string, error: string | null = null) => entries.push({ at, source, what, error });
    const eventId = String(event.eventId);
    const activity = (scheduledEventId: unknown) => {
      const key = String(scheduledEventId);
      return `${activities.get(key) ?? 'activity'} attempt ${attempts.get(key) ?? 1}`;
    };

    switch (event.eventType) {
      case EventType.EVENT_TYPE_WORKFLOW_EXECUTION_STARTED:
        add(`workflow ${event.workflowExecutionStartedEventAttributes?.workflowType?.name ?? ''} started`);
        break;
      case EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED: {
        const scheduled = event.activityTaskScheduledEventAttributes;
        // A callback's delivery names its event id, the x-event-id of the callback entries.
        const [subject] = decoded(scheduled?.input);
        activities.set(
          eventId,
          `${scheduled?.activityType?.name ?? 'activity'}${typeof subject === 'string' ? ` ${subject}` : ''}`,
        );
        break;
      }
      case EventType.EVENT_TYPE_ACTIVITY_TASK_STARTED: {
        const started = event.activityTaskStartedEventAttributes;
        const attempt = started?.attempt ?? 1;
        attempts.set(String(started?.scheduledEventId), attempt);
        if (attempt > 1)
          add(
            `${activity(started?.scheduledEventId)} started after ${attempt - 1} failed`,
            failureText(started?.lastFailure),
          );
        break;
      }
      case EventType.EVENT_TYPE_ACTIVITY_TASK_COMPLETED: {
        const completed = event.activityTaskCompletedEventAttributes;
        const outcome = outcomeOf(decoded(completed?.result)[0]);
        add(`${activity(completed?.scheduledEventId)}: ${outcome.text}`, outcome.error);
        break;
      }
      case EventType.EVENT_TYPE_ACTIVITY_TASK_FAILED:
        add(
          `${activity(event.activityTaskFailedEventAttributes?.scheduledEventId)} failed`,
          failureText(event.activityTaskFailedEventAttributes?.failure),
        );
        break;
      case EventType.EVENT_TYPE_ACTIVITY_TASK_TIMED_OUT:
        add(
          `${activity(event.activityTaskTimedOutEventAttributes?.scheduledEventId)} timed out`,
          failureText(event.activityTaskTimedOutEventAttributes?.failure) ?? 'timed out',
        );
        break;
      case EventType.EVENT_TYPE_MARKER_RECORDED: {
        const marker = event.markerRecordedEventAttributes;
        if (marker?.markerName !== 'core_local_activity') break;
        const [data] = decoded(marker.details?.data) as Array<{ activity_type?: string; attempt?: number } | undefined>;
        const name = `local activity ${data?.activity_type ?? '?'} attempt ${data?.attempt ?? 1}`;
        if (marker.failure) {
          add(`${name} failed`, failureText(marker.failure));
        } else {
          const outcome = outcomeOf(decoded(marker.details?.result)[0]);
          add(`${name}: ${outcome.text}`, outcome.error);
        }
        break;
      }
      case EventType.EVENT_TYPE_TIMER_STARTED: {
        const timer = event.timerStartedEventAttributes;
        timers.set(timer?.timerId ?? '', millisOf(timer?.startToFireTimeout) ?? 0);
        break;
      }
      case EventType.EVENT_TYPE_TIMER_FIRED:
        add(`timer fired after ${seconds(timers.get(event.timerFiredEventAttributes?.timerId ?? '') ?? 0)}`);
        break;
      case EventType.EVENT_TYPE_WORKFLOW_EXECUTION_UPDATE_ACCEPTED: {
        const input = event.workflowExecutionUpdateAcceptedEventAttributes?.acceptedRequest?.input;
        const name = input?.name ?? 'update';
        updates.set(eventId, name);
        add(`update ${name} accepted${updateSummary(decoded(input?.args)[0])}`);
        break;
      }
      case EventType.EVENT_TYPE_WORKFLOW_EXECUTION_UPDATE_COMPLETED: {
        const completed = event.workflowExecutionUpdateCompletedEventAttributes;
        const name = updates.get(String(completed?.acceptedEventId)) ?? 'update';
        const failure = failureText(completed?.outcome?.failure);
        add(failure ? `update ${name} failed` : `update ${name} completed`, failure);
        break;
      }
      case EventType.EVENT_TYPE_WORKFLOW_EXECUTION_SIGNALED:
        add(`signal ${event.workflowExecutionSignaledEventAttributes?.signalName ?? ''}`);
        break;
      case EventType.EVENT_TYPE_UPSERT_WORKFLOW_SEARCH_ATTRIBUTES: {
        const fields = Object.entries(
          event.upsertWorkflowSearchAttributesEventAttributes?.searchAttributes?.indexedFields ?? {},
        )
          .filter(([name]) => !QUIET_SEARCH_ATTRIBUTES.has(name))
          .map(([name, payload]) => `${name}=${String(decoded({ payloads: [payload] })[0])}`);
        if (fields.length > 0) add(`search attributes ${fields.join(', ')}`);
        break;
      }
      case EventType.EVENT_TYPE_START_CHILD_WORKFLOW_EXECUTION_INITIATED:
        add(`child workflow ${event.startChildWorkflowExecutionInitiatedEventAttributes?.workflowId ?? ''} started`);
        break;
      case EventType.EVENT_TYPE_WORKFLOW_TASK_FAILED:
        add('workflow task failed', failureText(event.workflowTaskFailedEventAttributes?.failure) ?? 'failed');
        break;
      case EventType.EVENT_TYPE_WORKFLOW_TASK_TIMED_OUT:
        add('workflow task timed out (its worker went away or was too slow)');
        break;
      case EventType.EVENT_TYPE_WORKFLOW_EXECUTION_COMPLETED: {
        const [result] = decoded(event.workflowExecutionCompletedEventAttributes?.result);
        add(
          result === null || result === undefined
            ? 'workflow completed'
            : `workflow completed: ${JSON.stringify(result)}`,
        );
        break;
      }
      case EventType.EVENT_TYPE_WORKFLOW_EXECUTION_FAILED:
        add('workflow failed', failureText(event.workflowExecutionFailedEventAttributes?.failure) ?? 'failed');
        break;
      case EventType.EVENT_TYPE_WORKFLOW_EXECUTION_TERMINATED: {
        const reason = event.workflowExecutionTerminatedEventAttributes?.reason || 'no reason given';
        add('workflow terminated', reason);
        break;
      }
      case EventType.EVENT_TYPE_WORKFLOW_EXECUTION_TIMED_OUT:
        add('workflow timed out', 'timed out');
        break;
      case EventType.EVENT_TYPE_WORKFLOW_EXECUTION_CANCELED:
        add('workflow canceled');
        break;
      case EventType.EVENT_TYPE_WORKFLOW_EXECUTION_CONTINUED_AS_NEW:
        add('workflow continued as new');
        break;
    }
  }
  return entries;
}
