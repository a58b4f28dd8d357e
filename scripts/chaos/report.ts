import type { RunResult } from '../shared/driver';
import { PERCENTILE_HEADS, PHASES, percentiles } from '../shared/latency';
import { describeMachine, Machine } from '../shared/machine';
import type { AuditInput, RuleResult } from './audit';
import type { TimelineEntry } from './run-plan';
import type { RailCallsUnderFaults } from './rail-calls';

export interface ChaosReport {
  flows: number;
  concurrency: number;
  workers: number;
  payers: number;
  machine: Machine;
  timeline: TimelineEntry[];
  /** Planned steps that could not start before the faults' window closed. */
  skipped: string[];
  /** When the last fault (restarts included) was planned to be over, ms after the drive started. */
  faultsEndMs: number;
  drive: RunResult;
  /** Requests resent with the same idempotency-key, by what went wrong. */
  retries: Record<string, number>;
  /** From the drive's end until every order was final and no callback pending, or the limit. */
  settle: { ms: number; complete: boolean };
  counts: {
    orders: Record<string, number>;
    railPayouts: { seen: number; executedOnce: number; requests: number };
    callbacks: Record<string, number>;
  };
  workersDiedOnTheirOwn: string[];
  /** Orders not final at the audit; their workflow histories go to the kept logs. */
  unfinishedOrders: string[];
  railCallsUnderFaults: RailCallsUnderFaults;
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
    .map(([what, count]) => `${count} × ${what}`)
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

const describeCalls = (calls: Record<string, number>) =>
  Object.entries(calls)
    .map(([call, count]) => `${count} ${call}`)
    .join(', ');

function listed(lines: string[], mark: string): string[] {
  const shown = lines.slice(0, LISTED_PER_RULE).map((line) => `    ${mark} ${line}`);
  return lines.length > LISTED_PER_RULE ? [...shown, `    … and ${lines.length - LISTED_PER_RULE} more`] : shown;
}

/** The human-readable report for stdout: what was done, how the flows fared, and the audit table. */
export function formatChaosReport(report: ChaosReport): string {
  const { drive } = report;
  const retried = Object.values(report.retries).reduce((total, count) => total + count, 0);
  const auditRow = (rule: string, checked: string, result: string) => `${rule.padEnd(46)}${checked.padEnd(42)}${result}`;
  return [
    `npm run chaos: ${report.flows} flows, concurrency ${report.concurrency}, ${report.workers} worker processes, ${report.payers} payers`,
    describeMachine(report.machine),
    '',
    'chaos (seconds after the drive started)',
    ...report.timeline.map(
      (entry) =>
        `${seconds(entry.atMs).padStart(7)}  ${entry.what.padEnd(50)}${entry.failed ? 'FAILED: ' : ''}${entry.detail ?? ''}${entry.tookMs >= 1000 ? ` (took ${seconds(entry.tookMs)} s)` : ''}`,
    ),
    `  every fault over by ${seconds(report.faultsEndMs)} s; skipped, a worker still starting when the window closed: ${describeTally(tally(report.skipped))}`,
    `  rail calls while it was down: ${describeCalls(report.railCallsUnderFaults.down)}; while it lost its answers: ${describeCalls(report.railCallsUnderFaults.lose_response)}`,
    `  worker processes that died on their own (each replaced a second later): ${report.workersDiedOnTheirOwn.length || 'none'}`,
    ...listed(report.workersDiedOnTheirOwn, '!'),
    '',
    `drive: ${drive.completed}/${drive.flows} flows ended COMPLETED end to end in ${seconds(drive.wallMs)} s`,
    `requests resent with the same idempotency-key: ${retried}${retried ? ` (${describeTally(report.retries)})` : ''}`,
    ...drive.firstFailures.map((failure) => `  not COMPLETED: ${failure}`),
    `${'latency under chaos, ms'.padEnd(32)}${PERCENTILE_HEADS}`,
    ...PHASES.map(([key, label]) => `${label.padEnd(32)}${percentiles(drive[key])}`),
    `settled ${seconds(report.settle.ms)} s after the drive: ${report.settle.complete ? 'every order final, no callback pending' : 'limit reached, audited as it stood'}`,
    '',
    `orders: ${describeTally(report.counts.orders)}`,
    `rail: ${report.counts.railPayouts.seen} payout ids, ${report.counts.railPayouts.executedOnce} executed exactly once, ${report.counts.railPayouts.requests} payout requests`,
    `callbacks: ${describeTally(report.counts.callbacks)}`,
    '',
    auditRow('money audit', 'checked', 'result'),
    ...report.audit.flatMap((rule) => [
      auditRow(rule.rule, rule.checked, rule.violations.length ? `${rule.violations.length} VIOLATION${rule.violations.length === 1 ? '' : 'S'}` : `ok${rule.notes.length ? ` (${rule.notes.length} explained)` : ''}`),
      ...listed(rule.violations, '✗'),
      ...listed(rule.notes, '·'),
    ]),
    '',
    report.violations ? `${report.violations} violation${report.violations === 1 ? '' : 's'}` : 'no violation',
    '',
  ].join('\n');
}
