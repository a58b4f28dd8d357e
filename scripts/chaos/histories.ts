import { temporal as proto, type temporal } from '@temporalio/proto';

type History = temporal.api.history.v1.IHistory;

/** What an order's workflow history says of the code that ran it. */
export interface HistoryFacts {
  /** The pid of each worker that completed one of its workflow tasks (their identity is `pid@host`). */
  taskPids: number[];
  /** The ids of the patches (`patched()`) its history recorded. */
  patches: string[];
}

const PATCH_MARKER = 'core_patch';

function decoded(data: Uint8Array | null | undefined): string {
  return data ? Buffer.from(data).toString('utf8') : '';
}

export function factsOf(history: History): HistoryFacts {
  const taskPids = new Set<number>();
  const patches = new Set<string>();
  for (const event of history.events ?? []) {
    const identity = event.workflowTaskCompletedEventAttributes?.identity;
    const pid = identity ? Number(/^(\d+)@/.exec(identity)?.[1]) : NaN;
    if (Number.isInteger(pid)) taskPids.add(pid);
    const marker = event.markerRecordedEventAttributes;
    if (marker?.markerName === PATCH_MARKER) {
      for (const payload of marker.details?.['patch-data']?.payloads ?? []) {
        const id = (JSON.parse(decoded(payload.data) || '{}') as { id?: string }).id;
        if (id) patches.add(id);
      }
    }
  }
  return { taskPids: [...taskPids], patches: [...patches] };
}

/** Which workflow code served the orders: the proof that old and new workers were live at once, and that both finished orders. */
export interface BundlesServed {
  /** Orders whose workflow tasks were completed by workers of both codes: they crossed the deploy. */
  crossed: number;
  onlyOld: number;
  onlyNew: number;
  /** Orders whose history carries the new code's patch marker: they started on the new code. */
  withMarker: number;
}

/** `variantOf`: which code the worker with that pid ran ('deployed' or 'patched'), from the pool's record. */
export function bundlesServed(
  facts: readonly HistoryFacts[],
  variantOf: (pid: number) => string | undefined,
  patch: string,
): BundlesServed {
  const served: BundlesServed = { crossed: 0, onlyOld: 0, onlyNew: 0, withMarker: 0 };
  for (const { taskPids, patches } of facts) {
    const variants = new Set(taskPids.map(variantOf));
    const old = variants.has('deployed');
    const fresh = variants.has('patched');
    if (old && fresh) served.crossed += 1;
    else if (old) served.onlyOld += 1;
    else if (fresh) served.onlyNew += 1;
    if (patches.includes(patch)) served.withMarker += 1;
  }
  return served;
}

/** Where an order's time went, from its history: waiting for a worker, and in the worker's hands. */
export interface TaskTimes {
  /** Its workflow tasks, from scheduled to started (in a queue, the sticky one included), and from started to completed (its local activities run in there). */
  workflowTaskWaitMs: number;
  /** The part of that wait spent in a worker's sticky queue (its cache's), which no other worker serves. */
  stickyWaitMs: number;
  workflowTaskRunMs: number;
  /** Its activities, likewise, each attempt. */
  activityWaitMs: number;
  activityRunMs: number;
}

const STICKY = proto.api.enums.v1.TaskQueueKind.TASK_QUEUE_KIND_STICKY;
type Timestamp = { seconds?: { toNumber(): number } | number | null; nanos?: number | null } | null | undefined;
const msOf = (time: Timestamp) => (time ? Number(time.seconds ?? 0) * 1000 + (time.nanos ?? 0) / 1e6 : NaN);

export function taskTimesOf(history: History): TaskTimes {
  const at = new Map<string, number>();
  const times: TaskTimes = {
    workflowTaskWaitMs: 0,
    stickyWaitMs: 0,
    workflowTaskRunMs: 0,
    activityWaitMs: 0,
    activityRunMs: 0,
  };
  const sticky = new Set<string>();
  const since = (eventId: unknown, ms: number) => {
    const from = at.get(String(eventId));
    return from === undefined ? 0 : Math.max(0, ms - from);
  };
  for (const event of history.events ?? []) {
    const ms = msOf(event.eventTime);
    at.set(String(event.eventId), ms);
    const wftStarted = event.workflowTaskStartedEventAttributes;
    const wftEnded =
      event.workflowTaskCompletedEventAttributes ??
      event.workflowTaskFailedEventAttributes ??
      event.workflowTaskTimedOutEventAttributes;
    const activityStarted = event.activityTaskStartedEventAttributes;
    const activityEnded =
      event.activityTaskCompletedEventAttributes ??
      event.activityTaskFailedEventAttributes ??
      event.activityTaskTimedOutEventAttributes ??
      event.activityTaskCanceledEventAttributes;
    if (event.workflowTaskScheduledEventAttributes?.taskQueue?.kind === STICKY) sticky.add(String(event.eventId));
    if (wftStarted) {
      times.workflowTaskWaitMs += since(wftStarted.scheduledEventId, ms);
      if (sticky.has(String(wftStarted.scheduledEventId))) times.stickyWaitMs += since(wftStarted.scheduledEventId, ms);
    }
    if (wftEnded && 'startedEventId' in wftEnded) times.workflowTaskRunMs += since(wftEnded.startedEventId, ms);
    if (activityStarted) times.activityWaitMs += since(activityStarted.scheduledEventId, ms);
    if (activityEnded && 'startedEventId' in activityEnded)
      times.activityRunMs += since(activityEnded.startedEventId, ms);
  }
  return times;
}
