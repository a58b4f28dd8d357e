import type { RunResult } from '../shared/driver';
import { PERCENTILE_HEADS, PHASES, percentiles } from '../shared/latency';
import { describeMachine, Machine } from '../shared/machine';
import type { SqlPerFlow } from './database-counters';
import type { MeanFootprint } from './footprint';
import type { BenchPids, CpuMsPerFlowByProcess, CpuSeconds } from './process-usage';
import { describeVerdict, FlowVerdicts, TARGETS } from './targets';

/** A run with the CPU each process used over it. */
export interface MeasuredRun extends RunResult {
  cpuSeconds: CpuSeconds;
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
  /** engine pay ack p99 ÷ bare update p99. */
  payAckP99ToBare: number;
  /**
   * CPU milliseconds per flow of the run's processes together (null when one is not measured:
   * an external Temporal or database), and bare ÷ engine: where both runs keep the machine's
   * cores busy, flows/s is CPU ÷ CPU per flow, and ratioToBare comes out near it.
   */
  cpuMsPerFlow: { engine: number | null; bare: number | null; bareToEngine: number | null };
  cpuMsPerFlowByProcess: CpuMsPerFlowByProcess;
  /**
   * Each process's CPU milliseconds a second with no flow running, measured before the engine
   * run: part of every run's figures, the more so the fewer flows a second it completes.
   */
  idleCpuMsPerSecond: Record<keyof BenchPids | 'driver', number | null>;
  /** The engine run's SQL in the service's database; null when its counters could not be read (DATABASE_URL elsewhere). */
  sqlPerFlow: SqlPerFlow | null;
  /** Per happy-path engine flow, read from the histories of the measured flows. */
  footprint: MeanFootprint;
  /** The same for the bare run. */
  bareFootprint: MeanFootprint;
  /** Issue #22's targets against this run's figures. */
  targets: FlowVerdicts;
  /** Where the API's and the worker's CPU profiles went (--profile). */
  profileDir: string | null;
}

const FOOTPRINT_ROWS = [
  ['workflowTasks', 'workflow tasks'],
  ['activityTasks', 'activity tasks'],
  ['localActivities', 'local activities'],
  ['childWorkflows', 'child workflows'],
] as const;

/** The most called statements the table shows; the JSON has more. */
const TOP_SHOWN = 10;
const ms = (value: number | null | undefined) => (value === null || value === undefined ? '-' : value.toFixed(1));
const cells = (label: string, engine: string, bare: string, target = '') =>
  `${label.padEnd(32)}${engine.padStart(10)}${bare.padStart(10)}${target ? `   ${target}` : ''}`.trimEnd();
const columns = (label: string, engine: string, bare: string) => `${label.padEnd(32)}${engine.padEnd(34)}${bare}`;

/** The human-readable table for stdout. */
export function formatReport(report: BenchReport): string {
  const { engine, bare, machine: m, targets } = report;
  return [
    `npm run bench: ${report.flows} flows, concurrency ${report.concurrency}`,
    `${describeMachine(m)}; PostgreSQL ${report.infrastructure.database}, Temporal ${report.infrastructure.temporal}`,
    '',
    columns('', 'engine (HTTP, real work)', 'bare (start, update, activity)'),
    columns('latency, ms', PERCENTILE_HEADS, PERCENTILE_HEADS),
    ...PHASES.map(([key, label]) => columns(label, percentiles(engine[key]), percentiles(bare[key]))),
    `targets: pay ack p50 ${describeVerdict(targets.payAckP50Ms, ' ms')}, decision → COMPLETED p50 ${describeVerdict(targets.decisionToCompletedP50Ms, ' ms')}`,
    '',
    columns('flows/s', engine.flowsPerSecond.toFixed(1), bare.flowsPerSecond.toFixed(1)),
    columns(
      'completed',
      `${engine.completed}/${engine.flows} in ${(engine.wallMs / 1000).toFixed(1)} s`,
      `${bare.completed}/${bare.flows} in ${(bare.wallMs / 1000).toFixed(1)} s`,
    ),
    '',
    ...cpuRows(report),
    '',
    ...sqlRows(report.sqlPerFlow, targets),
    '',
    `ratio to bare (engine ÷ bare flows/s): ${report.ratioToBare.toFixed(2)}`,
    `pay ack p99 ÷ bare update p99: ${report.payAckP99ToBare.toFixed(2)}`,
    ...(report.profileDir ? [`CPU profiles of the API and the worker: ${report.profileDir}`] : []),
    ...[...engine.firstFailures.map((f) => `engine ${f}`), ...bare.firstFailures.map((f) => `bare ${f}`)],
    '',
  ].join('\n');
}

function cpuRows(report: BenchReport): string[] {
  const { engine, bare } = report.cpuMsPerFlowByProcess;
  const { targets } = report;
  const ratio = targets.temporalToBare.value;
  const inPostgres = (run: MeasuredRun) => ms((run.cpuSeconds.temporalPostgresBackends * 1000) / run.completed);
  return [
    cells(`CPU per completed flow, ms`, 'engine', 'bare', 'target (issue #22)'),
    cells('  API', ms(engine.api), ''),
    cells('  worker', ms(engine.worker), ms(bare.worker)),
    cells('  API + worker', ms(targets.apiAndWorkerMs.value), '', describeVerdict(targets.apiAndWorkerMs, ' ms')),
    cells(
      '  Temporal',
      ms(engine.temporal),
      ms(bare.temporal),
      `${describeVerdict(targets.temporalToBare, ' × bare')}${ratio === null ? '' : ` (${ratio.toFixed(2)} ×)`}`,
    ),
    ...(report.infrastructure.temporal === 'postgres'
      ? [cells('    of it, its PostgreSQL backends', inPostgres(report.engine), inPostgres(report.bare))]
      : []),
    `    per flow, from its history (mean of ${report.footprint.flows} and ${report.bareFootprint.flows}):`,
    ...FOOTPRINT_ROWS.map(([key, label]) =>
      cells(`      ${label}`, String(report.footprint[key]), String(report.bareFootprint[key])),
    ),
    ...(['p50', 'p99'] as const).map((p) =>
      cells(`      task dispatch ${p}, ms`, ms(report.footprint.dispatchMs[p]), ms(report.bareFootprint.dispatchMs[p])),
    ),
    cells('  PostgreSQL (service database)', ms(engine.postgres), '', describeVerdict(targets.postgresMs, ' ms')),
    cells('  rails simulator', ms(engine.rails), ''),
    cells('  driver (this process)', ms(engine.driver), ms(bare.driver)),
    cells('  all', ms(report.cpuMsPerFlow.engine), ms(report.cpuMsPerFlow.bare)),
    `idle, CPU ms a second without flows: ${IDLE_ROWS.map(([key, label]) => `${label} ${ms(report.idleCpuMsPerSecond[key])}`).join(', ')}`,
  ];
}

const IDLE_ROWS = [
  ['api', 'API'],
  ['worker', 'worker'],
  ['bareWorker', 'bare worker'],
  ['temporal', 'Temporal'],
  ['postgres', 'PostgreSQL'],
  ['rails', 'rails'],
  ['driver', 'driver'],
] as const;

function sqlRows(sql: SqlPerFlow | null, targets: FlowVerdicts): string[] {
  if (sql === null) return ["SQL per flow: not measured (the database is not the bench's own)"];
  const kinds = sql.byKind
    ? `    ${Object.entries(sql.byKind)
        .filter(([kind]) => kind !== 'transactionControl' && kind !== 'trigger')
        .map(([kind, calls]) => `${kind} ${calls.toFixed(1)}`)
        .join(', ')}`
    : '    (pg_stat_statements is not loaded: statements not counted)';
  return [
    `SQL per flow in the service's database (statements: ${sql.source.statements ?? 'not counted'}; transactions: ${sql.source.transactions})`,
    cells('  statements', ms(sql.statements), '', describeVerdict(targets.statements)),
    kinds,
    cells('  BEGIN, COMMIT, ROLLBACK…', ms(sql.transactionControl), ''),
    cells("  triggers' own (at COMMIT)", ms(sql.byKind?.trigger), ''),
    cells('  transactions', ms(sql.transactions), ''),
    ...(sql.top.length
      ? [
          '  most called, per flow:',
          ...sql.top
            .slice(0, TOP_SHOWN)
            .map((statement) => `  ${statement.calls.toFixed(2).padStart(6)}  ${statement.query}`),
        ]
      : []),
  ];
}

/** The limits, for the usage text. */
export const TARGETS_TEXT = `API + worker CPU ≤ ${TARGETS.apiAndWorkerMs} ms a flow, Temporal's ≤ ${TARGETS.temporalToBare} × the bare flow's, PostgreSQL ≤ ${TARGETS.postgresMs} ms and ≤ ${TARGETS.statements} statements, and at concurrency 1 pay ack p50 ≤ ${TARGETS.payAckP50Ms} ms and decision → COMPLETED p50 ≤ ${TARGETS.decisionToCompletedP50Ms} ms`;
