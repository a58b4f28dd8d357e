import type { RunResult } from '../shared/driver';
import { PERCENTILE_HEADS, PHASES, percentiles } from '../shared/latency';
import { describeMachine, Machine } from '../shared/machine';
import type { AuditInput, RuleResult } from './audit';
import type { BalancerStats } from './balancer';
import type { FinalAfterHeals } from './checks';
import type { BundlesServed } from './histories';
import { describeRailFault, RailFaultWindow } from './rail-calls';
import { count, RequestsInWindow, RequestSummary } from './requests';
import type { TimelineEntry } from './run-plan';
import type { PlanName } from './schedule';
import type { TopologyDescription } from './topology';
import type { WorkerActivities } from './worker-metrics';

export interface ChaosReport {
  plan: PlanName;
  /** The short version `npm test` runs. */
  short: boolean;
  flows: number;
  concurrency: number;
  topology: TopologyDescription;
  payers: number;
  machine: Machine;
  timeline: TimelineEntry[];
  /** Planned steps that could not start before the faults' window closed. */
  skipped: string[];
  /** Faults applied (heals not counted). */
  faultsApplied: number;
  /** When the last fault was planned to be over, ms after the drive started. */
  faultsEndMs: number;
  drive: RunResult;
  /** Every request the integrators sent, resends included, by how it went. */
  requests: RequestSummary;
  /** The requests sent while each path was cut (partitions). */
  requestsDuringCuts: RequestsInWindow[];
  balancer: BalancerStats;
  /** From the drive's end until every order was final and no callback pending, or the limit. */
  settle: { ms: number; complete: boolean };
  /** How long orders held up by a fault took to become final once it was over. */
  finalAfterHeals: FinalAfterHeals;
  counts: {
    orders: Record<string, number>;
    railPayouts: { seen: number; executedOnce: number; requests: number };
    callbacks: Record<string, number>;
  };
  workersDiedOnTheirOwn: string[];
  apisDiedOnTheirOwn: string[];
  /** Orders not final at the audit; their workflow histories go to the kept logs. */
  unfinishedOrders: string[];
  /** Per rail fault, the calls that met it: payouts, payout status inquiries, other calls. */
  railCallsUnderFaults: RailFaultWindow[];
  /** What the workers alive at the end say their activities took. */
  activities: WorkerActivities;
  /** Rolling deploy: which workflow code served the orders. */
  bundles: BundlesServed | null;
  /** The money audit's rules, then the plan's own checks. */
  audit: RuleResult[];
  violations: number;
}

const LISTED_PER_RULE = 20;
const seconds = (ms: number) => (ms / 1000).toFixed(1);

function tally(values: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}

const describeTally = (counts: Record<string, number>) =>
  Object.entries(counts)
    .sort(([, a], [, b]) => b - a)
    .map(([what, n]) => `${n} × ${what}`)
    .join(', ') || 'none';

/** The order, payout and callback counts the report's summary line shows. */
export function countsOf(input: AuditInput): ChaosReport['counts'] {
  return {
    orders: tally(input.orders.map((order) => order.status)),
    railPayouts: {
      seen: input.payouts.length,
      executedOnce: input.payouts.filter((payout) => payout.executions === 1).length,
      requests: input.payouts.reduce((total, payout) => total + payout.requests, 0),
    },
    callbacks: tally(input.notifications.map((notification) => notification.status)),
  };
}

function listed(lines: string[], mark: string): string[] {
  const shown = lines.slice(0, LISTED_PER_RULE).map((line) => `    ${mark} ${line}`);
  return lines.length > LISTED_PER_RULE ? [...shown, `    … and ${lines.length - LISTED_PER_RULE} more`] : shown;
}

const describeRequests = (summary: RequestSummary) =>
  `${summary.sent} sent, ${summary.answered} answered, ${count(summary.retried)} answered "retry" (${describeTally(summary.retried)}), ${count(summary.failed)} failed (${describeTally(summary.failed)})` +
  (summary.longest ? `; longest ${seconds(summary.longest.ms)} s (${summary.longest.outcome})` : '');

function railFaultLines(windows: readonly RailFaultWindow[]): string[] {
  return windows.map(
    (window) =>
      `  ${describeRailFault(window.fault)}, ${seconds(window.fromMs)}–${window.toMs === null ? '?' : seconds(window.toMs)} s: ${window.calls.payouts} payouts, ${window.calls['payout status inquiries']} payout status inquiries, ${window.calls['other calls']} other calls`,
  );
}

/** The human-readable report for stdout: what was done, how the flows and requests fared, and the audit table. */
export function formatChaosReport(report: ChaosReport): string {
  const { drive, topology } = report;
  const auditRow = (rule: string, checked: string, result: string) =>
    `${rule.padEnd(50)}${checked.padEnd(42)}${result}`;
  const heals = report.finalAfterHeals;
  return [
    `npm run chaos -- --plan ${report.plan}${report.short ? ' --short' : ''}: ${report.flows} flows, concurrency ${report.concurrency}, ${report.payers} payers`,
    `topology: ${topology.apis} API replicas behind a balancer, ${topology.workers} workers, the ${topology.temporal}${topology.networkNamespaces ? ', each component in its own network namespace' : ', on loopback'}`,
    describeMachine(report.machine),
    '',
    'chaos (seconds after the drive started)',
    ...report.timeline.map(
      (entry) =>
        `${seconds(entry.atMs).padStart(7)}  ${entry.what.padEnd(66)}${entry.failed ? 'FAILED: ' : ''}${entry.detail ?? ''}${entry.tookMs >= 1000 ? ` (took ${seconds(entry.tookMs)} s)` : ''}`,
    ),
    `  ${report.faultsApplied} faults applied; planned to be over by ${seconds(report.faultsEndMs)} s${report.skipped.length ? `; skipped, a worker still starting when the window closed: ${describeTally(tally(report.skipped))}` : ''}`,
    ...railFaultLines(report.railCallsUnderFaults),
    `  processes that died on their own (each replaced a second later): ${report.workersDiedOnTheirOwn.length + report.apisDiedOnTheirOwn.length || 'none'}`,
    ...listed([...report.workersDiedOnTheirOwn, ...report.apisDiedOnTheirOwn], '!'),
    '',
    `drive: ${drive.completed}/${drive.flows} flows ended COMPLETED end to end in ${seconds(drive.wallMs)} s`,
    ...drive.firstFailures.map((failure) => `  not COMPLETED: ${failure}`),
    `requests: ${describeRequests(report.requests)}`,
    ...report.requestsDuringCuts.map(
      (window) =>
        `  during ${window.what} (${seconds(window.fromMs)}–${seconds(window.toMs)} s): ${describeRequests(window.summary)}`,
    ),
    `balancer: ${report.balancer.forwarded} forwarded, ${report.balancer.resentToAnotherReplica} resent to another replica after a reset or refused connection, ${report.balancer.answeredByBalancer} answered by the balancer itself`,
    `${'latency under chaos, ms'.padEnd(32)}${PERCENTILE_HEADS}`,
    ...PHASES.map(([key, label]) => `${label.padEnd(32)}${percentiles(drive[key])}`),
    `settled ${seconds(report.settle.ms)} s after the drive: ${report.settle.complete ? 'every order final, no callback pending' : 'limit reached, audited as it stood'}`,
    `longest time to final after a heal: ${heals.longestMs === null ? 'no order was held up' : `${seconds(heals.longestMs)} s (order ${heals.longestOrder})`}` +
      (heals.lastFinalAfterLastHealMs === null
        ? ''
        : `; the last order final ${seconds(heals.lastFinalAfterLastHealMs)} s after the last heal`),
    `activities (the workers alive at the end): ${
      report.activities.types
        .map(
          (type) =>
            `${type.type}${type.kind === 'local activity' ? ' (local)' : ''} ${type.attempts} × ${type.meanMs.toFixed(0)} ms${type.overTenSeconds ? `, ${type.overTenSeconds} over 10 s` : ''}`,
        )
        .join('; ') || 'none read'
    }; ${report.activities.stillRunning} still running at the end`,
    ...(report.bundles
      ? [
          `workflow code: ${report.bundles.crossed} orders crossed the deploy (tasks by old and new workers), ${report.bundles.onlyOld} old code only, ${report.bundles.onlyNew} new code only; ${report.bundles.withMarker} carry the patch marker`,
        ]
      : []),
    '',
    `orders: ${describeTally(report.counts.orders)}`,
    `rail: ${report.counts.railPayouts.seen} payout ids, ${report.counts.railPayouts.executedOnce} executed exactly once, ${report.counts.railPayouts.requests} payout requests`,
    `callbacks: ${describeTally(report.counts.callbacks)}`,
    '',
    auditRow('audit', 'checked', 'result'),
    ...report.audit.flatMap((rule) => [
      auditRow(
        rule.rule,
        rule.checked,
        rule.violations.length
          ? `${rule.violations.length} VIOLATION${rule.violations.length === 1 ? '' : 'S'}`
          : `ok${rule.notes.length ? ` (${rule.notes.length} noted)` : ''}`,
      ),
      ...listed(rule.violations, '✗'),
      ...listed(rule.notes, '·'),
    ]),
    '',
    report.violations ? `${report.violations} violation${report.violations === 1 ? '' : 's'}` : 'no violation',
    '',
  ].join('\n');
}
