import type { RunResult } from '../shared/driver';
import { PERCENTILE_HEADS, PHASES, percentiles } from '../shared/latency';
import { describeMachine, Machine } from '../shared/machine';
import type { MeanFootprint } from './footprint';

/** A run with the CPU its servers used meanwhile. */
export interface MeasuredRun extends RunResult {
  /** Each server's CPU time over the run ÷ (wall time × cores); null when the bench did not start it. */
  cpuShare: { temporalServer: number | null; postgres: number | null; bench: number | null };
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
  /**
   * CPU milliseconds per flow of every measured process together (null when one is not
   * measured: an external Temporal or database), and bare ÷ engine: where both runs keep the
   * machine's cores busy, flows/s is CPU ÷ CPU per flow, and ratioToBare comes out near it.
   */
  cpuMsPerFlow: { engine: number | null; bare: number | null; bareToEngine: number | null };
  /** Per happy-path engine flow, read from the histories of the measured flows. */
  footprint: MeanFootprint;
  /** The same for the bare run. */
  bareFootprint: MeanFootprint;
}

const FOOTPRINT_ROWS = [
  ['workflowTasks', 'workflow tasks'],
  ['activityTasks', 'activity tasks'],
  ['localActivities', 'local activities'],
  ['childWorkflows', 'child workflows'],
] as const;

const CPU_ROWS = [
  ['temporalServer', 'Temporal server'],
  ['postgres', 'PostgreSQL'],
  ['bench', 'this process (service + load)'],
] as const;

/** The CPU time per completed flow a share stands for: the figure a busy machine does not skew. */
const msPerFlow = (run: MeasuredRun, share: number, cores: number) => (share * cores * run.wallMs) / run.completed;

const cpu = (run: MeasuredRun, key: keyof MeasuredRun['cpuShare'], cores: number) => {
  const share = run.cpuShare[key];
  if (share === null) return '-';
  return `${(share * 100).toFixed(0)} % (${msPerFlow(run, share, cores).toFixed(0)} ms/flow)`;
};

/** Every measured process's CPU per flow, added up; null when one of them was not measured. */
export function totalCpuMsPerFlow(run: MeasuredRun, cores: number): number | null {
  const shares = Object.values(run.cpuShare);
  if (shares.some((share) => share === null)) return null;
  return shares.reduce<number>((sum, share) => sum + msPerFlow(run, share!, cores), 0);
}
const row = (label: string, engine: string, bare: string) => `${label.padEnd(32)}${engine.padEnd(34)}${bare}`;

/** The human-readable table for stdout. */
export function formatReport(report: BenchReport): string {
  const { engine, bare, machine: m } = report;
  return [
    `npm run bench: ${report.flows} flows, concurrency ${report.concurrency}`,
    `${describeMachine(m)}; PostgreSQL ${report.infrastructure.database}, Temporal ${report.infrastructure.temporal}`,
    '',
    row('', 'engine (HTTP, real work)', 'bare (start, update, activity)'),
    row('latency, ms', PERCENTILE_HEADS, PERCENTILE_HEADS),
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
    cpuLine(report.cpuMsPerFlow),
    ...[...engine.firstFailures.map((f) => `engine ${f}`), ...bare.firstFailures.map((f) => `bare ${f}`)],
    '',
  ].join('\n');
}

function cpuLine({ engine, bare, bareToEngine }: BenchReport['cpuMsPerFlow']): string {
  if (engine === null || bare === null || bareToEngine === null) return 'CPU per flow, all processes: not measured (external Temporal or database)';
  return `CPU per flow, all processes: engine ${engine.toFixed(0)} ms, bare ${bare.toFixed(0)} ms; bare ÷ engine ${bareToEngine.toFixed(2)}, near which ratioToBare lands when the runs keep the cores busy`;
}
