import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { TEMPORAL_BACKENDS, TemporalBackend } from '../src/config/env';
import { bareFlow } from './bench/flows';
import { measureFootprint } from './bench/footprint';
import {
  formatOpenOrdersReport,
  OPEN_ORDERS_DEFAULT_EXPIRY_SECONDS,
  openOrdersStackOptions,
  runOpenOrders,
} from './bench/open-orders';
import { REPORT_FORMAT_NAMES, ReportFormatName } from '../src/reports/report-formats';
import { BenchParts } from './bench/base-stack';
import { benchConciliation, formatConciliationReport } from './bench/conciliation-run';
import { benchHotAccount, formatHotAccountReport, HOT_ACCOUNT_CONCURRENCIES } from './bench/hot-account';
import { openDatabaseCounters, SqlPerFlow, sqlPerFlow } from './bench/database-counters';
import {
  cpuMsPerFlowByProcess,
  cpuMsPerSecond,
  medianPerProcess,
  startCpuWindow,
  totalOf,
} from './bench/process-usage';
import { BenchReport, formatReport, MeasuredRun, TARGETS_TEXT } from './bench/report';
import { flowVerdicts, TARGETS } from './bench/targets';
import { BenchStack, startBenchStack } from './bench/stack';
import {
  choiceOption,
  FlowOptions,
  flowOptions,
  OptionValues,
  parseScriptOptions,
  wholeNumber,
} from './shared/command-line';
import { Flow, runFlows } from './shared/driver';
import { interruption } from './shared/interruption';
import { machine } from './shared/machine';
import { qrFlow } from './shared/qr-flow';
import { runScript, sayAs } from './shared/script-main';

const USAGE = `usage: npm run bench -- [--flows N] [--concurrency C] [--temporal-backend dev|postgres] [--profile DIR] [--json]
       npm run bench -- --open N [--concurrency C] [--temporal-backend dev|postgres] [--profile DIR] [--json]
       npm run bench -- --report M [--format csv|txt] [--json]
       npm run bench -- --hot-account S [--json]

Runs the service as production does, each process apart (main.js api, worker and rails), and
drives N complete QR flows (preview → preview callback → pay → COMPLETED callback) over HTTP,
at most C at a time, then N bare Temporal flows (start, one update running one no-op activity,
complete) on a worker of their own; prints both, each flow's Temporal footprint read from its
history, the CPU per flow of each process (API, worker, Temporal, PostgreSQL, rails simulator,
and this process: the driver and the callback receiver), the SQL statements and transactions
per flow in the service's database, and issue #22's targets beside them: ${TARGETS_TEXT}.

--profile DIR has the API and the worker write a CPU profile there (node --cpu-prof) as they stop.

--open N instead previews N open-amount QRs, which wait for their amount until they expire
(QR_EXPIRY_SECONDS, ${OPEN_ORDERS_DEFAULT_EXPIRY_SECONDS} s unless set): how long creating them took,
how long after each preview's ack its preview callback came, the worker's RSS before, during
and after, how many QR_EXPIRED callbacks arrived and how late
(target: p99 ≤ ${TARGETS.expiryDelayP99S} s after expires_at, none missing).

Starts and removes its own PostgreSQL and Temporal unless DATABASE_URL / TEMPORAL_ADDRESS are
set: the Temporal CLI's dev server (SQLite, the default), or with --temporal-backend postgres
the Temporal server persisted in that PostgreSQL.

With --report: generates M payments and refunds of one client in PostgreSQL, streams that
client's reconciliation file for their month over HTTP, and prints rows/s and the process's
RSS before and during the stream (the movements stay in a database given by DATABASE_URL).

With --hot-account: posts payments (the ledger's hold and commit) against one client's account
from ${HOT_ACCOUNT_CONCURRENCIES.join(', ')} payers at once, S seconds at each level, and prints the
payments a second that one account takes, their latency and PostgreSQL's CPU per payment.`;

const say = sayAs('bench');

// JIT, connection pools and the workflow cache warm up on these; they are not measured.
const WARM_UP_FLOWS = 20;
const FLOW_TIMEOUT_MS = 60_000;
const RUN_TIMEOUT_MS = 5 * 60_000;
/**
 * Before a measured run and after it: the flows' last steps (a workflow's completion after its
 * callback) end, and PostgreSQL's backends publish their transaction counts (at most a second
 * late once idle). The window's CPU includes both pauses: a process idles at a few ms a second.
 */
const SETTLE_MS = 2_000;
/** With no flow running, before the engine run: what each process costs a second by itself, the median of IDLE_SLICES slices. */
const IDLE_MS = 10_000;
const IDLE_SLICES = 5;
// Generation takes about a minute per million movements on a 2-core machine: ten million is still a run, not a day.
const MAX_REPORT_MOVEMENTS = 10_000_000;

interface Options extends FlowOptions {
  temporalBackend: TemporalBackend;
  /** --open N: the open-orders run instead. */
  open: number | null;
  /** Movements to generate for the reconciliation-file run; undefined runs the flows. */
  report?: number;
  format: ReportFormatName;
  profileDir: string | null;
  /** --hot-account S: the one-account ledger run instead, S seconds per level. */
  hotAccountSeconds: number | null;
}

const BENCH_SPEC = {
  'temporal-backend': { type: 'string' },
  open: { type: 'string' },
  report: { type: 'string' },
  format: { type: 'string' },
  profile: { type: 'string' },
  'hot-account': { type: 'string' },
} as const;

function benchOptions(values: OptionValues): Options {
  return {
    ...flowOptions(values, { flows: 200, concurrency: 20 }),
    temporalBackend: choiceOption(values, 'temporal-backend', TEMPORAL_BACKENDS, 'dev'),
    open: values.open === undefined ? null : wholeNumber(values, 'open', 0),
    report: values.report === undefined ? undefined : wholeNumber(values, 'report', 0, MAX_REPORT_MOVEMENTS),
    format: choiceOption(values, 'format', REPORT_FORMAT_NAMES, 'csv'),
    profileDir: typeof values.profile === 'string' ? resolve(values.profile) : null,
    hotAccountSeconds: values['hot-account'] === undefined ? null : wholeNumber(values, 'hot-account', 10, 600),
  };
}

type Counters = Awaited<ReturnType<typeof openDatabaseCounters>>;

interface Measured {
  run: MeasuredRun;
  workflowIds: string[];
  /** The service database's SQL per completed flow (the engine's; the bare run makes none); null when its counters are not read. */
  sql: SqlPerFlow | null;
}

/** Runs the flows between two settled moments, reading every process's CPU and the database's counters at both. */
async function measure(
  label: string,
  flow: Flow,
  flows: number,
  concurrency: number,
  stack: BenchStack,
  counters: Counters | null,
): Promise<Measured> {
  await sleep(SETTLE_MS);
  const countedBefore = await counters?.read();
  const cpu = startCpuWindow(stack.pids, countedBefore?.temporalBackendPids ?? []);
  say(`${label}: ${flows} flows, ${concurrency} at a time…`);
  const { result, workflowIds } = await runFlows(flow, {
    label,
    flows,
    concurrency,
    flowTimeoutMs: FLOW_TIMEOUT_MS,
    runTimeoutMs: RUN_TIMEOUT_MS,
    say,
  });
  say(`${label}: ${result.completed}/${flows} completed in ${(result.wallMs / 1000).toFixed(1)} s`);
  if (result.completed === 0)
    throw new Error(`${label}: no flow completed; first failures:\n  ${result.firstFailures.join('\n  ')}`);
  await sleep(SETTLE_MS);
  const countedAfter = await counters?.read();
  const cpuSeconds = cpu(countedAfter?.temporalBackendPids ?? []);
  const sql = countedBefore && countedAfter ? sqlPerFlow(countedBefore, countedAfter, result.completed) : null;
  return { run: { ...result, cpuSeconds }, workflowIds, sql };
}

/**
 * Each process's CPU a second without flows (pollers, timers, probes): the median of slices of
 * IDLE_MS, so that a burst in one (the order reconciler's minute, the warm-up's garbage
 * collected) does not read as the idle cost. Temporal's backends are read once, not per slice:
 * each read is a query the slice would charge to PostgreSQL.
 */
async function measureIdle(stack: BenchStack, counters: Counters | null) {
  await sleep(SETTLE_MS);
  say(`idle: ${IDLE_MS / 1000} s without flows…`);
  const backends = (await counters?.read())?.temporalBackendPids ?? [];
  const sliceMs = IDLE_MS / IDLE_SLICES;
  const slices = [];
  for (let slice = 0; slice < IDLE_SLICES; slice++) {
    const cpu = startCpuWindow(stack.pids, backends);
    await sleep(sliceMs);
    slices.push(cpuMsPerSecond(cpu(backends), sliceMs));
  }
  return medianPerProcess(slices);
}

async function bench(options: Options, stack: BenchStack): Promise<BenchReport> {
  const host = machine();
  // Unique per invocation: an external Temporal or database may hold an earlier run's ids.
  const run = randomUUID().slice(0, 8);
  const warmUp = Math.min(WARM_UP_FLOWS, options.flows);
  const lanes = { concurrency: options.concurrency, flowTimeoutMs: FLOW_TIMEOUT_MS, runTimeoutMs: RUN_TIMEOUT_MS, say };
  say(`warm-up: ${warmUp} flows of each kind…`);
  await runFlows(qrFlow({ ...stack.engine, runId: `bench-${run}-warm` }), {
    ...lanes,
    label: 'engine warm-up',
    flows: warmUp,
  });
  await runFlows(bareFlow({ ...stack.bare!, runId: `${run}-warm` }), {
    ...lanes,
    label: 'bare warm-up',
    flows: warmUp,
  });

  const counters = await openDatabaseCounters(stack.env.DATABASE_URL).catch((error: unknown) => {
    say(
      `the database's counters cannot be read, so SQL is not counted: ${error instanceof Error ? error.message : String(error)}`,
    );
    return null;
  });
  try {
    const idleCpuMsPerSecond = await measureIdle(stack, counters);
    const engine = await measure(
      'engine',
      qrFlow({ ...stack.engine, runId: `bench-${run}-engine` }),
      options.flows,
      options.concurrency,
      stack,
      counters,
    );
    const bare = await measure(
      'bare',
      bareFlow({ ...stack.bare!, runId: `${run}-bare` }),
      options.flows,
      options.concurrency,
      stack,
      counters,
    );
    say("reading the measured flows' histories…");
    const byProcess = cpuMsPerFlowByProcess(engine.run, bare.run);
    const [engineMs, bareMs] = [totalOf(byProcess.engine), totalOf(byProcess.bare)];
    return {
      flows: options.flows,
      concurrency: options.concurrency,
      machine: { ...host, loadAfter: loadavg()[0]! },
      infrastructure: stack.infrastructure,
      engine: engine.run,
      bare: bare.run,
      ratioToBare: engine.run.flowsPerSecond / bare.run.flowsPerSecond,
      payAckP99ToBare: engine.run.payAck.p99 / bare.run.payAck.p99,
      cpuMsPerFlow: {
        engine: engineMs,
        bare: bareMs,
        bareToEngine: engineMs === null || bareMs === null ? null : bareMs / engineMs,
      },
      cpuMsPerFlowByProcess: byProcess,
      idleCpuMsPerSecond,
      sqlPerFlow: engine.sql,
      footprint: await measureFootprint(stack.temporal, engine.workflowIds),
      bareFootprint: await measureFootprint(stack.temporal, bare.workflowIds),
      targets: flowVerdicts({
        concurrency: options.concurrency,
        cpu: byProcess,
        sql: engine.sql,
        payAckP50Ms: engine.run.payAck.p50,
        decisionToCompletedP50Ms: engine.run.decisionToCompleted.p50,
      }),
      profileDir: options.profileDir,
    };
  } finally {
    await counters?.close();
  }
}

async function main(): Promise<number> {
  const options = parseScriptOptions(process.argv.slice(2), BENCH_SPEC, USAGE, benchOptions);
  if (typeof options === 'number') return options;

  // Listening before the start-up, so Ctrl-C during it still ends in the clean-up below.
  const interrupted = interruption();
  const { report, hotAccountSeconds } = options;
  if (report !== undefined)
    return partsRun(
      (parts) => benchConciliation(parts, report, options.format),
      formatConciliationReport,
      options,
      interrupted,
    );
  if (hotAccountSeconds !== null)
    return partsRun((parts) => benchHotAccount(parts, hotAccountSeconds), formatHotAccountReport, options, interrupted);
  const open = options.open;
  const profileDir = options.profileDir ?? undefined;
  const stack = await startBenchStack(
    say,
    options.temporalBackend,
    open === null ? { bare: true, profileDir } : openOrdersStackOptions(profileDir),
  );
  try {
    const outcome = await Promise.race([
      open === null ? bench(options, stack) : runOpenOrders({ ...options, orders: open }, stack, say),
      interrupted,
    ]);
    if (typeof outcome === 'number') {
      say('interrupted');
      return outcome;
    }
    const text = 'ratioToBare' in outcome ? formatReport(outcome) : formatOpenOrdersReport(outcome);
    process.stdout.write(options.json ? `${JSON.stringify(outcome, null, 2)}\n` : text);
    return ('ratioToBare' in outcome ? outcome.engine.failures + outcome.bare.failures : outcome.missing) > 0 ? 1 : 0;
  } finally {
    say(
      options.profileDir
        ? `cleaning up (the API and the worker write their profiles to ${options.profileDir})…`
        : 'cleaning up…',
    );
    await stack.close();
  }
}

/** A run on parts of the stack that `run` starts itself (no flows): its report printed, its parts stopped whatever happens. */
async function partsRun<R>(
  run: (parts: BenchParts) => Promise<R>,
  format: (report: R) => string,
  options: Options,
  interrupted: Promise<number>,
): Promise<number> {
  const parts = new BenchParts(say);
  try {
    const outcome = await Promise.race([run(parts), interrupted]);
    if (typeof outcome === 'number') {
      say('interrupted');
      return outcome;
    }
    process.stdout.write(options.json ? `${JSON.stringify(outcome, null, 2)}\n` : format(outcome));
    return 0;
  } finally {
    say('cleaning up…');
    await parts.stopAll();
  }
}

runScript(main, say);
