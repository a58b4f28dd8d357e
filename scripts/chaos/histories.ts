import type { temporal } from '@temporalio/proto';

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
export function bundlesServed(facts: readonly HistoryFacts[], variantOf: (pid: number) => string | undefined, patch: string): BundlesServed {
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
