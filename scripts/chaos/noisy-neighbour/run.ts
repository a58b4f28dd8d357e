import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { status as GrpcStatus } from '@grpc/grpc-js';
import { isGrpcServiceError, WorkflowNotFoundError } from '@temporalio/client';
import type { DataSource } from 'typeorm';
import { readBacklogs } from '../../../src/capacity/backlog-monitor';
import { DYNAMIC_CONFIG } from '../../../dev/temporal-postgres/server-config';
import { FINAL_STATUSES } from '../../../src/orders/lifecycle';
import { orderWorkflowId } from '../../../src/orders/order-workflow-start';
import { Summary, summarize } from '../../shared/stats';
import { TaskTimes, taskTimesOf } from '../histories';
import { AuditOrder, auditMoney, RuleResult } from '../audit';
import { writeBundles } from '../bundles';
import { countsOf } from '../report';
import { waitUntilSettled } from '../settle';
import { readAuditInput } from '../snapshot';
import { CHAOS_TASK_QUEUE, makeRunDir, startTopology, Topology } from '../topology';
import { ClientTarget, runCalibrationClient, runNoisyClient, runSteadyClient } from './clients';
import {
  Criterion,
  judge,
  NoisyFigures,
  noisySummary,
  ordinarySummary,
  Phases,
  refusalsOf,
  Span,
  steadySummary,
} from './criteria';
import { sampleResidentMemory } from './memory';
import { runOrdinaryClient } from './ordinary-flows';
import {
  arrivals,
  measuredCapacity,
  NoisyNeighbourPlan,
  offeredRate,
  previewsQuotaFor,
  Protection,
  serviceEnvFor,
  temporalConfigFor,
} from './plan';
import type { BacklogSample, NoisyRun } from './report';

/** The clients, in the order the topology makes and funds them. */
const CLIENTS = [
  'Steady client B',
  'Noisy client A',
  'Ordinary client C',
  'Shopper of client C',
  'Calibration client',
] as const;
/** What lifts the calibration client's quotas: an operator's command, as `npm run cli -- clients:limits` runs it. */
const CALIBRATION_QUOTA = 'previews=100000/200000';
/** A flow of B, or a preview of the calibration, that has not ended by then has failed. */
const FLOW_LIMIT_MS = 60_000;
/** The calibration's orders expire unpaid; the baseline waits for them, at most this long past their expiry. */
const QUIET_MARGIN_MS = 30_000;
/** After the end, the orders still open get this long to become final before the audit reads them as they stand. */
const SETTLE_LIMIT_MS = 2 * 60_000;
const PROGRESS_EVERY_MS = 7_000;
const BACKLOG_EVERY_MS = 1_000;

async function openOrders(dataSource: DataSource): Promise<number> {
  const [row] = await dataSource.query<Array<{ open: string }>>(
    `SELECT count(*) AS open FROM orders WHERE status <> ALL($1)`,
    [FINAL_STATUSES],
  );
  return Number(row?.open);
}

async function notFinal(dataSource: DataSource, clientId: string, references: readonly string[]): Promise<number> {
  const [row] = await dataSource.query<Array<{ open: string }>>(
    `SELECT count(*) AS open FROM orders WHERE payer_client_id = $1 AND external_reference = ANY($2) AND status <> ALL($3)`,
    [clientId, references, FINAL_STATUSES],
  );
  return Number(row?.open);
}

/** Samples the backlog of the orders' workflow and activity queues (what the API's admission reads), from this process, every second. */
function sampleBacklog(topology: Topology, startedAt: number) {
  const samples: BacklogSample[] = [];
  const timer = setInterval(() => {
    const atMs = Math.round(performance.now() - startedAt);
    readBacklogs(
      topology.temporal.connection,
      'default',
      CHAOS_TASK_QUEUE,
      new Date(Date.now() + 5 * BACKLOG_EVERY_MS),
    ).then(
      ({ workflow, activity }) =>
        samples.push({
          atMs,
          workflow: { ageMs: Math.round(workflow.ageMs), count: workflow.count },
          activity: { ageMs: Math.round(activity.ageMs), count: activity.count },
        }),
      () => undefined,
    );
  }, BACKLOG_EVERY_MS);
  return { samples, stop: () => clearInterval(timer) };
}

/**
 * Where the steady client's orders spent their time, per phase: waiting in Temporal's queues for
 * a worker, or in a worker's hands (each order's sum, summarised over the phase's orders).
 */
async function taskTimesByPhase(
  topology: Topology,
  clientId: string,
  startedEpoch: number,
  phases: Phases,
): Promise<Record<'baseline' | 'overload', Record<keyof TaskTimes, Summary>>> {
  const orders: Array<{ id: string; created_ms: string }> = await topology.dataSource.query(
    `SELECT id, (extract(epoch FROM created_at) * 1000)::bigint::text AS created_ms FROM orders WHERE payer_client_id = $1`,
    [clientId],
  );
  const timed: Array<{ atMs: number; times: TaskTimes }> = [];
  for (const order of orders) {
    // An order whose workflow start timed out has no history (the unprotected run makes some); the audit judges it.
    const history = await topology.temporal.workflow
      .getHandle(orderWorkflowId(order.id))
      .fetchHistory()
      .catch((error: unknown) => {
        if (
          error instanceof WorkflowNotFoundError ||
          (isGrpcServiceError(error) && error.code === GrpcStatus.NOT_FOUND)
        )
          return null;
        throw error;
      });
    if (history) timed.push({ atMs: Number(order.created_ms) - startedEpoch, times: taskTimesOf(history) });
  }
  const phase = (span: Span) => {
    const inside = timed.filter(({ atMs }) => atMs >= span.fromMs && atMs < span.toMs).map(({ times }) => times);
    const of = (key: keyof TaskTimes) => summarize(inside.map((times) => times[key]));
    return {
      workflowTaskWaitMs: of('workflowTaskWaitMs'),
      stickyWaitMs: of('stickyWaitMs'),
      workflowTaskRunMs: of('workflowTaskRunMs'),
      activityWaitMs: of('activityWaitMs'),
      activityRunMs: of('activityRunMs'),
    };
  };
  return { baseline: phase(phases.baseline), overload: phase(phases.overload) };
}

/** How many orders not final at the audit have their row and workflow history written to the kept logs. */
const UNFINISHED_KEPT = 20;

/**
 * Writes the rows of (the first of) the orders not final, and the workflow histories of those
 * that have a workflow (ended ones first: the strangest), for whoever investigates what the
 * audit found.
 */
async function keepUnfinished(
  topology: Topology,
  orders: ReadonlyArray<Pick<AuditOrder, 'id' | 'workflow'>>,
  say: (message: string) => void,
): Promise<void> {
  if (orders.length === 0) return;
  const ended = (order: Pick<AuditOrder, 'workflow'>) => order.workflow !== 'RUNNING' && order.workflow !== 'NOT_FOUND';
  const kept = [...orders.filter(ended), ...orders.filter((order) => !ended(order))].slice(0, UNFINISHED_KEPT);
  try {
    const ids = kept.map((order) => order.id);
    const rows: unknown[] = await topology.dataSource.query(`SELECT * FROM orders WHERE id = ANY($1)`, [ids]);
    const history: unknown[] = await topology.dataSource.query(
      `SELECT * FROM order_status_history WHERE order_id = ANY($1) ORDER BY created_at`,
      [ids],
    );
    writeFileSync(join(topology.logDir, 'orders-not-final.json'), `${JSON.stringify({ rows, history }, null, 2)}\n`);
    await topology.saveHistories(kept.filter((order) => order.workflow !== 'NOT_FOUND').map((order) => order.id));
  } catch (error) {
    say(`could not keep the orders not final: ${String(error)}`);
  }
}

/**
 * One run of the plan on a topology of its own, protected or not: the calibration, a quiet
 * wait for its orders to expire, the baseline, the overload, the end; then the audit and the
 * criteria.
 */
export async function runNoisyNeighbour(
  plan: NoisyNeighbourPlan,
  protection: Protection,
  say: (message: string) => void,
  signal: AbortSignal,
): Promise<NoisyRun> {
  const runDir = makeRunDir();
  const serviceEnv = serviceEnvFor(protection, plan);
  const dynamicConfig = temporalConfigFor(protection, DYNAMIC_CONFIG);
  let topology: Topology;
  try {
    say(`${protection} run: bundling the workflow code once for every worker…`);
    const bundles = await writeBundles(runDir, false);
    topology = await startTopology({
      apis: 2,
      workers: 2,
      payers: CLIENTS,
      bundles,
      network: null,
      serviceEnv,
      temporalDynamicConfig: dynamicConfig,
      runDir,
      say,
    });
  } catch (error) {
    rmSync(runDir, { recursive: true, force: true });
    throw error;
  }
  let keepLogs = true;
  try {
    const run = await drive(plan, protection, topology, serviceEnv, dynamicConfig, say, signal);
    // The protected run's logs when it failed; either run's when the money audit found anything.
    keepLogs = (!run.passed && protection === 'protected') || run.figures.auditViolations > 0;
    return run;
  } finally {
    say(`${protection} run: cleaning up…`);
    await topology.close(keepLogs);
    if (keepLogs) say(`logs kept in ${topology.logDir}`);
  }
}

async function drive(
  plan: NoisyNeighbourPlan,
  protection: Protection,
  topology: Topology,
  serviceEnv: NodeJS.ProcessEnv,
  dynamicConfig: Readonly<Record<string, unknown>>,
  say: (message: string) => void,
  signal: AbortSignal,
): Promise<NoisyRun> {
  // The topology makes and funds its payers in the order of CLIENTS.
  const client = (name: (typeof CLIENTS)[number]) => topology.payers[CLIENTS.indexOf(name)]!;
  const [steady, noisy, ordinary, shopper, calibration] = [
    client('Steady client B'),
    client('Noisy client A'),
    client('Ordinary client C'),
    client('Shopper of client C'),
    client('Calibration client'),
  ];
  await topology.runCli(['clients:limits', '--client', calibration.clientId, '--quota', CALIBRATION_QUOTA]);

  const startedAt = performance.now();
  const startedEpoch = Date.now();
  const target = (token: string): ClientTarget => ({
    apiUrl: topology.apiUrl,
    token,
    receiverUrl: topology.receiver.url,
    callbacks: topology.receiver.callbacks,
    startedAt,
  });
  const now = () => performance.now() - startedAt;
  const memory = sampleResidentMemory(() => ({ api: topology.apis.pids, worker: topology.workers.pids }));
  const backlog = sampleBacklog(topology, startedAt);
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  let phase = 'calibration';
  const sayProgress = () => {
    const latest = backlog.samples.at(-1);
    const backlogNow = latest
      ? `: backlog ${latest.workflow.count} workflow tasks (oldest ${(latest.workflow.ageMs / 1000).toFixed(1)} s), ${latest.activity.count} activity tasks (${(latest.activity.ageMs / 1000).toFixed(1)} s)`
      : '';
    say(`${Math.floor(now() / 1000)} s, ${phase} (${protection} run)${backlogNow}`);
  };
  const progress = setInterval(sayProgress, PROGRESS_EVERY_MS);

  try {
    say(
      `${protection} run: calibrating for ${plan.calibrationMs / 1000} s, ${plan.calibrationConcurrency} previews in flight…`,
    );
    const calibrated = await runCalibrationClient(target(calibration.token), {
      runId: 'calibration',
      durationMs: plan.calibrationMs,
      concurrency: plan.calibrationConcurrency,
      flowLimitMs: FLOW_LIMIT_MS,
    });
    const capacityPerSecond = measuredCapacity(calibrated.callbackAtMs, plan);
    const rate = offeredRate(capacityPerSecond, plan);
    const calibrationSpan = { fromMs: 0, toMs: now() };
    say(
      `${protection} run: measured ${capacityPerSecond.toFixed(1)} preview callbacks/s; A will offer ${rate.toFixed(1)}/s`,
    );
    if (protection === 'protected') {
      // As docs/deployment.md says a deployment does: every client's previews quota sized from the capacity measured.
      const quota = previewsQuotaFor(capacityPerSecond);
      for (const { clientId } of [steady, noisy, ordinary, shopper])
        await topology.runCli(['clients:limits', '--client', clientId, '--quota', quota]);
      say(`${protection} run: every client's previews quota set to ${quota} (rate/burst)`);
    }

    phase = 'quiet: the calibration orders expiring';
    const quietUntil = performance.now() + plan.qrExpirySeconds * 1000 + QUIET_MARGIN_MS;
    while ((await openOrders(topology.dataSource)) > 0 && performance.now() < quietUntil && !signal.aborted)
      await sleep(1_000);

    const baselineFrom = now();
    const overloadFrom = baselineFrom + plan.baselineMs;
    const overloadTo = overloadFrom + plan.overloadMs;
    const endMs = overloadTo + plan.endAfterOverloadMs;
    const phases: Phases = {
      calibration: calibrationSpan,
      baseline: { fromMs: baselineFrom, toMs: overloadFrom },
      overload: { fromMs: overloadFrom, toMs: overloadTo },
      endMs,
    };
    phase = 'baseline';
    say(`${protection} run: baseline for ${plan.baselineMs / 1000} s (B and C alone)…`);
    const steadyRun = runSteadyClient(target(steady.token), {
      runId: 'steady',
      dueMs: arrivals(plan.steadyPerSecond, plan.baselineMs + plan.overloadMs).map((due) => baselineFrom + due),
      flowLimitMs: FLOW_LIMIT_MS,
    });
    const ordinaryRun = runOrdinaryClient(
      { ...target(ordinary.token), shopperToken: shopper.token },
      { runId: 'ordinary', qrExpirySeconds: plan.qrExpirySeconds, untilMs: overloadTo },
    );

    await sleep(Math.max(0, startedAt + overloadFrom - performance.now()), undefined, { signal });
    phase = 'overload';
    say(`${protection} run: overload for ${plan.overloadMs / 1000} s (A at ${rate.toFixed(1)} previews/s, open loop)…`);
    loopDelay.enable();
    const dueMs = arrivals(rate, plan.overloadMs);
    const noisyRun = runNoisyClient(target(noisy.token), { runId: 'noisy', dueMs, fromMs: overloadFrom, endMs });

    await sleep(Math.max(0, startedAt + overloadTo - performance.now()), undefined, { signal });
    loopDelay.disable();
    phase = 'after the overload, until the end';
    await sleep(Math.max(0, startedAt + endMs - performance.now()), undefined, { signal });
    const [noisyRecord, steadyRecord, ordinaryRecord] = await Promise.all([noisyRun, steadyRun, ordinaryRun]);
    const noisyNotFinalAtEnd = await notFinal(
      topology.dataSource,
      noisy.clientId,
      noisyRecord.acknowledged.map((acknowledged) => acknowledged.reference),
    );

    phase = 'settling';
    say(`${protection} run: waiting for the orders to settle, then auditing…`);
    // At once, not only every PROGRESS_EVERY_MS: orders that settle within a tick still show the phase.
    sayProgress();
    const settle = await waitUntilSettled(topology.dataSource, SETTLE_LIMIT_MS, signal);
    memory.stop();
    backlog.stop();
    const input = await readAuditInput(topology.dataSource, topology.railsUrl, topology.payers, (orderId) =>
      topology.workflowOf(orderId),
    );
    const audit: RuleResult[] = auditMoney(input, true);
    const auditViolations = audit.reduce((sum, rule) => sum + rule.violations.length, 0);
    await keepUnfinished(
      topology,
      input.orders.filter((order) => !FINAL_STATUSES.includes(order.status)),
      say,
    );

    const figures: NoisyFigures = {
      capacityPerSecond,
      plannedPerSecond: rate,
      steady: steadySummary(steadyRecord, phases),
      noisy: noisySummary(noisyRecord, phases),
      ordinary: ordinarySummary(ordinaryRecord, phases),
      noisyNotFinalAtEnd,
      auditViolations,
      rss: memory.peaks,
    };
    const criteria: Criterion[] = judge(figures);
    const steadyTaskTimes = await taskTimesByPhase(topology, steady.clientId, startedEpoch, phases);
    const backlogIn = (fromMs: number, toMs: number) =>
      summarize(
        backlog.samples
          .filter((sample) => sample.atMs >= fromMs && sample.atMs < toMs)
          .map((sample) => Math.max(sample.workflow.ageMs, sample.activity.ageMs)),
      );
    return {
      protection,
      topology: topology.description,
      serviceEnv,
      fairness: dynamicConfig['matching.enableFairness'] === true,
      phases,
      calibration: {
        concurrency: plan.calibrationConcurrency,
        previewCallbacks: calibrated.callbackAtMs.length,
        capacityPerSecond,
        refused: refusalsOf(calibrated.attempts),
        failures: calibrated.failures,
      },
      figures,
      backlogAgeMs: {
        baseline: backlogIn(phases.baseline.fromMs, phases.baseline.toMs),
        overload: backlogIn(phases.overload.fromMs, phases.overload.toMs),
      },
      backlogSamples: backlog.samples,
      steadyFlows: steadyRecord.flows,
      steadyTaskTimes,
      driverLoopDelayMs: { p99: loopDelay.percentile(99) / 1e6, max: loopDelay.max / 1e6 },
      settle,
      counts: countsOf(input),
      audit,
      criteria,
      passed: criteria.every((criterion) => criterion.pass),
    };
  } finally {
    clearInterval(progress);
    memory.stop();
    backlog.stop();
    loopDelay.disable();
  }
}
