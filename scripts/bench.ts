import { randomUUID } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import { TEMPORAL_BACKENDS, TemporalBackend } from '../src/config/env';
import { bareFlow } from './bench/flows';
import { measureFootprint } from './bench/footprint';
import { formatOpenOrdersReport, OPEN_ORDERS_DEFAULT_EXPIRY_SECONDS, openOrdersStackOptions, runOpenOrders } from './bench/open-orders';
import { REPORT_FORMAT_NAMES, ReportFormatName } from '../src/reports/report-formats';
import { BenchParts } from './bench/base-stack';
import { benchConciliation, formatConciliationReport } from './bench/conciliation-run';
import { BenchReport, formatReport, MeasuredRun, totalCpuMsPerFlow } from './bench/report';
import { BenchStack, startBenchStack } from './bench/stack';
import { choiceOption, FlowOptions, flowOptions, OptionValues, parseScriptOptions, wholeNumber } from './shared/command-line';
import { Flow, runFlows } from './shared/driver';
import { interruption } from './shared/interruption';
import { machine } from './shared/machine';
import { measureCpu } from './shared/process-cpu';
import { qrFlow } from './shared/qr-flow';
import { runScript, sayAs } from './shared/script-main';

const USAGE = `usage: npm run bench -- [--flows N] [--concurrency C] [--temporal-backend dev|postgres] [--json]
       npm run bench -- --open N [--concurrency C] [--temporal-backend dev|postgres] [--json]
       npm run bench -- --report M [--format csv|txt] [--json]

Drives N complete QR flows (preview → preview callback → pay → COMPLETED callback) over HTTP,
at most C at a time, then N bare Temporal flows (start, one update running one no-op activity,
complete) on the same worker, and prints both, their ratio, each flow's Temporal footprint
read from its history, and the CPU per flow of the Temporal server, PostgreSQL and this process
(API, worker, rails simulator, callback receiver and driver), with their total.

--open N instead previews N open-amount QRs, which wait for their amount until they expire
(QR_EXPIRY_SECONDS, ${OPEN_ORDERS_DEFAULT_EXPIRY_SECONDS} s unless set), with the worker in a
process of its own: how long creating them took, the worker's RSS before, during and after,
and how many QR_EXPIRED callbacks arrived.

Starts and removes its own PostgreSQL and Temporal unless DATABASE_URL / TEMPORAL_ADDRESS are
set: the Temporal CLI's dev server (SQLite, the default), or with --temporal-backend postgres
the Temporal server persisted in that PostgreSQL.

With --report: generates M payments and refunds of one client in PostgreSQL, streams that
client's reconciliation file for their month over HTTP, and prints rows/s and the process's
RSS before and during the stream (the movements stay in a database given by DATABASE_URL).`;

const say = sayAs('bench');

// JIT, connection pools and the workflow cache warm up on these; they are not measured.
const WARM_UP_FLOWS = 20;
const FLOW_TIMEOUT_MS = 60_000;
const RUN_TIMEOUT_MS = 5 * 60_000;
// Generation takes about a minute per million movements on a 2-core machine: ten million is still a run, not a day.
const MAX_REPORT_MOVEMENTS = 10_000_000;

interface Options extends FlowOptions {
  temporalBackend: TemporalBackend;
  /** --open N: the open-orders run instead. */
  open: number | null;
  /** Movements to generate for the reconciliation-file run; undefined runs the flows. */
  report?: number;
  format: ReportFormatName;
}

const BENCH_SPEC = { 'temporal-backend': { type: 'string' }, open: { type: 'string' }, report: { type: 'string' }, format: { type: 'string' } } as const;

function benchOptions(values: OptionValues): Options {
  return {
    ...flowOptions(values, { flows: 200, concurrency: 20 }),
    temporalBackend: choiceOption(values, 'temporal-backend', TEMPORAL_BACKENDS, 'dev'),
    open: values.open === undefined ? null : wholeNumber(values, 'open', 0),
    report: values.report === undefined ? undefined : wholeNumber(values, 'report', 0, MAX_REPORT_MOVEMENTS),
    format: choiceOption(values, 'format', REPORT_FORMAT_NAMES, 'csv'),
  };
}

async function measure(label: string, flow: Flow, flows: number, concurrency: number, pids: BenchStack['pids']) {
  say(`${label}: ${flows} flows, ${concurrency} at a time…`);
  // This process holds the API, the worker, the rails simulator, the callback receiver and the driver.
  const cpu = measureCpu({ ...pids, bench: 'self' }, availableParallelism());
  const { result, workflowIds } = await runFlows(flow, { label, flows, concurrency, flowTimeoutMs: FLOW_TIMEOUT_MS, runTimeoutMs: RUN_TIMEOUT_MS, say });
  const cpuShare = cpu();
  say(`${label}: ${result.completed}/${flows} completed in ${(result.wallMs / 1000).toFixed(1)} s`);
  if (result.completed === 0) throw new Error(`${label}: no flow completed; first failures:\n  ${result.firstFailures.join('\n  ')}`);
  const run: MeasuredRun = { ...result, cpuShare };
  return { run, workflowIds };
}

async function bench(options: Options, stack: BenchStack): Promise<BenchReport> {
  const host = machine();
  // Unique per invocation: an external Temporal or database may hold an earlier run's ids.
  const run = randomUUID().slice(0, 8);
  const warmUp = Math.min(WARM_UP_FLOWS, options.flows);
  await measure('engine warm-up', qrFlow({ ...stack.engine, runId: `bench-${run}-warm` }), warmUp, options.concurrency, stack.pids);
  await measure('bare warm-up', bareFlow({ ...stack.bare, runId: `${run}-warm` }), warmUp, options.concurrency, stack.pids);

  const engine = await measure('engine', qrFlow({ ...stack.engine, runId: `bench-${run}-engine` }), options.flows, options.concurrency, stack.pids);
  const bare = await measure('bare', bareFlow({ ...stack.bare, runId: `${run}-bare` }), options.flows, options.concurrency, stack.pids);
  say('reading the measured flows\' histories…');
  return {
    flows: options.flows,
    concurrency: options.concurrency,
    machine: { ...host, loadAfter: loadavg()[0]! },
    infrastructure: stack.infrastructure,
    engine: engine.run,
    bare: bare.run,
    ratioToBare: engine.run.flowsPerSecond / bare.run.flowsPerSecond,
    payAckP99ToBare: engine.run.payAck.p99 / bare.run.payAck.p99,
    cpuMsPerFlow: cpuPerFlow(engine.run, bare.run, host.cores),
    footprint: await measureFootprint(stack.bare.temporal, engine.workflowIds),
    bareFootprint: await measureFootprint(stack.bare.temporal, bare.workflowIds),
  };
}

function cpuPerFlow(engine: MeasuredRun, bare: MeasuredRun, cores: number): BenchReport['cpuMsPerFlow'] {
  const [engineMs, bareMs] = [totalCpuMsPerFlow(engine, cores), totalCpuMsPerFlow(bare, cores)];
  return { engine: engineMs, bare: bareMs, bareToEngine: engineMs === null || bareMs === null ? null : bareMs / engineMs };
}

async function main(): Promise<number> {
  const options = parseScriptOptions(process.argv.slice(2), BENCH_SPEC, USAGE, benchOptions);
  if (typeof options === 'number') return options;

  // Listening before the start-up, so Ctrl-C during it still ends in the clean-up below.
  const interrupted = interruption();
  if (options.report !== undefined) return conciliation(options.report, options, interrupted);
  const open = options.open;
  const stack = await startBenchStack(say, options.temporalBackend, open === null ? {} : openOrdersStackOptions());
  try {
    const outcome = await Promise.race([open === null ? bench(options, stack) : runOpenOrders({ ...options, orders: open }, stack, say), interrupted]);
    if (typeof outcome === 'number') {
      say('interrupted');
      return outcome;
    }
    const text = 'ratioToBare' in outcome ? formatReport(outcome) : formatOpenOrdersReport(outcome);
    process.stdout.write(options.json ? `${JSON.stringify(outcome, null, 2)}\n` : text);
    return ('ratioToBare' in outcome ? outcome.engine.failures + outcome.bare.failures : outcome.missing) > 0 ? 1 : 0;
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

runScript(main, say);
