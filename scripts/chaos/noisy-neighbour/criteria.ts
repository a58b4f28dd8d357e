/**
 * What the noisy-neighbour plan proves, judged from what its clients recorded: each client's
 * figures per phase, then every criterion of issue 28's item 6 with its figure, its bound and
 * its verdict. Pure, so each criterion is unit-tested.
 */
import type { Attempt } from '../../shared/integrator-post';
import { Summary, summarize } from '../../shared/stats';
import type { NoisyRecord, SteadyRecord } from './clients';
import { DOCUMENTED_RSS_BOUNDS_MIB, RssPeaks } from './memory';
import type { OrdinaryRecord } from './ordinary-flows';

/** A span of the run, in ms after the drive started. */
export interface Span {
  fromMs: number;
  toMs: number;
}

export interface Phases {
  calibration: Span;
  baseline: Span;
  overload: Span;
  /** "Before the end": by then every acknowledged order of the noisy client must be final. */
  endMs: number;
}

/** B's latencies may grow under the overload to twice their baseline and one second more (issue 28). */
export const STEADY_LATENCY_FACTOR = 2;
export const STEADY_LATENCY_SLACK_MS = 1_000;
/** No request of the noisy client may take longer than this, and its acknowledged previews' callbacks p99 neither. */
export const NOISY_LIMIT_MS = 10_000;
/** The noisy client's schedule held if no preview went out later than this after its due time. */
export const SEND_LAG_LIMIT_MS = 1_000;

const within = (at: number, span: Span) => at >= span.fromMs && at < span.toMs;

function tally(keys: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const key of keys) counts[key] = (counts[key] ?? 0) + 1;
  return counts;
}

const total = (counts: Record<string, number>) => Object.values(counts).reduce((sum, n) => sum + n, 0);

export interface SteadyPhase {
  flows: number;
  failed: number;
  previewCallbackMs: Summary;
  payFinalMs: Summary;
}

export interface SteadySummary {
  baseline: SteadyPhase;
  overload: SteadyPhase;
  /** Every answer other than a real one (a 429, a 503, a failed request), by what it was. */
  refused: Record<string, number>;
  firstFailures: string[];
}

export function steadySummary(record: SteadyRecord, phases: Phases): SteadySummary {
  const phase = (span: Span): SteadyPhase => {
    const flows = record.flows.filter((flow) => within(flow.startedAtMs, span));
    const done = flows.filter((flow) => flow.failure === null);
    return {
      flows: flows.length,
      failed: flows.length - done.length,
      previewCallbackMs: summarize(done.map((flow) => flow.previewCallbackMs!)),
      payFinalMs: summarize(done.map((flow) => flow.payFinalMs!)),
    };
  };
  return {
    baseline: phase(phases.baseline),
    overload: phase(phases.overload),
    refused: refusalsOf(record.attempts),
    firstFailures: record.flows.flatMap((flow) => (flow.failure === null ? [] : [flow.failure])).slice(0, 5),
  };
}

/** The answers that were not real ones (a 429, a 503, a failed request), by what they were. */
export const refusalsOf = (attempts: readonly Attempt[]) =>
  tally(attempts.filter((attempt) => attempt.verdict !== 'answered').map((attempt) => attempt.outcome));

export interface NoisySummary {
  scheduled: number;
  sent: number;
  /** Previews a second, as sent. */
  offeredPerSecond: number;
  maxSendLagMs: number;
  acknowledged: number;
  /** Refusals as the issue allows them: a 429 or a 503 with Retry-After, by status and code. */
  refusals: Record<string, number>;
  /** Everything else that was not a 2xx: a refusal without Retry-After, any other status, no answer. */
  otherErrors: Record<string, number>;
  longestRequestMs: number;
  /** From sending each acknowledged preview to its callback; one that never came counts as endless. */
  previewCallbackMs: Summary;
  callbacksMissing: number;
  paid: number;
  payFinalMs: Summary;
}

export function noisySummary(record: NoisyRecord, phases: Phases): NoisySummary {
  const describe = (exchange: NoisyRecord['exchanges'][number]) =>
    exchange.status === null ? `no answer (${exchange.code})` : `${exchange.status} ${exchange.code ?? ''}`.trim();
  const refused = record.exchanges.filter(
    (exchange) => (exchange.status === 429 || exchange.status === 503) && exchange.retryAfter,
  );
  const others = record.exchanges.filter(
    (exchange) =>
      !refused.includes(exchange) && !(exchange.status !== null && exchange.status >= 200 && exchange.status < 300),
  );
  const callbackMs = record.acknowledged.map((acknowledged) => acknowledged.callbackMs ?? Infinity);
  const paid = record.acknowledged.filter((acknowledged) => acknowledged.paid);
  return {
    scheduled: record.scheduled,
    sent: record.sent,
    offeredPerSecond: record.sent / ((phases.overload.toMs - phases.overload.fromMs) / 1000),
    maxSendLagMs: record.maxSendLagMs,
    acknowledged: record.acknowledged.length,
    refusals: tally(refused.map((exchange) => `${exchange.route} ${describe(exchange)}`)),
    otherErrors: tally(
      others.map(
        (exchange) =>
          `${exchange.route} ${describe(exchange)}${exchange.status === 429 || exchange.status === 503 ? ' without Retry-After' : ''}`,
      ),
    ),
    longestRequestMs: Math.max(0, ...record.exchanges.map((exchange) => exchange.ms)),
    previewCallbackMs: summarize(callbackMs),
    callbacksMissing: callbackMs.filter((ms) => ms === Infinity).length,
    paid: paid.length,
    payFinalMs: summarize(paid.map((acknowledged) => acknowledged.finalMs ?? Infinity)),
  };
}

export interface OrdinaryPhase {
  flows: number;
  expectedCallbacks: number;
  receivedCallbacks: number;
  /** Each callback expected and not received, as `flow: callback`. */
  missing: string[];
  failures: string[];
}

export interface OrdinarySummary {
  baseline: OrdinaryPhase;
  overload: OrdinaryPhase;
  refused: Record<string, number>;
}

export function ordinarySummary(record: OrdinaryRecord, phases: Phases): OrdinarySummary {
  const phase = (span: Span): OrdinaryPhase => {
    const flows = record.flows.filter((flow) => within(flow.startedAtMs, span));
    return {
      flows: flows.length,
      expectedCallbacks: flows.reduce((sum, flow) => sum + flow.expected.length, 0),
      receivedCallbacks: flows.reduce((sum, flow) => sum + flow.received.length, 0),
      missing: flows.flatMap((flow) =>
        flow.expected.slice(flow.received.length).map((label) => `${flow.name}: ${label}`),
      ),
      failures: flows.flatMap((flow) => (flow.failure === null ? [] : [`${flow.name}: ${flow.failure}`])),
    };
  };
  return { baseline: phase(phases.baseline), overload: phase(phases.overload), refused: refusalsOf(record.attempts) };
}

/** One criterion of the plan: what it says, its figure, its bound, and whether the run met it. */
export interface Criterion {
  client: 'A' | 'B' | 'C' | 'service' | 'plan';
  criterion: string;
  /** The figure, in `unit`; null when there was nothing to measure. */
  value: number | null;
  /** The bound it is held to, in `unit`. */
  limit: number;
  unit: 'requests' | 'ms' | 'callbacks' | 'orders' | 'violations' | 'MiB' | 'previews/s';
  pass: boolean;
  /** What the figure is made of, when it is more than a number. */
  detail?: string;
}

export interface NoisyFigures {
  capacityPerSecond: number;
  /** The offered rate the plan called for. */
  plannedPerSecond: number;
  steady: SteadySummary;
  noisy: NoisySummary;
  ordinary: OrdinarySummary;
  /** Acknowledged orders of the noisy client not final at the end. */
  noisyNotFinalAtEnd: number;
  auditViolations: number;
  rss: RssPeaks;
}

const finite = (value: number) => (Number.isFinite(value) ? value : null);
const atMost = (value: number, limit: number) => Number.isFinite(value) && value <= limit;
const describeTally = (counts: Record<string, number>) =>
  Object.entries(counts)
    .sort(([, a], [, b]) => b - a)
    .map(([what, n]) => `${n} × ${what}`)
    .join(', ') || 'none';

/** Every criterion of the plan, in the order the issue lists them. */
export function judge(figures: NoisyFigures): Criterion[] {
  const { steady, noisy, ordinary } = figures;
  const latency = (what: string, key: 'previewCallbackMs' | 'payFinalMs'): Criterion => {
    const baseline = steady.baseline[key].p99;
    const limit = STEADY_LATENCY_FACTOR * baseline + STEADY_LATENCY_SLACK_MS;
    const value = steady.overload[key].p99;
    return {
      client: 'B',
      criterion: `${what} p99 under the overload within ${STEADY_LATENCY_FACTOR}× its baseline + ${STEADY_LATENCY_SLACK_MS / 1000} s`,
      value: finite(value),
      limit: Number.isFinite(limit) ? Math.round(limit) : 0,
      unit: 'ms',
      pass: atMost(value, limit),
      detail: `baseline p99 ${Number.isFinite(baseline) ? Math.round(baseline) : '-'} ms over ${steady.baseline.flows - steady.baseline.failed} flows, overload over ${steady.overload.flows - steady.overload.failed}`,
    };
  };
  const steadyFailed = steady.baseline.failed + steady.overload.failed;
  const refusedB = total(steady.refused);
  const otherErrors = total(noisy.otherErrors);
  const missing = ordinary.overload.missing.length + ordinary.baseline.missing.length;
  const rss = (role: keyof typeof DOCUMENTED_RSS_BOUNDS_MIB, name: string): Criterion => ({
    client: 'service',
    criterion: `${name} RSS peak under its documented bound`,
    value: Math.round(figures.rss[role].mib),
    limit: DOCUMENTED_RSS_BOUNDS_MIB[role],
    unit: 'MiB',
    pass: figures.rss[role].samples > 0 && figures.rss[role].mib <= DOCUMENTED_RSS_BOUNDS_MIB[role],
    detail: `${figures.rss[role].samples} samples`,
  });
  return [
    {
      client: 'plan',
      criterion: `A offered ${figures.plannedPerSecond.toFixed(1)} previews/s (5× the measured ${figures.capacityPerSecond.toFixed(1)}), on schedule`,
      value: Number(noisy.offeredPerSecond.toFixed(1)),
      limit: Number(figures.plannedPerSecond.toFixed(1)),
      unit: 'previews/s',
      pass: figures.capacityPerSecond > 0 && noisy.sent === noisy.scheduled && noisy.maxSendLagMs <= SEND_LAG_LIMIT_MS,
      detail: `${noisy.sent}/${noisy.scheduled} sent, the latest ${Math.round(noisy.maxSendLagMs)} ms after its due time`,
    },
    {
      client: 'B',
      criterion: 'no request refused, every flow COMPLETED',
      value: refusedB + steadyFailed,
      limit: 0,
      unit: 'requests',
      pass: refusedB === 0 && steadyFailed === 0,
      detail: `refused: ${describeTally(steady.refused)}; flows not COMPLETED: ${steadyFailed}${steady.firstFailures.length ? ` (${steady.firstFailures.join('; ')})` : ''}`,
    },
    latency('preview → callback', 'previewCallbackMs'),
    latency('pay → final callback', 'payFinalMs'),
    {
      client: 'A',
      criterion: 'every refusal a 429 or 503 with Retry-After; no other error',
      value: otherErrors,
      limit: 0,
      unit: 'requests',
      pass: otherErrors === 0,
      detail: `refusals: ${describeTally(noisy.refusals)}; other errors: ${describeTally(noisy.otherErrors)}`,
    },
    {
      client: 'A',
      criterion: `no request over ${NOISY_LIMIT_MS / 1000} s`,
      value: Math.round(noisy.longestRequestMs),
      limit: NOISY_LIMIT_MS,
      unit: 'ms',
      pass: noisy.longestRequestMs <= NOISY_LIMIT_MS,
      detail: 'the longest request',
    },
    {
      client: 'A',
      criterion: `acknowledged previews' callbacks p99 within ${NOISY_LIMIT_MS / 1000} s`,
      value: finite(noisy.previewCallbackMs.p99),
      limit: NOISY_LIMIT_MS,
      unit: 'ms',
      pass: noisy.acknowledged > 0 && atMost(noisy.previewCallbackMs.p99, NOISY_LIMIT_MS),
      detail: `${noisy.acknowledged} acknowledged, ${noisy.callbacksMissing} callbacks never came`,
    },
    {
      client: 'A',
      criterion: 'every acknowledged order final before the end',
      value: figures.noisyNotFinalAtEnd,
      limit: 0,
      unit: 'orders',
      pass: figures.noisyNotFinalAtEnd === 0,
      detail: 'orders not final at the end',
    },
    {
      client: 'C',
      criterion: 'every callback its ordinary flows expect, under the overload as alone',
      value: missing,
      limit: 0,
      unit: 'callbacks',
      pass: missing === 0 && ordinary.baseline.flows > 0 && ordinary.overload.flows > 0,
      detail:
        `alone ${ordinary.baseline.receivedCallbacks}/${ordinary.baseline.expectedCallbacks} over ${ordinary.baseline.flows} flows, ` +
        `under the overload ${ordinary.overload.receivedCallbacks}/${ordinary.overload.expectedCallbacks} over ${ordinary.overload.flows} flows` +
        (missing
          ? `; missing: ${[...ordinary.baseline.missing, ...ordinary.overload.missing].slice(0, 10).join('; ')}`
          : ''),
    },
    {
      client: 'service',
      criterion: 'no audit violation',
      value: figures.auditViolations,
      limit: 0,
      unit: 'violations',
      pass: figures.auditViolations === 0,
    },
    rss('api', 'each API replica'),
    rss('worker', 'each worker'),
  ];
}
