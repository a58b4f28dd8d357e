import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { ChaosAction, ChaosPlan, describeAction, healsAt, isFault, Step } from './schedule';
import type { Topology } from './topology';

/** One line of the report's timeline: what was done, when (ms after the drive started), and how long it took. */
export interface TimelineEntry {
  atMs: number;
  what: string;
  tookMs: number;
  /** When it ended a fault (ms after the drive started): orders held up may go on from then. */
  healedAtMs?: number;
  /** Which pids, or why the action failed. */
  detail?: string;
  failed?: true;
}

export interface PlanOutcome {
  timeline: TimelineEntry[];
  /** Steps that could not start before the faults' window closed (workers slow to start). */
  skipped: string[];
}

/** What the progress lines say of the plan while it runs. */
export interface PlanProgress {
  faultsApplied: number;
  faultsPlanned: number;
}

async function perform(topology: Topology, action: ChaosAction, atMs: number): Promise<string | undefined> {
  switch (action.kind) {
    case 'kill-worker':
      return topology.workers.kill(action.slot);
    case 'rail-down':
      await topology.setRailFaults({ down: true }, atMs);
      return undefined;
    case 'rail-loses-answers':
      await topology.setRailFaults({ lose_response: true }, atMs);
      return undefined;
    case 'rail-healthy':
      await topology.setRailFaults({}, atMs);
      return undefined;
    case 'restart-database':
      await topology.restartDatabase(action.outageMs);
      return undefined;
    case 'restart-temporal':
      await topology.restartTemporal(action.outageMs);
      return undefined;
    case 'roll-api':
      return topology.apis.roll(action.slot, 'deployed');
    case 'roll-worker':
      return topology.workers.roll(action.slot, action.bundle);
    case 'cut':
      await topology.network!.cut(action.cut);
      return undefined;
    case 'heal':
      await topology.network!.heal(action.cut);
      return undefined;
  }
}

/** What must hold before the action: a kill waits for its worker to be at work. */
function readiness(topology: Topology, action: ChaosAction): Promise<string | undefined> {
  return action.kind === 'kill-worker' ? topology.workers.atWork(action.slot) : Promise.resolve(undefined);
}

/**
 * Runs the plan's lanes side by side, each step at its time (or once the step before it has
 * finished and it is ready), and returns what happened, in time order. With a window, no step
 * starts once it has closed, so the topology always gets its time to recover. A step that fails
 * is recorded and its lane goes on; the signal stops every lane.
 */
export function runPlan(
  plan: ChaosPlan,
  topology: Topology,
  startedAt: number,
  signal: AbortSignal,
  say: (message: string) => void,
): { progress: PlanProgress; done: Promise<PlanOutcome> } {
  const timeline: TimelineEntry[] = [];
  const skipped: string[] = [];
  const progress: PlanProgress = {
    faultsApplied: 0,
    faultsPlanned: plan.lanes.flat().filter((step) => isFault(step.action)).length,
  };
  const closesIn = () => (plan.windowMs === null ? Infinity : startedAt + plan.windowMs - performance.now());
  const lane = async (steps: Step[]) => {
    for (const [index, { atMs, action }] of steps.entries()) {
      const wait = startedAt + atMs - performance.now();
      if (wait > 0) await sleep(wait, undefined, { signal }).catch(() => undefined);
      if (signal.aborted) return;
      const ready = await (plan.windowMs === null
        ? readiness(topology, action)
        : Promise.race([readiness(topology, action), sleep(Math.max(0, closesIn()), null)]));
      if (signal.aborted) return;
      if (ready === null || closesIn() <= 0) {
        skipped.push(...steps.slice(index).map((step) => describeAction(step.action)));
        return;
      }
      const begun = performance.now();
      const entry: TimelineEntry = { atMs: begun - startedAt, what: describeAction(action), tookMs: 0 };
      try {
        const detail = await perform(topology, action, entry.atMs);
        entry.detail = [detail, ready].filter(Boolean).join('; ') || undefined;
      } catch (error) {
        entry.failed = true;
        entry.detail = error instanceof Error ? error.message : String(error);
      }
      entry.tookMs = performance.now() - begun;
      entry.healedAtMs = healsAt(action, entry.atMs, entry.tookMs) ?? undefined;
      if (isFault(action)) progress.faultsApplied += 1;
      say(
        `chaos at ${(entry.atMs / 1000).toFixed(1)} s: ${entry.what}${entry.failed ? ` FAILED: ${entry.detail}` : ''}`,
      );
      timeline.push(entry);
    }
  };
  const done = Promise.all(plan.lanes.map(lane)).then(() => ({
    timeline: timeline.sort((a, b) => a.atMs - b.atMs),
    skipped,
  }));
  return { progress, done };
}
