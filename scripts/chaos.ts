import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { FINAL_STATUSES } from '../src/orders/lifecycle';
import { auditMoney } from './chaos/audit';
import { ChaosReport, countsOf, formatChaosReport } from './chaos/report';
import { runPlan } from './chaos/run-plan';
import { chaosPlan, DEFAULT_PLAN_SETTINGS } from './chaos/schedule';
import { waitUntilSettled } from './chaos/settle';
import { readAuditInput } from './chaos/snapshot';
import { ChaosStack, startChaosStack } from './chaos/stack';
import { FlowOptions, parseFlowOptions } from './shared/command-line';
import { Flow, runFlows } from './shared/driver';
import { retryingPost } from './shared/integrator-post';
import { interruption } from './shared/interruption';
import { machine } from './shared/machine';
import { qrFlow } from './shared/qr-flow';
import { runScript, sayAs } from './shared/script-main';

const USAGE = `usage: npm run chaos -- [--flows N] [--concurrency C] [--json]

Starts its own stack on free loopback ports (PostgreSQL, a Temporal dev server, the rails
simulator, ${DEFAULT_PLAN_SETTINGS.workers} worker processes, the API) and drives N QR flows over HTTP, at most C at a
time, spread over the ${chaosPlan().faultsEndMs / 1000} s the chaos lasts, resending every request that fails
transiently with the same idempotency-key. Meanwhile it SIGKILLs a worker about every
${DEFAULT_PLAN_SETTINGS.killEveryMs / 1000} s, takes the rail down, restarts PostgreSQL, makes the rail lose its answers and
restarts the Temporal server. Then it audits the money (orders, ledger, the rail's payouts,
callbacks), prints the audit as a table, and exits 1 on any violation (docs/reliability.md).
Defaults: 60 flows, concurrency 10.`;

const say = sayAs('chaos');

const WORKERS = DEFAULT_PLAN_SETTINGS.workers;
const PAYERS = 2;
/** A flow still running this long after its start has failed (the audit still judges its order). */
const FLOW_TIMEOUT_MS = 5 * 60_000;
/** No flow starts this long after the faults are over; keeps a sick run bounded. */
const LAST_START_AFTER_FAULTS_MS = 120_000;
/** Beyond the QR expiry (120 s) and the longest payout inquiry back-off (60 s). */
const SETTLE_LIMIT_MS = 4 * 60_000;

/** Ordinary prices from 10.00 to 99.99 BRL, a different one per flow; none is a sandbox magic amount. */
const amountOf = (index: number) => ((1000 + ((index * 7919) % 9000)) / 100).toFixed(2);
/**
 * Up to 15 s between the preview and the decision, as a user reading the screen takes: pays
 * then land inside every fault, not only the previews that the rail's absence holds back.
 */
const thinkMs = (index: number) => (index * 3571) % 15_000;

async function chaos(options: FlowOptions, stack: ChaosStack, signal: AbortSignal): Promise<ChaosReport> {
  const host = machine();
  const plan = chaosPlan();
  const retries: Record<string, number> = {};
  const post = retryingPost((reason) => {
    retries[reason] = (retries[reason] ?? 0) + 1;
  });
  const perPayer = stack.payers.map((payer) =>
    qrFlow({ apiUrl: stack.apiUrl, token: payer.token, receiverUrl: stack.receiver.url, callbacks: stack.receiver.callbacks, runId: 'chaos', amountOf, thinkMs, post }),
  );
  const flow: Flow = (index, flowSignal) => perPayer[index % perPayer.length]!(index, flowSignal);

  say(`driving ${options.flows} flows, ${options.concurrency} at a time, while the chaos runs for ${(plan.faultsEndMs / 1000).toFixed(0)} s…`);
  const startedAt = performance.now();
  const [{ result: drive }, { timeline, skipped }] = await Promise.all([
    runFlows(flow, {
      label: 'chaos drive',
      flows: options.flows,
      concurrency: options.concurrency,
      flowTimeoutMs: FLOW_TIMEOUT_MS,
      runTimeoutMs: plan.faultsEndMs + LAST_START_AFTER_FAULTS_MS,
      startSpacingMs: plan.faultsEndMs / options.flows,
      say,
    }),
    runPlan(plan, stack, startedAt, signal, say),
  ]);

  // Whatever the plan managed before its window closed, the rail is healthy while the run settles.
  await stack.setRailFaults({});
  say('waiting for the orders to settle…');
  const settle = await waitUntilSettled(stack.dataSource, SETTLE_LIMIT_MS, signal);
  say('auditing…');
  const input = await readAuditInput(stack.dataSource, stack.railsUrl, stack.payers, (orderId) => stack.workflowOf(orderId));
  const audit = auditMoney(input);
  return {
    flows: options.flows,
    concurrency: options.concurrency,
    workers: WORKERS,
    payers: PAYERS,
    machine: { ...host, loadAfter: loadavg()[0]! },
    timeline,
    skipped,
    faultsEndMs: plan.faultsEndMs,
    drive,
    retries,
    settle,
    counts: countsOf(input),
    unfinishedOrders: input.orders.filter((order) => !FINAL_STATUSES.includes(order.status)).map((order) => order.id),
    workersDiedOnTheirOwn: stack.workers.unexpectedExits,
    railCallsUnderFaults: stack.railCallsUnderFaults,
    audit,
    violations: audit.reduce((total, rule) => total + rule.violations.length, 0),
  };
}

async function main(): Promise<number> {
  const options = parseFlowOptions(process.argv.slice(2), { flows: 60, concurrency: 10, json: false }, USAGE);
  if (typeof options === 'number') return options;

  // Listening before the start-up, so Ctrl-C during it still ends in the clean-up below.
  const interrupted = interruption();
  const stop = new AbortController();
  const stack = await startChaosStack({ workers: WORKERS, payers: PAYERS, say });
  let keepLogs = false;
  try {
    const outcome = await Promise.race([chaos(options, stack, stop.signal), interrupted]);
    if (typeof outcome === 'number') {
      say('interrupted');
      return outcome;
    }
    const unfinished = outcome.unfinishedOrders;
    // Anything unexpected keeps the logs: a violation, an order not final, a worker that died, a 500 from the API.
    const answered500 = Object.keys(outcome.retries).some((reason) => reason.startsWith('500'));
    keepLogs = outcome.violations > 0 || unfinished.length > 0 || outcome.workersDiedOnTheirOwn.length > 0 || answered500;
    if (unfinished.length > 0) await stack.saveHistories(unfinished).catch((error: unknown) => say(`could not save the workflow histories: ${String(error)}`));
    process.stdout.write(options.json ? `${JSON.stringify(outcome, null, 2)}\n` : formatChaosReport(outcome));
    return outcome.violations > 0 ? 1 : 0;
  } finally {
    stop.abort();
    say('cleaning up…');
    await stack.close(keepLogs);
    if (keepLogs) say(`logs kept in ${stack.logDir}`);
  }
}

runScript(main, say);
