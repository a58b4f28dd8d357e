import { randomUUID } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import { TEMPORAL_BACKENDS, TemporalBackend } from '../src/config/env';
import { REPORT_FORMAT_NAMES, ReportFormatName } from '../src/reports/report-formats';
import { BenchParts } from './bench/base-stack';
import { benchConciliation, formatConciliationReport } from './bench/conciliation-run';
import { ceilingFlow } from './bench/flows';
import { BenchReport, formatReport, MeasuredRun } from './bench/report';
import { BenchStack, startBenchStack } from './bench/stack';
import { FlowOptions, MoreOptions, parseFlowOptions, UsageError, wholeNumber } from './shared/command-line';
import { Flow, runFlows } from './shared/driver';
import { interruption } from './shared/interruption';
import { machine } from './shared/machine';
import { measureCpu } from './shared/process-cpu';
import { qrFlow } from './shared/qr-flow';

const USAGE = `usage: npm run bench -- [--flows N] [--concurrency C] [--temporal-backend dev|postgres] [--json]
       npm run bench -- --report M [--format csv|txt] [--json]

Drives N complete QR flows (preview → preview callback → pay → COMPLETED callback) over HTTP,
at most C at a time, then N flows of a no-op workflow of the same shape straight through
Temporal (the engine's ceiling), and prints both with their ratio and the CPU share of the
Temporal server and PostgreSQL. Starts and removes its own PostgreSQL and Temporal unless
DATABASE_URL / TEMPORAL_ADDRESS are set: the Temporal CLI's dev server (SQLite, the default),
or with --temporal-backend postgres the Temporal server persisted in that PostgreSQL.

With --report: generates M payments and refunds of one client in PostgreSQL, streams that
client's reconciliation file for their month over HTTP, and prints rows/s and the process's
RSS before and during the stream (the movements stay in a database given by DATABASE_URL).`;

const say = (message: string) => process.stderr.write(`[bench] ${message}\n`);

// JIT, connection pools and the workflow cache warm up on these; they are not measured.
const WARM_UP_FLOWS = 20;
const FLOW_TIMEOUT_MS = 60_000;
const RUN_TIMEOUT_MS = 5 * 60_000;
// Generation takes about a minute per million movements on a 2-core machine: ten million is still a run, not a day.
const MAX_REPORT_MOVEMENTS = 10_000_000;

interface Options extends FlowOptions {
  temporalBackend: TemporalBackend;
  /** Movements to generate for the reconciliation-file run; undefined runs the flows. */
  report?: number;
  format: ReportFormatName;
}

const benchOptions: MoreOptions<Options> = (arg, next, options) => {
  if (arg === '--temporal-backend') {
    const value = next();
    if (!TEMPORAL_BACKENDS.includes(value as TemporalBackend)) throw new UsageError(`--temporal-backend needs one of ${TEMPORAL_BACKENDS.join(', ')}`);
    options.temporalBackend = value as TemporalBackend;
  } else if (arg === '--report') options.report = wholeNumber(arg, next(), MAX_REPORT_MOVEMENTS);
  else if (arg === '--format') {
    const format = next();
    if (!REPORT_FORMAT_NAMES.includes(format as ReportFormatName)) throw new UsageError(`--format needs one of ${REPORT_FORMAT_NAMES.join(', ')}`);
    options.format = format as ReportFormatName;
  } else return false;
  return true;
};

async function measure(label: string, flow: Flow, flows: number, concurrency: number, pids: BenchStack['pids']): Promise<MeasuredRun> {
  say(`${label}: ${flows} flows, ${concurrency} at a time…`);
  const cpu = measureCpu(pids, availableParallelism());
  const result = await runFlows(flow, { label, flows, concurrency, flowTimeoutMs: FLOW_TIMEOUT_MS, runTimeoutMs: RUN_TIMEOUT_MS, say });
  const cpuShare = cpu();
  say(`${label}: ${result.completed}/${flows} completed in ${(result.wallMs / 1000).toFixed(1)} s`);
  if (result.completed === 0) throw new Error(`${label}: no flow completed; first failures:\n  ${result.firstFailures.join('\n  ')}`);
  return { ...result, cpuShare };
}

async function bench(options: Options, stack: BenchStack): Promise<BenchReport> {
  const host = machine();
  // Unique per invocation: an external Temporal or database may hold an earlier run's ids.
  const run = randomUUID().slice(0, 8);
  const warmUp = Math.min(WARM_UP_FLOWS, options.flows);
  await measure('engine warm-up', qrFlow({ ...stack.engine, runId: `bench-${run}-warm` }), warmUp, options.concurrency, stack.pids);
  await measure('ceiling warm-up', ceilingFlow({ ...stack.ceiling, runId: `${run}-warm` }), warmUp, options.concurrency, stack.pids);

  const engine = await measure('engine', qrFlow({ ...stack.engine, runId: `bench-${run}-engine` }), options.flows, options.concurrency, stack.pids);
  const ceiling = await measure('ceiling', ceilingFlow({ ...stack.ceiling, runId: `${run}-ceiling` }), options.flows, options.concurrency, stack.pids);
  return {
    flows: options.flows,
    concurrency: options.concurrency,
    machine: { ...host, loadAfter: loadavg()[0]! },
    infrastructure: stack.infrastructure,
    engine,
    ceiling,
    ratio: engine.flowsPerSecond / ceiling.flowsPerSecond,
  };
}

async function main(): Promise<number> {
  const defaults: Options = { flows: 200, concurrency: 20, temporalBackend: 'dev', json: false, format: 'csv' };
  const options = parseFlowOptions(process.argv.slice(2), defaults, USAGE, benchOptions);
  if (typeof options === 'number') return options;

  // Listening before the start-up, so Ctrl-C during it still ends in the clean-up below.
  const interrupted = interruption();
  if (options.report !== undefined) return conciliation(options.report, options, interrupted);
  const stack = await startBenchStack(say, options.temporalBackend);
  try {
    const outcome = await Promise.race([bench(options, stack), interrupted]);
    if (typeof outcome === 'number') {
      say('interrupted');
      return outcome;
    }
    process.stdout.write(options.json ? `${JSON.stringify(outcome, null, 2)}\n` : formatReport(outcome));
    return outcome.engine.failures + outcome.ceiling.failures > 0 ? 1 : 0;
  } finally {
    say('cleaning up…');
    await stack.close();
  }
}

async function conciliation(movements: number, options: Options, interrupted: Promise<number>): Promise<number> {
  const parts = new BenchParts(say);
  try {
    const outcome = await Promise.race([benchConciliation(parts, movements, options.format), interrupted]);
    if (typeof outcome === 'number') {
      say('interrupted');
      return outcome;
    }
    process.stdout.write(options.json ? `${JSON.stringify(outcome, null, 2)}\n` : formatConciliationReport(outcome));
    return 0;
  } finally {
    say('cleaning up…');
    await parts.stopAll();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    say(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
