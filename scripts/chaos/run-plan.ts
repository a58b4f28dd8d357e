import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { ChaosAction, ChaosPlan, describeAction, Step } from './schedule';
import type { ChaosStack } from './stack';

/** One line of the report's timeline: what was done, when (ms after the drive started), and how long it took. */
export interface TimelineEntry {
  atMs: number;
  what: string;
  tookMs: number;
  /** Which pids, or why the action failed. */
  detail?: string;
  failed?: true;
}

export interface PlanOutcome {
  timeline: TimelineEntry[];
  /** Steps that could not start before the faults' window closed (workers slow to start). */
  skipped: string[];
}

async function perform(stack: ChaosStack, action: ChaosAction): Promise<string | undefined> {
  switch (action.kind) {
    case 'kill-worker':
      return stack.workers.replace(action.slot);
    case 'rail-down':
      await stack.setRailFaults({ down: true });
      return undefined;
    case 'rail-loses-answers':
      await stack.setRailFaults({ lose_response: true });
      return undefined;
    case 'rail-healthy':
      await stack.setRailFaults({});
      return undefined;
    case 'restart-database':
      await stack.restartDatabase(action.outageMs);
      return undefined;
    case 'restart-temporal':
      await stack.restartTemporal(action.outageMs);
      return undefined;
  }
}

/** What must hold before the action: a kill waits for its worker to be at work. */
function readiness(stack: ChaosStack, action: ChaosAction): Promise<string | undefined> {
  return action.kind === 'kill-worker' ? stack.workers.atWork(action.slot) : Promise.resolve(undefined);
}

/**
 * Runs the plan's two lanes side by side, each step at its time (or once the step before it
 * has finished and it is ready), and returns what happened, in time order. No step starts
 * once the faults' window has closed, so the stack always gets its time to recover. A step
 * that fails is recorded and its lane goes on; the signal stops both lanes.
 */
export async function runPlan(plan: ChaosPlan, stack: ChaosStack, startedAt: number, signal: AbortSignal, say: (message: string) => void): Promise<PlanOutcome> {
  const timeline: TimelineEntry[] = [];
  const skipped: string[] = [];
  const closesIn = () => startedAt + plan.faultsEndMs - performance.now();
  const lane = async (steps: Step[]) => {
    for (const [index, { atMs, action }] of steps.entries()) {
      const wait = startedAt + atMs - performance.now();
      if (wait > 0) await sleep(wait, undefined, { signal }).catch(() => undefined);
      if (signal.aborted) return;
      const ready = await Promise.race([readiness(stack, action), sleep(Math.max(0, closesIn()), null)]);
      if (signal.aborted) return;
      if (ready === null || closesIn() <= 0) {
        skipped.push(...steps.slice(index).map((step) => describeAction(step.action)));
        return;
      }
      const begun = performance.now();
      const entry: TimelineEntry = { atMs: begun - startedAt, what: describeAction(action), tookMs: 0 };
      try {
        const detail = await perform(stack, action);
        entry.detail = [detail, ready].filter(Boolean).join('; ') || undefined;
      } catch (error) {
        entry.failed = true;
        entry.detail = error instanceof Error ? error.message : String(error);
      }
      entry.tookMs = performance.now() - begun;
      say(`chaos at ${(entry.atMs / 1000).toFixed(1)} s: ${entry.what}${entry.failed ? ` FAILED: ${entry.detail}` : ''}`);
      timeline.push(entry);
    }
  };
  await Promise.all([lane(plan.kills), lane(plan.faults)]);
  return { timeline: timeline.sort((a, b) => a.atMs - b.atMs), skipped };
}
