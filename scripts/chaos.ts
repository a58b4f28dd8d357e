import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { envSchema } from '../src/config/env';
import { CLIENT_MARGIN_MS } from '../src/db/bounded-client';
import { FINAL_STATUSES } from '../src/orders/lifecycle';
import { auditMoney, RuleResult } from './chaos/audit';
import { writeBundles } from './chaos/bundles';
import {
  activitiesEnded,
  bothCodesServed,
  everyFlowCompleted,
  finalAfterHeals,
  finalSoonAfterLastHeal,
  noRequestFailed,
  railFaultsMetPayouts,
  requestsFailFastInCuts,
} from './chaos/checks';
import { bundlesServed, factsOf } from './chaos/histories';
import { Network, networkNamespacesUnavailable } from './chaos/network';
import { networkLayout } from './chaos/network-layout';
import { startProgress } from './chaos/progress';
import { ChaosReport, countsOf, formatChaosReport } from './chaos/report';
import { requestsInWindows, summarizeRequests } from './chaos/requests';
import { ROLLING_DEPLOY_PATCH } from './chaos/rolling-deploy.workflows';
import { runPlan, TimelineEntry } from './chaos/run-plan';
import { noisyNeighbourCommand, NoisyNeighbourOptions } from './chaos/noisy-neighbour/command';
import type { Protection } from './chaos/noisy-neighbour/plan';
import { ChaosPlan, decisionsInRailFaults, PLAN_NAMES, planNamed } from './chaos/schedule';
import { waitUntilSettled } from './chaos/settle';
import { readAuditInput, readOrderTimes } from './chaos/snapshot';
import { makeRunDir, startTopology, Topology } from './chaos/topology';
import { readWorkerActivities } from './chaos/worker-metrics';
import { choiceOption, OptionValues, parseScriptOptions, UsageError, wholeNumber } from './shared/command-line';
import { Flow, runFlows } from './shared/driver';
import { Attempt, retryingPost } from './shared/integrator-post';
import { interruption } from './shared/interruption';
import { machine } from './shared/machine';
import { ordinaryAmount, qrFlow } from './shared/qr-flow';
import { runScript, sayAs } from './shared/script-main';

const USAGE = `usage: npm run chaos -- [--plan default|rolling-deploy|partitions|noisy-neighbour] [--short] [--flows N] [--concurrency C]
                        [--unprotected | --unprotected-only] [--json]

Starts the production topology on this machine (PostgreSQL, the Temporal server on it, the
rails simulator, 2 API replicas behind a round-robin balancer and 2 workers, each its own
process), drives QR flows over HTTP while the plan breaks things, resending every request that
is refused for now with the same idempotency-key, then audits the money (orders, ledger, the
rail's payouts, callbacks) and the plan's own criteria, prints the audit as a table, and exits
1 on any violation (docs/reliability.md).

  default         N flows (60) at most C (10) at a time over 96 s, while workers are SIGKILLed,
                  the rail goes down, PostgreSQL restarts, the rail loses its answers and the
                  Temporal server restarts; payouts are timed to meet every rail fault.
  rolling-deploy  C flows (10) at a time back to back while every API replica and every worker
                  is replaced one at a time (SIGTERM, drain, start), two rounds, the second
                  with changed workflow code. No integrator request may fail.
  partitions      C flows (10) at a time while each path (worker to PostgreSQL, to Temporal, to
                  the rails; API to PostgreSQL, to Temporal) is cut silently for 60 s, then
                  PostgreSQL from everything for 30 s, inside network namespaces this command
                  makes and removes (root only; it says so and exits 1 where it cannot).
  noisy-neighbour Measures the capacity (a calibration client, closed loop), then 30 s of a
                  steady client B (a flow a second) and a client C going through the spec's
                  ordinary flows, then 120 s in which client A also offers previews at 5× that
                  capacity, open loop, honouring nothing. Judges B's refusals and latencies, A's
                  answers, C's callbacks, the audit and the processes' memory (QR expiry 20 s).
                  --unprotected adds the same plan with quotas, admission and fairness off,
                  reported beside it (expected to fail; the exit code stays the protected
                  run's); --unprotected-only runs that one alone and exits 0 once reported.

--short runs the plan's short version, as npm test does (fewer flows, one round, one cut;
noisy-neighbour: 15 s of baseline, 30 s of overload). --flows applies to the default plan only.`;

const say = sayAs('chaos');

const APIS = 2;
const WORKERS = 2;
const PAYERS = ['Chaos payer 1', 'Chaos payer 2'];
/** A flow still running this long after its start has failed (the audit still judges its order). */
const FLOW_TIMEOUT_MS = 5 * 60_000;
/** No flow starts this long after the faults are over; keeps a sick run bounded. */
const LAST_START_AFTER_FAULTS_MS = 120_000;
/** Beyond the QR expiry (120 s) and the longest payout inquiry back-off (60 s). */
const SETTLE_LIMIT_MS = 4 * 60_000;
/** A continuous drive never starts more flows than this. */
const MAX_FLOWS = 100_000;

/** What the balancer's hop and a busy machine may add to a request's own bound. */
const BALANCER_HOP_MS = 1_000;
const defaultOf = (name: 'API_TEMPORAL_TIMEOUT' | 'DATABASE_STATEMENT_TIMEOUT' | 'DATABASE_CONNECT_TIMEOUT') =>
  envSchema.shape[name].parse(undefined);
/**
 * The longest an integrator request may take while one path is cut, beyond which it hung: the
 * longest of the API's bounds on a request's paths (docs/reliability.md, "Bounds": all its
 * Temporal calls, one PostgreSQL statement as the client bounds it, a connection), as the
 * service's defaults set them, plus the balancer's hop.
 */
const REQUEST_BOUND_MS =
  Math.max(
    defaultOf('API_TEMPORAL_TIMEOUT'),
    defaultOf('DATABASE_STATEMENT_TIMEOUT') + CLIENT_MARGIN_MS,
    defaultOf('DATABASE_CONNECT_TIMEOUT'),
  ) + BALANCER_HOP_MS;

/** What the API and worker processes run with beyond the defaults (drain delay and graces, docs/reliability.md). */
const SERVICE_ENV: NodeJS.ProcessEnv = {};

/**
 * Up to 15 s between the preview and the decision, as a user reading the screen takes: pays
 * then land inside every fault, not only the previews that the rail's absence holds back.
 */
const thinkMs = (index: number) => (index * 3571) % 15_000;

interface Options {
  plan: ChaosPlan;
  json: boolean;
}

const NOISY_NEIGHBOUR = 'noisy-neighbour';
const COMMAND_PLANS = [...PLAN_NAMES, NOISY_NEIGHBOUR] as const;

function readOptions(values: OptionValues): Options | { noisy: NoisyNeighbourOptions } {
  const name = choiceOption<(typeof COMMAND_PLANS)[number]>(values, 'plan', COMMAND_PLANS, 'default');
  if (name !== NOISY_NEIGHBOUR && (values.unprotected || values['unprotected-only']))
    throw new UsageError('--unprotected and --unprotected-only apply to the noisy-neighbour plan only');
  if (name === NOISY_NEIGHBOUR) {
    if (values.flows !== undefined || values.concurrency !== undefined)
      throw new UsageError(
        '--flows and --concurrency do not apply to the noisy-neighbour plan: its clients have rates of their own',
      );
    if (values.unprotected && values['unprotected-only'])
      throw new UsageError('--unprotected runs both; --unprotected-only the unprotected run alone: give one');
    const protections: Protection[] = values['unprotected-only']
      ? ['unprotected']
      : values.unprotected
        ? ['protected', 'unprotected']
        : ['protected'];
    return { noisy: { short: values.short === true, protections, json: values.json === true } };
  }
  if (values.flows !== undefined && name !== 'default')
    throw new UsageError(`--flows applies to the default plan only: ${name} drives flows until it is done`);
  const drive = {
    flows: values.flows === undefined ? undefined : wholeNumber(values, 'flows', 0),
    concurrency: values.concurrency === undefined ? undefined : wholeNumber(values, 'concurrency', 0),
  };
  return { plan: planNamed(name, values.short === true, drive), json: values.json === true };
}

/** The heals of the timeline: when each fault was over, ms after the drive started. */
const healsOf = (timeline: TimelineEntry[]) =>
  timeline.flatMap((entry) => (entry.healedAtMs === undefined ? [] : [entry.healedAtMs]));

/** The cuts of the timeline, each from its cut to its heal. */
function cutWindows(timeline: TimelineEntry[]): Array<{ what: string; fromMs: number; toMs: number }> {
  const windows: Array<{ what: string; fromMs: number; toMs: number }> = [];
  for (const entry of timeline) {
    if (!entry.what.startsWith('cut ')) continue;
    const cut = entry.what.slice(4).split(' (')[0]!;
    const heal = timeline.find((later) => later.atMs >= entry.atMs && later.what === `heal ${cut}`);
    windows.push({ what: `the cut of ${cut}`, fromMs: entry.atMs, toMs: heal?.atMs ?? Infinity });
  }
  return windows;
}

async function histories(topology: Topology, orderIds: string[]) {
  const facts = [];
  for (const orderId of orderIds) facts.push(factsOf(await topology.orderHistory(orderId)));
  return facts;
}

async function chaos(plan: ChaosPlan, topology: Topology, signal: AbortSignal): Promise<ChaosReport> {
  const host = machine();
  const attempts: Attempt[] = [];
  const post = retryingPost((attempt) => attempts.push(attempt));
  const { drive } = plan;
  const spacingMs = drive.kind === 'spread' ? plan.faultsEndMs / drive.flows : 0;
  const decisions =
    drive.kind === 'spread'
      ? decisionsInRailFaults(plan.railFaultWindows, drive.flows, spacingMs)
      : new Map<number, number>();
  const flows = { started: 0, ended: 0 };
  let phase = 'driving';

  const startedAt = performance.now();
  const startedEpoch = Date.now();
  // Flows timed to meet a rail fault wait for their instant; the others think as users do.
  const think = (index: number) =>
    decisions.has(index) ? Math.max(0, startedAt + decisions.get(index)! - performance.now()) : thinkMs(index);
  const perPayer = topology.payers.map((payer) =>
    qrFlow({
      apiUrl: topology.apiUrl,
      token: payer.token,
      receiverUrl: topology.receiver.url,
      callbacks: topology.receiver.callbacks,
      runId: 'chaos',
      amountOf: ordinaryAmount,
      thinkMs: think,
      post,
    }),
  );
  const flow: Flow = async (index, flowSignal) => {
    flows.started += 1;
    try {
      return await perPayer[index % perPayer.length]!(index, flowSignal);
    } finally {
      flows.ended += 1;
    }
  };

  const stopStarting = new AbortController();
  const running = runPlan(plan, topology, startedAt, signal, say);
  const progress = startProgress(
    { dataSource: topology.dataSource, plan: running.progress, flows, phase: () => phase, say },
    startedAt,
  );
  try {
    const concurrency = drive.concurrency;
    say(
      drive.kind === 'spread'
        ? `driving ${drive.flows} flows, ${concurrency} at a time, while the ${plan.name} plan runs for ${(plan.faultsEndMs / 1000).toFixed(0)} s…`
        : `driving flows ${concurrency} at a time until the ${plan.name} plan is done (about ${(plan.faultsEndMs / 1000).toFixed(0)} s)…`,
    );
    const driving = runFlows(flow, {
      label: 'chaos drive',
      flows: drive.kind === 'spread' ? drive.flows : MAX_FLOWS,
      concurrency,
      flowTimeoutMs: FLOW_TIMEOUT_MS,
      runTimeoutMs: drive.kind === 'spread' ? plan.faultsEndMs + LAST_START_AFTER_FAULTS_MS : Infinity,
      startSpacingMs: spacingMs,
      stopStarting: stopStarting.signal,
      // The progress lines below say how far the flows are.
      say: () => undefined,
    });
    const { timeline, skipped } = await running.done;
    if (drive.kind === 'continuous') stopStarting.abort();
    phase = 'the plan is done, flows finishing';
    const { result } = await driving;

    // Whatever the plan managed, the rail is healthy while the run settles.
    await topology.setRailFaults({}, performance.now() - startedAt);
    phase = 'settling';
    say('waiting for the orders to settle…');
    progress.now();
    const settle = await waitUntilSettled(topology.dataSource, SETTLE_LIMIT_MS, signal);
    phase = 'auditing';
    say('auditing…');
    const input = await readAuditInput(topology.dataSource, topology.railsUrl, topology.payers, (orderId) =>
      topology.workflowOf(orderId),
    );
    const times = await readOrderTimes(topology.dataSource, startedEpoch);
    const activities = await readWorkerActivities(topology.workerMetricsUrls());
    const heals = finalAfterHeals(times, healsOf(timeline));
    const requests = summarizeRequests(attempts);
    const requestsDuringCuts = requestsInWindows(attempts, startedAt, cutWindows(timeline));
    const bundles = plan.pass.bothBundlesServed
      ? bundlesServed(
          await histories(
            topology,
            input.orders.map((order) => order.id),
          ),
          (pid) => topology.workers.history.find((entry) => entry.pid === pid)?.variant,
          ROLLING_DEPLOY_PATCH,
        )
      : null;

    const checks: RuleResult[] = [
      ...(plan.railFaultWindows.length ? [railFaultsMetPayouts(topology.railCalls.windows)] : []),
      ...(plan.pass.noFailedRequests ? [noRequestFailed(requests), everyFlowCompleted(result)] : []),
      ...(plan.pass.finalWithinMsOfLastHeal !== null
        ? [
            finalSoonAfterLastHeal(times, heals, plan.pass.finalWithinMsOfLastHeal),
            requestsFailFastInCuts(requestsDuringCuts, REQUEST_BOUND_MS),
            activitiesEnded(activities),
          ]
        : []),
      ...(bundles ? [bothCodesServed(bundles)] : []),
      ...timeline
        .filter((entry) => entry.failed)
        .map((entry) => ({
          rule: 'every planned step done',
          checked: entry.what,
          violations: [`${entry.what} failed: ${entry.detail}`],
          notes: [],
        })),
    ];
    const audit = [...auditMoney(input, plan.pass.callbacksDelivered), ...checks];
    return {
      plan: plan.name,
      short: plan.short,
      flows: result.flows,
      concurrency,
      topology: topology.description,
      payers: topology.payers.length,
      machine: { ...host, loadAfter: loadavg()[0]! },
      timeline,
      skipped,
      faultsApplied: running.progress.faultsApplied,
      faultsEndMs: plan.faultsEndMs,
      drive: result,
      requests,
      requestsDuringCuts,
      balancer: topology.balancer.stats,
      settle,
      finalAfterHeals: heals,
      activities,
      counts: countsOf(input),
      workersDiedOnTheirOwn: topology.workers.unexpectedExits,
      apisDiedOnTheirOwn: topology.apis.unexpectedExits,
      unfinishedOrders: input.orders.filter((order) => !FINAL_STATUSES.includes(order.status)).map((order) => order.id),
      railCallsUnderFaults: topology.railCalls.windows,
      bundles,
      audit,
      violations: audit.reduce((total, rule) => total + rule.violations.length, 0),
    };
  } finally {
    progress.stop();
  }
}

async function main(): Promise<number> {
  const options = parseScriptOptions(
    process.argv.slice(2),
    {
      plan: { type: 'string' },
      short: { type: 'boolean' },
      unprotected: { type: 'boolean' },
      'unprotected-only': { type: 'boolean' },
    },
    USAGE,
    readOptions,
  );
  if (typeof options === 'number') return options;
  if ('noisy' in options) return noisyNeighbourCommand(options.noisy, say);
  const { plan } = options;

  if (plan.name === 'partitions') {
    const reason = networkNamespacesUnavailable();
    if (reason) {
      say(
        `the partitions plan cannot run on this machine: ${reason}. It needs root (or CAP_NET_ADMIN and CAP_SYS_ADMIN) and iproute2; nothing was run.`,
      );
      return 1;
    }
  }

  // Listening before the start-up, so Ctrl-C during it still ends in the clean-up below.
  const interrupted = interruption();
  const stop = new AbortController();
  const runDir = makeRunDir();
  let network: Network | null = null;
  let topology: Topology;
  try {
    say('bundling the workflow code once for every worker…');
    const bundles = await writeBundles(runDir, plan.pass.bothBundlesServed);
    if (plan.name === 'partitions') network = await Network.create(networkLayout(process.pid, APIS, WORKERS), say);
    topology = await startTopology({
      apis: APIS,
      workers: WORKERS,
      payers: PAYERS,
      bundles,
      network,
      serviceEnv: SERVICE_ENV,
      runDir,
      say,
    });
  } catch (error) {
    // startTopology cleans up after itself; what came before it is undone here.
    await network?.destroy();
    rmSync(runDir, { recursive: true, force: true });
    throw error;
  }
  let keepLogs = false;
  try {
    const outcome = await Promise.race([chaos(plan, topology, stop.signal), interrupted]);
    if (typeof outcome === 'number') {
      say('interrupted');
      return outcome;
    }
    const unfinished = outcome.unfinishedOrders;
    // Anything unexpected keeps the logs: a violation, an order not final, a process that died, a failed request.
    keepLogs =
      outcome.violations > 0 ||
      unfinished.length > 0 ||
      outcome.workersDiedOnTheirOwn.length + outcome.apisDiedOnTheirOwn.length > 0 ||
      Object.keys(outcome.requests.failed).length > 0;
    if (unfinished.length > 0)
      await topology
        .saveHistories(unfinished)
        .catch((error: unknown) => say(`could not save the workflow histories: ${String(error)}`));
    process.stdout.write(options.json ? `${JSON.stringify(outcome, null, 2)}\n` : formatChaosReport(outcome));
    return outcome.violations > 0 ? 1 : 0;
  } finally {
    stop.abort();
    say('cleaning up…');
    await topology.close(keepLogs);
    if (keepLogs) say(`logs kept in ${topology.logDir}`);
  }
}

runScript(main, say);
