import { describeMachine, Machine } from '../../shared/machine';
import type { Summary } from '../../shared/stats';
import type { RuleResult } from '../audit';
import type { TaskTimes } from '../histories';
import type { ChaosReport } from '../report';
import type { TopologyDescription } from '../topology';
import type { SteadyFlow } from './clients';
import type { Criterion, NoisyFigures, Phases } from './criteria';
import type { Protection } from './plan';

/** One reading of the orders' task queue, ms after the drive started: each queue's oldest task and its tasks waiting. */
export interface BacklogSample {
  atMs: number;
  workflow: { ageMs: number; count: number };
  activity: { ageMs: number; count: number };
}

/** One run of the plan, protected or not, as `--json` reports it. */
export interface NoisyRun {
  protection: Protection;
  topology: TopologyDescription;
  /** What the API replicas and workers ran with beyond the chaos topology's settings. */
  serviceEnv: NodeJS.ProcessEnv;
  /** Whether the Temporal server ran with matching.enableFairness. */
  fairness: boolean;
  phases: Phases;
  calibration: {
    concurrency: number;
    previewCallbacks: number;
    capacityPerSecond: number;
    refused: Record<string, number>;
    failures: number;
  };
  figures: NoisyFigures;
  /** The oldest task waiting in the orders' task queue, sampled every second from Temporal (what admission reads). */
  backlogAgeMs: { baseline: Summary; overload: Summary };
  /** Every reading, each queue apart, for a graph. */
  backlogSamples: BacklogSample[];
  /** Each flow of the steady client, when it started and what it took. */
  steadyFlows: SteadyFlow[];
  /** Where the steady client's orders spent their time, per phase: in Temporal's queues, or in a worker's hands (each order's sum). */
  steadyTaskTimes: Record<'baseline' | 'overload', Record<keyof TaskTimes, Summary>>;
  /** This process's event-loop delay during the overload: large values would mean the driver, not the service, was late. */
  driverLoopDelayMs: { p99: number; max: number };
  settle: { ms: number; complete: boolean };
  counts: ChaosReport['counts'];
  audit: RuleResult[];
  criteria: Criterion[];
  passed: boolean;
}

export interface NoisyNeighbourReport {
  plan: 'noisy-neighbour';
  short: boolean;
  machine: Machine;
  runs: Partial<Record<Protection, NoisyRun>>;
  /** Runs that could not be carried out, and why. */
  failed: Partial<Record<Protection, string>>;
  /** The protected run's criteria that failed (0 without a protected run): what the exit code says. */
  violations: number;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const ms = (value: number | null) => (value === null || !Number.isFinite(value) ? '-' : `${Math.round(value)}`);
const figure = (criterion: Criterion | undefined) =>
  criterion
    ? `${criterion.value === null ? '-' : criterion.value} / ${criterion.limit} ${criterion.unit} ${criterion.pass ? 'ok' : 'FAIL'}`
    : '';
const tallied = (counts: Record<string, number>) =>
  Object.entries(counts)
    .sort(([, a], [, b]) => b - a)
    .map(([what, n]) => `${n} × ${what}`)
    .join(', ') || 'none';

function runLines(run: NoisyRun): string[] {
  const { figures, phases } = run;
  const { steady, noisy, ordinary } = figures;
  const latency = (summary: Summary) => `p50 ${ms(summary.p50)}, p99 ${ms(summary.p99)} ms (${summary.count})`;
  return [
    `${run.protection} run: ${run.protection === 'protected' ? 'quotas, admission and fairness on (the defaults)' : 'QUOTA_DEFAULTS=off, ADMISSION_MAX_BACKLOG_AGE=0s, matching.enableFairness=false'}`,
    `  calibration ${seconds(phases.calibration.toMs - phases.calibration.fromMs)}, ${run.calibration.concurrency} in flight: ${run.calibration.previewCallbacks} preview callbacks, capacity ${run.calibration.capacityPerSecond.toFixed(1)}/s; refused ${tallied(run.calibration.refused)}`,
    `  baseline ${seconds(phases.baseline.fromMs)}–${seconds(phases.baseline.toMs)}, overload to ${seconds(phases.overload.toMs)}, the end at ${seconds(phases.endMs)}`,
    `  B baseline: ${steady.baseline.flows} flows; preview → callback ${latency(steady.baseline.previewCallbackMs)}; pay → final ${latency(steady.baseline.payFinalMs)}`,
    `  B overload: ${steady.overload.flows} flows; preview → callback ${latency(steady.overload.previewCallbackMs)}; pay → final ${latency(steady.overload.payFinalMs)}; refused ${tallied(steady.refused)}`,
    `  A: ${noisy.sent} previews sent (${noisy.offeredPerSecond.toFixed(1)}/s), ${noisy.acknowledged} acknowledged, ${noisy.paid} paid; refusals ${tallied(noisy.refusals)}; other errors ${tallied(noisy.otherErrors)}`,
    `  A: preview → callback ${latency(noisy.previewCallbackMs)}, ${noisy.callbacksMissing} never came; pay → final ${latency(noisy.payFinalMs)}; longest request ${ms(noisy.longestRequestMs)} ms; ${figures.noisyNotFinalAtEnd} acknowledged orders not final at the end`,
    `  C alone: ${ordinary.baseline.receivedCallbacks}/${ordinary.baseline.expectedCallbacks} callbacks over ${ordinary.baseline.flows} flows; under the overload ${ordinary.overload.receivedCallbacks}/${ordinary.overload.expectedCallbacks} over ${ordinary.overload.flows} flows; refused ${tallied(ordinary.refused)}`,
    ...[...ordinary.baseline.failures, ...ordinary.overload.failures].slice(0, 10).map((failure) => `    ✗ ${failure}`),
    ...(['baseline', 'overload'] as const).map((phase) => {
      const times = run.steadyTaskTimes[phase];
      const pair = (summary: Summary) => `${ms(summary.p50)}/${ms(summary.p99)}`;
      return `  B's orders, ${phase}, ms per order p50/p99: workflow tasks waiting ${pair(times.workflowTaskWaitMs)} (in sticky queues ${pair(times.stickyWaitMs)}), running ${pair(times.workflowTaskRunMs)}; activities waiting ${pair(times.activityWaitMs)}, running ${pair(times.activityRunMs)}`;
    }),
    `  backlog age: baseline ${latency(run.backlogAgeMs.baseline)}, overload ${latency(run.backlogAgeMs.overload)}, max ${ms(run.backlogAgeMs.overload.p99)} ms`,
    `  RSS peaks: API ${figures.rss.api.mib.toFixed(0)} MiB, worker ${figures.rss.worker.mib.toFixed(0)} MiB; the driver's event-loop delay p99 ${run.driverLoopDelayMs.p99.toFixed(0)} ms, max ${run.driverLoopDelayMs.max.toFixed(0)} ms`,
    `  settled ${seconds(run.settle.ms)} after the end${run.settle.complete ? '' : ' (limit reached: audited as it stood)'}; orders ${tallied(run.counts.orders)}`,
    `  audit: ${run.audit.map((rule) => `${rule.rule} ${rule.violations.length ? `${rule.violations.length} VIOLATIONS (${rule.violations.slice(0, 3).join('; ')})` : 'ok'}`).join('; ')}`,
  ];
}

/** The text report: each run's figures, then every criterion with the protected and unprotected figures beside each other. */
export function formatNoisyNeighbourReport(report: NoisyNeighbourReport): string {
  const runs = [report.runs.protected, report.runs.unprotected].filter((run): run is NoisyRun => run !== undefined);
  const [first] = runs;
  const row = (client: string, criterion: string, ...cells: string[]) =>
    `${client.padEnd(8)}${criterion.padEnd(86)}${cells.map((cell) => cell.padEnd(30)).join('')}`;
  return [
    `npm run chaos -- --plan noisy-neighbour${report.short ? ' --short' : ''}`,
    describeMachine(report.machine),
    '',
    ...runs.flatMap((run) => [...runLines(run), '']),
    row('client', 'criterion', ...runs.map((run) => run.protection)),
    ...(first?.criteria ?? []).map((criterion, index) =>
      row(criterion.client, criterion.criterion, ...runs.map((run) => figure(run.criteria[index]))),
    ),
    '',
    ...runs.map(
      (run) =>
        `${run.protection}: ${run.passed ? 'PASSED' : `FAILED (${run.criteria.filter((criterion) => !criterion.pass).length} criteria)`}`,
    ),
    ...Object.entries(report.failed).map(
      ([protection, why]) => `${protection}: could not be carried out: ${why.split('\n')[0]}`,
    ),
    '',
  ].join('\n');
}
