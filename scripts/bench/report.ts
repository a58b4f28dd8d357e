import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import type { RunResult } from './driver';
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
  ceiling: MeasuredRun;
  /** engine flows/s ÷ ceiling flows/s. */
  ratio: number;
}

const PHASES = [
  ['previewAck', 'preview ack'],
  ['payAck', 'pay ack'],
  ['decisionToCompleted', 'decision → COMPLETED callback'],
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
const row = (label: string, engine: string, ceiling: string) => `${label.padEnd(32)}${engine.padEnd(28)}${ceiling}`;

/** The human-readable table for stdout. */
export function formatReport(report: BenchReport): string {
  const { engine, ceiling, machine: m } = report;
  const load = `load ${m.loadBefore.toFixed(2)} → ${m.loadAfter?.toFixed(2) ?? '?'}`;
  return [
    `npm run bench: ${report.flows} flows, concurrency ${report.concurrency}`,
    `${m.cores} × ${m.cpu}, ${m.memoryGiB} GiB, Node ${m.node}, ${load}; PostgreSQL ${report.infrastructure.database}, Temporal ${report.infrastructure.temporal}`,
    '',
    row('', 'engine (HTTP, real work)', 'ceiling (no-op workflow)'),
    row('latency, ms', '     p50     p95     p99', '     p50     p95     p99'),
    ...PHASES.map(([key, label]) => row(label, percentiles(engine[key]), percentiles(ceiling[key]))),
    '',
    row('flows/s', engine.flowsPerSecond.toFixed(1), ceiling.flowsPerSecond.toFixed(1)),
    row('completed', `${engine.completed}/${engine.flows} in ${(engine.wallMs / 1000).toFixed(1)} s`, `${ceiling.completed}/${ceiling.flows} in ${(ceiling.wallMs / 1000).toFixed(1)} s`),
    '',
    `CPU, share of ${m.cores} cores`,
    ...CPU_ROWS.map(([key, label]) => row(`  ${label}`, cpu(engine, key, m.cores), cpu(ceiling, key, m.cores))),
    '',
    `ratio (engine ÷ ceiling flows/s): ${report.ratio.toFixed(2)}`,
    ...[...engine.firstFailures.map((f) => `engine ${f}`), ...ceiling.firstFailures.map((f) => `ceiling ${f}`)],
    '',
  ].join('\n');
}
