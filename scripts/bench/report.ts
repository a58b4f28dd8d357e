import type { RunResult } from '../shared/driver';
import { PERCENTILE_HEADS, PHASES, percentiles } from '../shared/latency';
import { describeMachine, Machine } from '../shared/machine';

export interface BenchReport {
  flows: number;
  concurrency: number;
  machine: Machine;
  infrastructure: { database: string; temporal: string };
  engine: RunResult;
  ceiling: RunResult;
  /** engine flows/s ÷ ceiling flows/s. */
  ratio: number;
}

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
    `ratio (engine ÷ ceiling flows/s): ${report.ratio.toFixed(2)}`,
    ...[...engine.firstFailures.map((f) => `engine ${f}`), ...ceiling.firstFailures.map((f) => `ceiling ${f}`)],
    '',
  ].join('\n');
}
