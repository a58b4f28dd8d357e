/**
 * The plans' own pass criteria beside the money audit (issue 19 and 20): what the run must have
 * exercised and how fast the topology must have recovered. Pure, over what the run recorded, so
 * each is unit-tested; each answers in the audit's shape, so the report and `violations` count
 * them alike.
 */
import type { RunResult } from '../shared/driver';
import type { RuleResult } from './audit';
import type { BundlesServed } from './histories';
import { RailFaultWindow, railFaultsWithoutPayouts } from './rail-calls';
import { count, RequestsInWindow, RequestSummary } from './requests';
import type { WorkerActivities } from './worker-metrics';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const describe = (counts: Record<string, number>) =>
  Object.entries(counts)
    .map(([what, n]) => `${n} × ${what}`)
    .join(', ');

/** Issue 19: each rail fault met payouts, or the run did not test what it is there for. */
export function railFaultsMetPayouts(windows: readonly RailFaultWindow[]): RuleResult {
  return {
    rule: 'every rail fault met payouts',
    checked: `${windows.length} rail faults`,
    violations: railFaultsWithoutPayouts(windows),
    notes: [],
  };
}

/** Rolling deploy: not one integrator request failed (a 503 with Retry-After, resent with its key, is no failure). */
export function noRequestFailed(requests: RequestSummary): RuleResult {
  const failed = count(requests.failed);
  return {
    rule: 'no integrator request failed',
    checked: `${requests.sent} requests, ${count(requests.retried)} answered "retry"`,
    violations: failed ? [`${failed} failed: ${describe(requests.failed)}`] : [],
    notes: [],
  };
}

/** Rolling deploy: a deploy is nothing an integrator may notice, so every flow ended COMPLETED, each request answered as it should be. */
export function everyFlowCompleted(drive: RunResult): RuleResult {
  return {
    rule: 'every flow ended COMPLETED',
    checked: `${drive.flows} flows`,
    violations: drive.failures ? [`${drive.failures} flows did not: ${drive.firstFailures.join('; ')}`] : [],
    notes: [],
  };
}

/** When each order was created and became final, in ms after the drive started (null: not final). */
export interface OrderTimes {
  id: string;
  createdAtMs: number;
  finalAtMs: number | null;
}

export interface FinalAfterHeals {
  /** The longest an order held up by a fault (made before its heal, final after it) took to become final after that heal. */
  longestMs: number | null;
  longestOrder: string | null;
  lastHealMs: number | null;
  /** From the last heal until the last order became final. */
  lastFinalAfterLastHealMs: number | null;
}

/**
 * How long orders took to become final once the fault holding them up was over: for each order
 * final after a heal and made before it, the time from the latest such heal to its final status.
 */
export function finalAfterHeals(orders: readonly OrderTimes[], heals: readonly number[]): FinalAfterHeals {
  const sorted = [...heals].sort((a, b) => a - b);
  const lastHealMs = sorted.at(-1) ?? null;
  let longestMs: number | null = null;
  let longestOrder: string | null = null;
  let lastFinal: number | null = null;
  for (const order of orders) {
    if (order.finalAtMs === null) continue;
    lastFinal = Math.max(lastFinal ?? -Infinity, order.finalAtMs);
    const heal = sorted.filter((at) => at <= order.finalAtMs! && at >= order.createdAtMs).at(-1);
    if (heal === undefined) continue;
    if (longestMs === null || order.finalAtMs - heal > longestMs) {
      longestMs = order.finalAtMs - heal;
      longestOrder = order.id;
    }
  }
  const lastFinalAfterLastHealMs =
    lastHealMs === null || lastFinal === null ? null : Math.max(0, lastFinal - lastHealMs);
  return { longestMs, longestOrder, lastHealMs, lastFinalAfterLastHealMs };
}

/** Partitions: every order final, the last within `limitMs` of the last heal. */
export function finalSoonAfterLastHeal(
  orders: readonly OrderTimes[],
  times: FinalAfterHeals,
  limitMs: number,
): RuleResult {
  const violations = orders
    .filter((order) => order.finalAtMs === null)
    .map((order) => `order ${order.id} is not final`);
  if (times.lastFinalAfterLastHealMs !== null && times.lastFinalAfterLastHealMs > limitMs) {
    violations.push(
      `the last order became final ${seconds(times.lastFinalAfterLastHealMs)} after the last heal, beyond ${seconds(limitMs)}`,
    );
  }
  return {
    rule: `every order final within ${limitMs / 60_000} min of the last heal`,
    checked: `${orders.length} orders`,
    violations,
    notes: [],
  };
}

/**
 * Partitions: while a path is cut, integrator requests fail fast with the documented answer (a
 * 503 with Retry-After) or succeed, none failing otherwise and none taking longer than `boundMs`.
 */
export function requestsFailFastInCuts(windows: readonly RequestsInWindow[], boundMs: number): RuleResult {
  const violations: string[] = [];
  for (const { what, summary } of windows) {
    const failed = count(summary.failed);
    if (failed) violations.push(`during ${what}: ${failed} requests failed (${describe(summary.failed)})`);
    if (summary.longest && summary.longest.ms > boundMs)
      violations.push(
        `during ${what}: a request took ${seconds(summary.longest.ms)} (${summary.longest.outcome}), beyond ${seconds(boundMs)}`,
      );
  }
  const sent = windows.reduce((total, window) => total + window.summary.sent, 0);
  return {
    rule: `requests during cuts answered within ${seconds(boundMs)}`,
    checked: `${sent} requests in ${windows.length} cuts`,
    violations,
    notes: [],
  };
}

/** Rolling deploy: old and new workflow code were live at once and both finished orders. */
export function bothCodesServed(served: BundlesServed): RuleResult {
  const violations: string[] = [];
  if (served.crossed === 0)
    violations.push('no order had workflow tasks completed by both the old and the new workflow code');
  if (served.withMarker === 0) violations.push("no order's history carries the new code's patch marker");
  return {
    rule: 'old and new workflow code both served orders',
    checked: `${served.crossed + served.onlyOld + served.onlyNew} orders`,
    violations,
    notes: [
      `${served.crossed} crossed the deploy, ${served.onlyOld} old code only, ${served.onlyNew} new code only, ${served.withMarker} with the patch marker`,
    ],
  };
}

/**
 * Partitions: no activity hung. Each attempt is bounded by its start-to-close timeout (the
 * server's for activities, the SDK's for local ones) and, inside, by the service's own timeouts
 * (docs/reliability.md, "Bounds"); what the run can see from outside is that none still runs
 * once every order settled, and how many took over 10 s.
 */
export function activitiesEnded(activities: WorkerActivities): RuleResult {
  const violations = [
    ...(activities.stillRunning
      ? [`${activities.stillRunning} activities were still running once every order had settled`]
      : []),
    ...activities.unread.map((unread) => `could not read a worker's metrics: ${unread}`),
  ];
  const attempts = activities.types.reduce((total, type) => total + type.attempts, 0);
  return {
    rule: 'no activity still running after the last heal',
    checked: `${attempts} activity attempts`,
    violations,
    notes: activities.types
      .filter((type) => type.overTenSeconds > 0)
      .map((type) => `${type.overTenSeconds} of ${type.attempts} ${type.kind} ${type.type} attempts took over 10 s`),
  };
}
