import fc from 'fast-check';
import { ChaosPlan, chaosPlan, DEFAULT_PLAN_SETTINGS, describeAction, RESTART_ALLOWANCE_MS } from '../../../scripts/chaos/schedule';

/** [start, end] of each fault the plan's fault lane causes, in ms after the drive started. */
function faultSpans(plan: ChaosPlan): Array<[string, number, number]> {
  const spans: Array<[string, number, number]> = [];
  let railFault: { kind: string; from: number } | undefined;
  for (const { atMs, action } of plan.faults) {
    switch (action.kind) {
      case 'rail-down':
      case 'rail-loses-answers':
        expect(railFault).toBeUndefined();
        railFault = { kind: action.kind, from: atMs };
        break;
      case 'rail-healthy':
        spans.push([railFault!.kind, railFault!.from, atMs]);
        railFault = undefined;
        break;
      case 'restart-database':
      case 'restart-temporal':
        spans.push([action.kind, atMs, atMs + action.outageMs + RESTART_ALLOWANCE_MS]);
        break;
      default:
        throw new Error(`unexpected fault ${action.kind}`);
    }
  }
  expect(railFault).toBeUndefined();
  return spans;
}

const settings = fc.record({
  workers: fc.integer({ min: 1, max: 4 }),
  killEveryMs: fc.integer({ min: 1_000, max: 30_000 }),
  railFaultMs: fc.integer({ min: 1_000, max: 60_000 }),
  outageMs: fc.integer({ min: 0, max: 30_000 }),
  gapMs: fc.integer({ min: 0, max: 30_000 }),
});

describe('the chaos plan', () => {
  it('causes each fault once, in order: rail down, PostgreSQL restart, rail answers lost, Temporal restart', () => {
    const plan = chaosPlan();
    expect(plan.faults.map((step) => step.action.kind)).toEqual([
      'rail-down',
      'rail-healthy',
      'restart-database',
      'rail-loses-answers',
      'rail-healthy',
      'restart-temporal',
    ]);
    expect(plan.faults.find((step) => step.action.kind === 'rail-down')).toEqual({ atMs: 8_000, action: { kind: 'rail-down' } });
  });

  it('ends every fault, restarts included, before the window closes, one after another, for any settings', () => {
    fc.assert(
      fc.property(settings, (given) => {
        const plan = chaosPlan(given);
        const spans = faultSpans(plan);
        spans.forEach(([, from, to], index) => {
          expect(from).toBeLessThanOrEqual(to);
          if (index > 0) expect(from).toBeGreaterThanOrEqual(spans[index - 1]![2]);
        });
        expect(spans.at(-1)![2]).toBeLessThanOrEqual(plan.faultsEndMs);
      }),
    );
  });

  it('kills the workers in turn, every killEveryMs, only while the faults run', () => {
    fc.assert(
      fc.property(settings, (given) => {
        const plan = chaosPlan(given);
        plan.kills.forEach(({ atMs, action }, index) => {
          expect(atMs).toBe((index + 1) * given.killEveryMs);
          expect(atMs).toBeLessThan(plan.faultsEndMs);
          expect(action).toEqual({ kind: 'kill-worker', slot: index % given.workers });
        });
        expect(plan.kills.length).toBe(Math.ceil(plan.faultsEndMs / given.killEveryMs) - 1);
      }),
    );
  });

  it('with the defaults, kills about every eight seconds for a minute and a half', () => {
    const plan = chaosPlan(DEFAULT_PLAN_SETTINGS);
    expect(plan.faultsEndMs).toBe(92_000);
    expect(plan.kills).toHaveLength(11);
  });

  it('describes each action for the timeline', () => {
    expect(describeAction({ kind: 'kill-worker', slot: 1 })).toBe('SIGKILL worker 2, start a new one');
    expect(describeAction({ kind: 'restart-temporal', outageMs: 5_000 })).toBe('restart the Temporal server (5 s stopped)');
  });
});
