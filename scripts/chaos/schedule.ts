/**
 * What each `npm run chaos` plan does to the topology, and when (ms after the drive starts), and
 * what it must prove. Pure, so its promises (every fault over before the window ends, each kind
 * once, every replica replaced in turn, every cut healed) are unit-tested.
 */
import type { BundleName } from './bundles';
import { Cut, CUTS } from './network-layout';

export const PLAN_NAMES = ['default', 'rolling-deploy', 'partitions'] as const;
export type PlanName = (typeof PLAN_NAMES)[number];

export type ChaosAction =
  | { kind: 'kill-worker'; slot: number }
  | { kind: 'rail-down' }
  | { kind: 'rail-loses-answers' }
  | { kind: 'rail-healthy' }
  | { kind: 'restart-database'; outageMs: number }
  | { kind: 'restart-temporal'; outageMs: number }
  | { kind: 'roll-api'; slot: number }
  | { kind: 'roll-worker'; slot: number; bundle: BundleName }
  | { kind: 'cut'; cut: Cut }
  | { kind: 'heal'; cut: Cut };

export interface Step {
  atMs: number;
  action: ChaosAction;
}

/** How the flows are driven: N flows spread evenly over the faults, or C at a time back to back until the plan is done. */
export type DriveShape =
  { kind: 'spread'; flows: number; concurrency: number } | { kind: 'continuous'; concurrency: number };

export interface PassCriteria {
  /** rolling-deploy: no integrator request may fail (a 503 with Retry-After, resent, is no failure). */
  noFailedRequests: boolean;
  /** Every final callback delivered, not merely still retrying. */
  callbacksDelivered: boolean;
  /** partitions: every order final within this long of the last heal. */
  finalWithinMsOfLastHeal: number | null;
  /** rolling-deploy: the old and the new workflow code both served orders. */
  bothBundlesServed: boolean;
}

export interface ChaosPlan {
  name: PlanName;
  short: boolean;
  /** Lanes run side by side; a lane's steps one after another, each at its time or once the one before has finished. */
  lanes: Step[][];
  /**
   * No step starts after this: the default plan skips what slow starts pushed out of its window,
   * so the topology always gets its time to recover. null: every step runs, however late.
   */
  windowMs: number | null;
  /** When the last fault is planned to be over, ms after the drive started. */
  faultsEndMs: number;
  drive: DriveShape;
  /** Where the rail is down or loses its answers: payouts are timed to meet each (issue 19). */
  railFaultWindows: Array<{ fromMs: number; toMs: number }>;
  pass: PassCriteria;
}

export interface DefaultPlanSettings {
  workers: number;
  /** The first fault comes this long after the drive starts: flows timed to meet it must have their previews done (which need the rail). */
  leadInMs: number;
  killEveryMs: number;
  /** How long the rail stays down, and loses its answers. */
  railFaultMs: number;
  /** How long PostgreSQL, and Temporal, stay stopped before they start again. */
  outageMs: number;
  /** Time left after each fault for the topology to catch its breath before the next. */
  gapMs: number;
}

export const DEFAULT_PLAN_SETTINGS: DefaultPlanSettings = {
  workers: 2,
  leadInMs: 12_000,
  killEveryMs: 8_000,
  railFaultMs: 15_000,
  outageMs: 5_000,
  gapMs: 8_000,
};
const SHORT_DEFAULT_PLAN_SETTINGS: DefaultPlanSettings = {
  workers: 2,
  leadInMs: 16_000,
  killEveryMs: 12_000,
  railFaultMs: 15_000,
  outageMs: 3_000,
  gapMs: 5_000,
};

/**
 * A restart's own stop and start take a few seconds beyond its outage (the Temporal server
 * brings its schemas up to date first); the next fault waits for them, and the window counts them.
 */
export const RESTART_ALLOWANCE_MS = 10_000;

const PASS_DEFAULT: PassCriteria = {
  noFailedRequests: false,
  callbacksDelivered: false,
  finalWithinMsOfLastHeal: null,
  bothBundlesServed: false,
};

/**
 * Today's chaos: worker kills all along, and one after another the rail down, a PostgreSQL
 * restart, the rail losing its answers and a Temporal restart.
 */
export function defaultPlan(
  settings: DefaultPlanSettings = DEFAULT_PLAN_SETTINGS,
  drive: { flows: number; concurrency: number } = { flows: 60, concurrency: 10 },
  short = false,
): ChaosPlan {
  const { railFaultMs, outageMs, gapMs } = settings;
  const faults: Step[] = [];
  const railFaultWindows: ChaosPlan['railFaultWindows'] = [];
  let at = settings.leadInMs;
  const add = (action: ChaosAction, lastsMs: number) => {
    faults.push({ atMs: at, action });
    at += lastsMs;
  };
  const railFault = (action: ChaosAction) => {
    railFaultWindows.push({ fromMs: at, toMs: at + railFaultMs });
    add(action, railFaultMs);
    add({ kind: 'rail-healthy' }, gapMs);
  };
  railFault({ kind: 'rail-down' });
  add({ kind: 'restart-database', outageMs }, outageMs + RESTART_ALLOWANCE_MS + gapMs);
  railFault({ kind: 'rail-loses-answers' });
  add({ kind: 'restart-temporal', outageMs }, outageMs + RESTART_ALLOWANCE_MS);
  const faultsEndMs = at;

  const kills: Step[] = [];
  for (
    let atMs = settings.killEveryMs, slot = 0;
    atMs < faultsEndMs;
    atMs += settings.killEveryMs, slot = (slot + 1) % settings.workers
  ) {
    kills.push({ atMs, action: { kind: 'kill-worker', slot } });
  }
  return {
    name: 'default',
    short,
    lanes: [kills, faults],
    windowMs: faultsEndMs,
    faultsEndMs,
    drive: { kind: 'spread', ...drive },
    railFaultWindows,
    pass: PASS_DEFAULT,
  };
}

export interface RollingDeploySettings {
  apis: number;
  workers: number;
  /** Full rounds; the last one deploys the changed workflow code. */
  rounds: number;
  /** Traffic runs this long on the fleet between two replacements. */
  pauseMs: number;
}

/**
 * Every API replica and every worker replaced one at a time, as a Kubernetes rollout does it,
 * round after round; the last round's workers run changed workflow code, so old and new
 * workers are live at once.
 */
export function rollingDeployPlan(
  { apis, workers, rounds, pauseMs }: RollingDeploySettings,
  concurrency: number,
  short = false,
): ChaosPlan {
  const steps: Step[] = [];
  let at = pauseMs;
  for (let round = 1; round <= rounds; round++) {
    const bundle: BundleName = round === rounds ? 'patched' : 'deployed';
    for (let slot = 0; slot < apis; slot++, at += pauseMs) steps.push({ atMs: at, action: { kind: 'roll-api', slot } });
    for (let slot = 0; slot < workers; slot++, at += pauseMs)
      steps.push({ atMs: at, action: { kind: 'roll-worker', slot, bundle } });
  }
  return {
    name: 'rolling-deploy',
    short,
    lanes: [steps],
    windowMs: null,
    faultsEndMs: at,
    drive: { kind: 'continuous', concurrency },
    railFaultWindows: [],
    pass: { noFailedRequests: true, callbacksDelivered: true, finalWithinMsOfLastHeal: null, bothBundlesServed: true },
  };
}

export interface PartitionsSettings {
  cuts: readonly Cut[];
  cutMs: number;
  /** PostgreSQL cut from everything, last, this long; 0: not at all. */
  databaseCutMs: number;
  /** Time after each heal before the next cut. */
  gapMs: number;
}

/** issue 20: every order final within 3 minutes of the last heal. */
export const FINAL_AFTER_LAST_HEAL_MS = 3 * 60_000;

/** One path cut at a time, each healed before the next, while flows run; then PostgreSQL from everything. */
export function partitionsPlan(
  { cuts, cutMs, databaseCutMs, gapMs }: PartitionsSettings,
  concurrency: number,
  short = false,
): ChaosPlan {
  const steps: Step[] = [];
  let at = gapMs;
  const cutFor = (cut: Cut, lastsMs: number) => {
    steps.push({ atMs: at, action: { kind: 'cut', cut } }, { atMs: at + lastsMs, action: { kind: 'heal', cut } });
    at += lastsMs + gapMs;
  };
  for (const cut of cuts) cutFor(cut, cutMs);
  if (databaseCutMs > 0) cutFor('postgres↔everything', databaseCutMs);
  return {
    name: 'partitions',
    short,
    lanes: [steps],
    windowMs: null,
    faultsEndMs: at - gapMs,
    drive: { kind: 'continuous', concurrency },
    railFaultWindows: [],
    pass: {
      noFailedRequests: false,
      callbacksDelivered: true,
      finalWithinMsOfLastHeal: FINAL_AFTER_LAST_HEAL_MS,
      bothBundlesServed: false,
    },
  };
}

/** The plan a command line names: the full one, or its short version (fewer flows, one round, one cut) that `npm test` runs. */
export function planNamed(
  name: PlanName,
  short: boolean,
  drive: { flows?: number; concurrency?: number } = {},
): ChaosPlan {
  switch (name) {
    case 'default':
      return short
        ? defaultPlan(
            SHORT_DEFAULT_PLAN_SETTINGS,
            { flows: drive.flows ?? 20, concurrency: drive.concurrency ?? 8 },
            true,
          )
        : defaultPlan(DEFAULT_PLAN_SETTINGS, { flows: drive.flows ?? 60, concurrency: drive.concurrency ?? 10 });
    case 'rolling-deploy':
      return rollingDeployPlan(
        { apis: 2, workers: 2, rounds: short ? 1 : 2, pauseMs: short ? 4_000 : 8_000 },
        drive.concurrency ?? 10,
        short,
      );
    case 'partitions':
      return short
        ? partitionsPlan({ cuts: [], cutMs: 0, databaseCutMs: 20_000, gapMs: 10_000 }, drive.concurrency ?? 10, true)
        : partitionsPlan(
            {
              cuts: CUTS.filter((cut) => cut !== 'postgres↔everything'),
              cutMs: 60_000,
              databaseCutMs: 30_000,
              gapMs: 20_000,
            },
            drive.concurrency ?? 10,
          );
  }
}

/** Whether the step ends a fault, and when: the moment from which an order held up by it may go on. */
export function healsAt(action: ChaosAction, startedAtMs: number, tookMs: number): number | null {
  switch (action.kind) {
    case 'rail-healthy':
    case 'heal':
      return startedAtMs;
    case 'kill-worker':
    case 'restart-database':
    case 'restart-temporal':
    case 'roll-api':
    case 'roll-worker':
      // Once the replacement (or the server) is back.
      return startedAtMs + tookMs;
    default:
      return null;
  }
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
    case 'roll-api':
      return `replace API replica ${action.slot + 1} (SIGTERM, drain, start)`;
    case 'roll-worker':
      return `replace worker ${action.slot + 1} (SIGTERM, drain, start; ${action.bundle} workflow code)`;
    case 'cut':
      return `cut ${action.cut} (links down, silently)`;
    case 'heal':
      return `heal ${action.cut}`;
  }
}

/** Steps that break something (a heal, a rail back to health, is not one): what the progress counts as faults applied. */
export const isFault = (action: ChaosAction) => action.kind !== 'rail-healthy' && action.kind !== 'heal';

/**
 * Issue 19: when flows decide so that payouts go out inside every rail fault. For each window,
 * the `perWindow` flows due to start last but at least `leadMs` before it (so that their
 * preview, which needs the rail, is done) hold their decision until early instants inside it,
 * `stepMs` apart from half a second in: a decision can take ten seconds to reach a worker (a
 * killed worker's sticky queue times out first), and its payout must still fall inside. Returns
 * flow index → decision time (ms after the drive started); other flows decide as users do.
 */
export function decisionsInRailFaults(
  windows: ChaosPlan['railFaultWindows'],
  flows: number,
  spacingMs: number,
  perWindow = 4,
  leadMs = 5_000,
  stepMs = 1_000,
): Map<number, number> {
  const decisions = new Map<number, number>();
  for (const { fromMs, toMs } of windows) {
    const lastDue = Math.floor((fromMs - leadMs) / spacingMs);
    const chosen = Array.from({ length: perWindow }, (_, i) => lastDue - i).filter(
      (index) => index >= 0 && index < flows && !decisions.has(index),
    );
    chosen.forEach((index, i) => decisions.set(index, Math.min(fromMs + 500 + i * stepMs, toMs)));
  }
  return decisions;
}
