import type { RunResult } from '../shared/driver';
import { PERCENTILE_HEADS, PHASES, percentiles } from '../shared/latency';
import { describeMachine, Machine } from '../shared/machine';

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

const CPU_ROWS = [
  ['temporalServer', 'Temporal server'],
  ['postgres', 'PostgreSQL'],
] as const;

/** The share, and the CPU time per completed flow it stands for: the figure a busy machine does not skew. */
const cpu = (run: MeasuredRun, key: keyof MeasuredRun['cpuShare'], cores: number) => {
  const share = run.cpuShare[key];
  if (share === null) return '-';
  const perFlowMs = (share * cores * run.wallMs) / run.completed;
  return `${(share * 100).toFixed(0)} % (${perFlowMs.toFixed(0)} ms/flow)`;
};
const row = (label: string, engine: string, ceiling: string) => `${label.padEnd(32)}${engine.padEnd(34)}${ceiling}`;

/** The human-readable table for stdout. */
export function formatReport(report: BenchReport): string {
  const { engine, ceiling, machine: m } = report;
  return [
    `npm run bench: ${report.flows} flows, concurrency ${report.concurrency}`,
    `${describeMachine(m)}; PostgreSQL ${report.infrastructure.database}, Temporal ${report.infrastructure.temporal}`,
    '',
    row('', 'engine (HTTP, real work)', 'ceiling (no-op workflow)'),
    row('latency, ms', PERCENTILE_HEADS, PERCENTILE_HEADS),
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
