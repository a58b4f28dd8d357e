/**
 * What `npm run chaos` does to the stack, and when (ms after the drive starts). Two lanes run
 * side by side: worker kills all along, and one after another the faults that take a part
 * away for a while. Pure, so its promises (every fault over before the window ends, each kind
 * once) are unit-tested.
 */
export type ChaosAction =
  | { kind: 'kill-worker'; slot: number }
  | { kind: 'rail-down' }
  | { kind: 'rail-loses-answers' }
  | { kind: 'rail-healthy' }
  | { kind: 'restart-database'; outageMs: number }
  | { kind: 'restart-temporal'; outageMs: number };

export interface Step {
  atMs: number;
  action: ChaosAction;
}

export interface ChaosPlan {
  /** SIGKILL one worker (in turn) and start a new one in its slot. */
  kills: Step[];
  /** Rail down, PostgreSQL restart, rail answers lost, Temporal restart, in that order. */
  faults: Step[];
  /** Every fault is over by then, restarts included: the stack only has to recover after it. */
  faultsEndMs: number;
}

export interface PlanSettings {
  workers: number;
  killEveryMs: number;
  /** How long the rail stays down, and loses its answers. */
  railFaultMs: number;
  /** How long PostgreSQL, and Temporal, stay stopped before they start again. */
  outageMs: number;
  /** Time left after each fault for the stack to catch its breath before the next. */
  gapMs: number;
}

export const DEFAULT_PLAN_SETTINGS: PlanSettings = { workers: 2, killEveryMs: 8_000, railFaultMs: 15_000, outageMs: 5_000, gapMs: 8_000 };

/**
 * A restart's own stop and start take a few seconds beyond its outage; the next fault waits for
 * them, and the window counts them.
 */
export const RESTART_ALLOWANCE_MS = 10_000;

export function chaosPlan(settings: PlanSettings = DEFAULT_PLAN_SETTINGS): ChaosPlan {
  const { railFaultMs, outageMs, gapMs } = settings;
  const faults: Step[] = [];
  let at = gapMs;
  const add = (action: ChaosAction, lastsMs: number) => {
    faults.push({ atMs: at, action });
    at += lastsMs;
  };
  add({ kind: 'rail-down' }, railFaultMs);
  add({ kind: 'rail-healthy' }, gapMs);
  add({ kind: 'restart-database', outageMs }, outageMs + RESTART_ALLOWANCE_MS + gapMs);
  add({ kind: 'rail-loses-answers' }, railFaultMs);
  add({ kind: 'rail-healthy' }, gapMs);
  add({ kind: 'restart-temporal', outageMs }, outageMs + RESTART_ALLOWANCE_MS);
  const faultsEndMs = at;

  const kills: Step[] = [];
  for (let atMs = settings.killEveryMs, slot = 0; atMs < faultsEndMs; atMs += settings.killEveryMs, slot = (slot + 1) % settings.workers) {
    kills.push({ atMs, action: { kind: 'kill-worker', slot } });
  }
  return { kills, faults, faultsEndMs };
}

/** How an action reads in the report's timeline. */
export function describeAction(action: ChaosAction): string {
  switch (action.kind) {
    case 'kill-worker':
      return `SIGKILL worker ${action.slot + 1}, start a new one`;
    case 'rail-down':
      return 'rail down ({"down": true})';
    case 'rail-loses-answers':
      return 'rail loses its answers ({"lose_response": true})';
    case 'rail-healthy':
      return 'rail healthy again (faults cleared)';
    case 'restart-database':
      return `restart PostgreSQL (${action.outageMs / 1000} s stopped)`;
    case 'restart-temporal':
      return `restart the Temporal server (${action.outageMs / 1000} s stopped)`;
  }
}
