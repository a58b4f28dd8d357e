import fc from 'fast-check';
import { CUTS } from '../../../scripts/chaos/network-layout';
import {
  ChaosPlan,
  decisionsInRailFaults,
  DEFAULT_PLAN_SETTINGS,
  defaultPlan,
  describeAction,
  FINAL_AFTER_LAST_HEAL_MS,
  healsAt,
  isFault,
  partitionsPlan,
  planNamed,
  RESTART_ALLOWANCE_MS,
  rollingDeployPlan,
  Step,
} from '../../../scripts/chaos/schedule';

const faultsOf = (plan: ChaosPlan): Step[] => plan.lanes[1]!;
const killsOf = (plan: ChaosPlan): Step[] => plan.lanes[0]!;

/** [start, end] of each fault the default plan's fault lane causes, in ms after the drive started. */
function faultSpans(plan: ChaosPlan): Array<[string, number, number]> {
  const spans: Array<[string, number, number]> = [];
  let railFault: { kind: string; from: number } | undefined;
  for (const { atMs, action } of faultsOf(plan)) {
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
  leadInMs: fc.integer({ min: 0, max: 30_000 }),
  killEveryMs: fc.integer({ min: 1_000, max: 30_000 }),
  railFaultMs: fc.integer({ min: 1_000, max: 60_000 }),
  outageMs: fc.integer({ min: 0, max: 30_000 }),
  gapMs: fc.integer({ min: 0, max: 30_000 }),
});

describe('the default chaos plan', () => {
  it('causes each fault once, in order: rail down, PostgreSQL restart, rail answers lost, Temporal restart', () => {
    const plan = defaultPlan();
    expect(faultsOf(plan).map((step) => step.action.kind)).toEqual([
      'rail-down',
      'rail-healthy',
      'restart-database',
      'rail-loses-answers',
      'rail-healthy',
      'restart-temporal',
    ]);
    expect(faultsOf(plan).find((step) => step.action.kind === 'rail-down')).toEqual({
      atMs: 12_000,
      action: { kind: 'rail-down' },
    });
  });

  it('ends every fault, restarts included, before the window closes, one after another, for any settings', () => {
    fc.assert(
      fc.property(settings, (given) => {
        const plan = defaultPlan(given);
        const spans = faultSpans(plan);
        spans.forEach(([, from, to], index) => {
          expect(from).toBeLessThanOrEqual(to);
          if (index > 0) expect(from).toBeGreaterThanOrEqual(spans[index - 1]![2]);
        });
        expect(spans[0]![1]).toBe(given.leadInMs);
        expect(spans.at(-1)![2]).toBeLessThanOrEqual(plan.faultsEndMs);
        expect(plan.windowMs).toBe(plan.faultsEndMs);
      }),
    );
  });

  it('knows its rail fault windows: exactly the spans from each rail fault to the rail healthy again', () => {
    fc.assert(
      fc.property(settings, (given) => {
        const plan = defaultPlan(given);
        const railSpans = faultSpans(plan).filter(([kind]) => kind.startsWith('rail'));
        expect(plan.railFaultWindows).toEqual(railSpans.map(([, fromMs, toMs]) => ({ fromMs, toMs })));
      }),
    );
  });

  it('kills the workers in turn, every killEveryMs, only while the faults run', () => {
    fc.assert(
      fc.property(settings, (given) => {
        const plan = defaultPlan(given);
        killsOf(plan).forEach(({ atMs, action }, index) => {
          expect(atMs).toBe((index + 1) * given.killEveryMs);
          expect(atMs).toBeLessThan(plan.faultsEndMs);
          expect(action).toEqual({ kind: 'kill-worker', slot: index % given.workers });
        });
        expect(killsOf(plan).length).toBe(Math.ceil(plan.faultsEndMs / given.killEveryMs) - 1);
      }),
    );
  });

  it('with the defaults, kills about every eight seconds for a minute and a half, and spreads 60 flows over it', () => {
    const plan = defaultPlan(DEFAULT_PLAN_SETTINGS);
    expect(plan.faultsEndMs).toBe(96_000);
    expect(killsOf(plan)).toHaveLength(11);
    expect(plan.drive).toEqual({ kind: 'spread', flows: 60, concurrency: 10 });
    expect(plan.pass).toEqual({
      noFailedRequests: false,
      callbacksDelivered: false,
      finalWithinMsOfLastHeal: null,
      bothBundlesServed: false,
    });
  });
});

describe('payouts timed to meet every rail fault (issue 19)', () => {
  // One after another, as a plan has them.
  const windows = fc
    .array(
      fc.record({ gapMs: fc.integer({ min: 0, max: 60_000 }), lastsMs: fc.integer({ min: 1_000, max: 60_000 }) }),
      { minLength: 1, maxLength: 4 },
    )
    .map((spans) => {
      let at = 0;
      return spans.map(({ gapMs, lastsMs }) => {
        const fromMs = at + gapMs;
        at = fromMs + lastsMs;
        return { fromMs, toMs: at };
      });
    });

  it('has flows due at least the lead before a window decide inside it, each flow once', () => {
    fc.assert(
      fc.property(
        windows,
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 100, max: 10_000 }),
        (given, flows, spacingMs) => {
          const decisions = decisionsInRailFaults(given, flows, spacingMs);
          for (const [index, atMs] of decisions) {
            expect(index).toBeGreaterThanOrEqual(0);
            expect(index).toBeLessThan(flows);
            const window = given.find(({ fromMs, toMs }) => atMs >= fromMs && atMs <= toMs);
            expect(window).toBeDefined();
            expect(index * spacingMs).toBeLessThanOrEqual(window!.fromMs - 5_000);
          }
        },
      ),
    );
  });

  it('gives each window of the default plan, full and short, several decisions early inside it', () => {
    for (const plan of [planNamed('default', false), planNamed('default', true)]) {
      const { drive } = plan;
      if (drive.kind !== 'spread') throw new Error('the default plan spreads its flows');
      const decisions = [
        ...decisionsInRailFaults(plan.railFaultWindows, drive.flows, plan.faultsEndMs / drive.flows).values(),
      ];
      for (const { fromMs, toMs } of plan.railFaultWindows) {
        const inside = decisions.filter((atMs) => atMs >= fromMs && atMs <= toMs);
        expect(inside.length).toBeGreaterThanOrEqual(3);
        // A decision may wait 10 s for a killed worker's sticky queue: its payout still falls inside.
        expect(Math.max(...inside) + 10_000).toBeLessThan(toMs);
      }
    }
  });
});

describe('the rolling-deploy plan', () => {
  it('replaces every API replica, then every worker, one at a time, round after round; the last round deploys the changed workflow code', () => {
    const plan = rollingDeployPlan({ apis: 2, workers: 2, rounds: 2, pauseMs: 5_000 }, 10);
    expect(plan.lanes).toHaveLength(1);
    expect(plan.lanes[0]!.map((step) => describeAction(step.action))).toEqual([
      'replace API replica 1 (SIGTERM, drain, start)',
      'replace API replica 2 (SIGTERM, drain, start)',
      'replace worker 1 (SIGTERM, drain, start; deployed workflow code)',
      'replace worker 2 (SIGTERM, drain, start; deployed workflow code)',
      'replace API replica 1 (SIGTERM, drain, start)',
      'replace API replica 2 (SIGTERM, drain, start)',
      'replace worker 1 (SIGTERM, drain, start; patched workflow code)',
      'replace worker 2 (SIGTERM, drain, start; patched workflow code)',
    ]);
    expect(plan.lanes[0]!.map((step) => step.atMs)).toEqual([5, 10, 15, 20, 25, 30, 35, 40].map((s) => s * 1000));
    expect(plan).toMatchObject({ windowMs: null, drive: { kind: 'continuous', concurrency: 10 } });
    expect(plan.pass).toEqual({
      noFailedRequests: true,
      callbacksDelivered: true,
      finalWithinMsOfLastHeal: null,
      bothBundlesServed: true,
    });
  });

  it('in its short version, one round, which changes the workflow code', () => {
    const steps = planNamed('rolling-deploy', true).lanes.flat();
    expect(steps.map((step) => step.action.kind)).toEqual(['roll-api', 'roll-api', 'roll-worker', 'roll-worker']);
    expect(
      steps
        .filter((step) => step.action.kind === 'roll-worker')
        .map((step) => (step.action as { bundle: string }).bundle),
    ).toEqual(['patched', 'patched']);
  });
});

describe('the partitions plan', () => {
  it('cuts each path for its time, heals it, and waits before the next; PostgreSQL from everything last', () => {
    const plan = planNamed('partitions', false);
    const steps = plan.lanes[0]!;
    expect(steps.map((step) => describeAction(step.action))).toEqual(
      CUTS.flatMap((cut) => [`cut ${cut} (links down, silently)`, `heal ${cut}`]),
    );
    for (let i = 0; i < steps.length; i += 2) {
      const [cut, heal] = [steps[i]!, steps[i + 1]!];
      const lasts = cut.action.kind === 'cut' && cut.action.cut === 'postgres↔everything' ? 30_000 : 60_000;
      expect(heal.atMs - cut.atMs).toBe(lasts);
      if (i > 0) expect(cut.atMs - steps[i - 1]!.atMs).toBe(20_000);
    }
    expect(plan.faultsEndMs).toBe(steps.at(-1)!.atMs);
    expect(plan.pass).toEqual({
      noFailedRequests: false,
      callbacksDelivered: true,
      finalWithinMsOfLastHeal: FINAL_AFTER_LAST_HEAL_MS,
      bothBundlesServed: false,
    });
  });

  it('in its short version, one cut', () => {
    const steps = planNamed('partitions', true).lanes.flat();
    expect(steps.map((step) => step.action.kind)).toEqual(['cut', 'heal']);
  });

  it('without a PostgreSQL cut when told so', () => {
    const plan = partitionsPlan({ cuts: ['worker↔rails'], cutMs: 1_000, databaseCutMs: 0, gapMs: 500 }, 4);
    expect(plan.lanes[0]).toEqual([
      { atMs: 500, action: { kind: 'cut', cut: 'worker↔rails' } },
      { atMs: 1_500, action: { kind: 'heal', cut: 'worker↔rails' } },
    ]);
    expect(plan.faultsEndMs).toBe(1_500);
  });
});

describe('what the timeline makes of the steps', () => {
  it('counts breaking steps as faults, not the heals', () => {
    expect(isFault({ kind: 'cut', cut: 'api↔postgres' })).toBe(true);
    expect(isFault({ kind: 'roll-api', slot: 0 })).toBe(true);
    expect(isFault({ kind: 'heal', cut: 'api↔postgres' })).toBe(false);
    expect(isFault({ kind: 'rail-healthy' })).toBe(false);
  });

  it('heals at once, or once the replacement or restart is back', () => {
    expect(healsAt({ kind: 'heal', cut: 'worker↔rails' }, 10_000, 30)).toBe(10_000);
    expect(healsAt({ kind: 'rail-healthy' }, 10_000, 30)).toBe(10_000);
    expect(healsAt({ kind: 'restart-database', outageMs: 5_000 }, 10_000, 7_000)).toBe(17_000);
    expect(healsAt({ kind: 'roll-worker', slot: 0, bundle: 'patched' }, 10_000, 9_000)).toBe(19_000);
    expect(healsAt({ kind: 'rail-down' }, 10_000, 30)).toBeNull();
    expect(healsAt({ kind: 'cut', cut: 'worker↔rails' }, 10_000, 30)).toBeNull();
  });

  it('describes each action for the timeline', () => {
    expect(describeAction({ kind: 'kill-worker', slot: 1 })).toBe('SIGKILL worker 2, start a new one');
    expect(describeAction({ kind: 'restart-temporal', outageMs: 5_000 })).toBe(
      'restart the Temporal server (5 s stopped)',
    );
    expect(describeAction({ kind: 'cut', cut: 'worker↔temporal' })).toBe('cut worker↔temporal (links down, silently)');
  });
});
