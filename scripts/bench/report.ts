import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import type { RunResult } from './driver';
import type { MeanFootprint } from './footprint';
import type { Summary } from './stats';

export interface Machine {
  cpu: string;
  cores: number;
  memoryGiB: number;
  node: string;
  /** 1-minute load average; well above the core count means someone else was busy too. */
  loadBefore: number;
  loadAfter?: number;
}

export function machine(): Machine {
  return {
    cpu: cpus()[0]?.model.trim() ?? 'unknown',
    cores: availableParallelism(),
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    loadBefore: loadavg()[0]!,
  };
}

/** A run with the CPU its servers used meanwhile. */
export interface MeasuredRun extends RunResult {
  /** Each server's CPU time over the run ÷ (wall time × cores); null when the bench did not start it. */
  cpuShare: { temporalServer: number | null; postgres: number | null };
}

export interface BenchReport {
  flows: number;
  concurrency: number;
  machine: Machine;
  infrastructure: { database: string; temporal: string };
  engine: MeasuredRun;
  bare: MeasuredRun;
  /** engine flows/s ÷ bare flows/s. */
  ratioToBare: number;
  /** engine pay ack p99 ÷ bare update ack p99. */
  payAckP99ToBare: number;
  /** Per happy-path engine flow, read from the histories of the measured flows. */
  footprint: MeanFootprint;
  /** The same for the bare run. */
  bareFootprint: MeanFootprint;
}

const PHASES = [
  ['previewAck', 'preview ack (bare: start)'],
  ['payAck', 'pay ack (bare: update)'],
  ['decisionToCompleted', 'decision → COMPLETED'],
] as const;

const FOOTPRINT_ROWS = [
  ['workflowTasks', 'workflow tasks'],
  ['activityTasks', 'activity tasks'],
  ['localActivities', 'local activities'],
  ['childWorkflows', 'child workflows'],
] as const;

const CPU_ROWS = [
  ['temporalServer', 'Temporal server'],
  ['postgres', 'PostgreSQL'],
] as const;

const ms = (value: number) => (Number.isNaN(value) ? '-' : value.toFixed(1));
/** The share, and the CPU time per completed flow it stands for: the figure a busy machine does not skew. */
const cpu = (run: MeasuredRun, key: keyof MeasuredRun['cpuShare'], cores: number) => {
  const share = run.cpuShare[key];
  if (share === null) return '-';
  const perFlowMs = (share * cores * run.wallMs) / run.completed;
  return `${(share * 100).toFixed(0)} % (${perFlowMs.toFixed(0)} ms/flow)`;
};
const percentiles = (summary: Summary) => [summary.p50, summary.p95, summary.p99].map((value) => ms(value).padStart(8)).join('');
const row = (label: string, engine: string, bare: string) => `${label.padEnd(32)}${engine.padEnd(28)}${bare}`;

/** The human-readable table for stdout. */
export function formatReport(report: BenchReport): string {
  const { engine, bare, machine: m } = report;
  const load = `load ${m.loadBefore.toFixed(2)} → ${m.loadAfter?.toFixed(2) ?? '?'}`;
  return [
    `npm run bench: ${report.flows} flows, concurrency ${report.concurrency}`,
    `${m.cores} × ${m.cpu}, ${m.memoryGiB} GiB, Node ${m.node}, ${load}; PostgreSQL ${report.infrastructure.database}, Temporal ${report.infrastructure.temporal}`,
    '',
    row('', 'engine (HTTP, real work)', 'bare (start, update, activity)'),
    row('latency, ms', '     p50     p95     p99', '     p50     p95     p99'),
    ...PHASES.map(([key, label]) => row(label, percentiles(engine[key]), percentiles(bare[key]))),
    '',
    row('flows/s', engine.flowsPerSecond.toFixed(1), bare.flowsPerSecond.toFixed(1)),
    row('completed', `${engine.completed}/${engine.flows} in ${(engine.wallMs / 1000).toFixed(1)} s`, `${bare.completed}/${bare.flows} in ${(bare.wallMs / 1000).toFixed(1)} s`),
    '',
    `per flow, from its history (mean of ${report.footprint.flows} and ${report.bareFootprint.flows})`,
    ...FOOTPRINT_ROWS.map(([key, label]) => row(`  ${label}`, String(report.footprint[key]), String(report.bareFootprint[key]))),
    '',
    `CPU, share of ${m.cores} cores`,
    ...CPU_ROWS.map(([key, label]) => row(`  ${label}`, cpu(engine, key, m.cores), cpu(bare, key, m.cores))),
    '',
    `ratio to bare (engine ÷ bare flows/s): ${report.ratioToBare.toFixed(2)}`,
    `pay ack p99 ÷ bare update p99: ${report.payAckP99ToBare.toFixed(2)}`,
    ...[...engine.firstFailures.map((f) => `engine ${f}`), ...bare.firstFailures.map((f) => `bare ${f}`)],
    '',
  ].join('\n');
}
