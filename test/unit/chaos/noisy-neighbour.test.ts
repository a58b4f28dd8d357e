import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { load } from 'js-yaml';
import type { Acknowledged, Exchange, NoisyRecord, SteadyFlow } from '../../../scripts/chaos/noisy-neighbour/clients';
import {
  judge,
  NoisyFigures,
  noisySummary,
  ordinarySummary,
  Phases,
  steadySummary,
} from '../../../scripts/chaos/noisy-neighbour/criteria';
import { DOCUMENTED_RSS_BOUNDS_MIB } from '../../../scripts/chaos/noisy-neighbour/memory';
import type { OrdinaryFlow } from '../../../scripts/chaos/noisy-neighbour/ordinary-flows';
import {
  arrivals,
  FULL_NOISY_NEIGHBOUR,
  measuredCapacity,
  noisyNeighbourPlan,
  offeredRate,
  previewsQuotaFor,
  serviceEnvFor,
  SHORT_NOISY_NEIGHBOUR,
  temporalConfigFor,
} from '../../../scripts/chaos/noisy-neighbour/plan';
import type { Attempt } from '../../../scripts/shared/integrator-post';

const PHASES: Phases = {
  calibration: { fromMs: 0, toMs: 10_000 },
  baseline: { fromMs: 20_000, toMs: 50_000 },
  overload: { fromMs: 50_000, toMs: 170_000 },
  endMs: 200_000,
};

describe('the noisy-neighbour plan', () => {
  it("holds each worker to the chart's memory limit, the one the docs size", () => {
    const values = load(
      readFileSync(join(__dirname, '../../../deploy/helm/crossborder-payments/values.yaml'), 'utf8'),
    ) as { worker: { resources: { limits: { memory: string } } } };
    expect(values.worker.resources.limits.memory).toBe(`${DOCUMENTED_RSS_BOUNDS_MIB.worker}Mi`);
  });

  it("is the issue's: 30 s of baseline, 120 s of overload at five times the capacity, B once a second, a 20 s QR expiry; the short one is shorter", () => {
    expect(noisyNeighbourPlan(false)).toBe(FULL_NOISY_NEIGHBOUR);
    expect(FULL_NOISY_NEIGHBOUR).toMatchObject({
      baselineMs: 30_000,
      overloadMs: 120_000,
      overloadFactor: 5,
      steadyPerSecond: 1,
      qrExpirySeconds: 20,
      endAfterOverloadMs: 30_000,
    });
    expect(noisyNeighbourPlan(true)).toBe(SHORT_NOISY_NEIGHBOUR);
    expect(SHORT_NOISY_NEIGHBOUR.baselineMs + SHORT_NOISY_NEIGHBOUR.overloadMs).toBeLessThan(60_000);
  });

  it('sends open loop: request i is due i ÷ rate seconds in, whatever became of the others', () => {
    expect(arrivals(4, 1_000)).toEqual([0, 250, 500, 750]);
    expect(arrivals(2.5, 2_000)).toEqual([0, 400, 800, 1200, 1600]);
    expect(arrivals(160, 120_000)).toHaveLength(19_200);
    expect(arrivals(0, 1_000)).toEqual([]);
  });

  it('measures the capacity from the callbacks after the warm-up, and offers five times it', () => {
    const plan = { calibrationMs: 10_000, calibrationWarmUpMs: 2_000 };
    // Callbacks at 0.5 s steps from 0 to 11.5 s: 16 of them from 2 s to before 10 s.
    expect(
      measuredCapacity(
        Array.from({ length: 24 }, (_, i) => i * 500),
        plan,
      ),
    ).toBe(2);
    expect(offeredRate(8.2, FULL_NOISY_NEIGHBOUR)).toBeCloseTo(41);
    expect(offeredRate(0, FULL_NOISY_NEIGHBOUR)).toBe(1);
  });

  it('runs unprotected with the quotas, admission and fairness off, the rest as protected', () => {
    expect(serviceEnvFor('protected', FULL_NOISY_NEIGHBOUR)).toEqual({ QR_EXPIRY_SECONDS: '20' });
    expect(serviceEnvFor('unprotected', FULL_NOISY_NEIGHBOUR)).toEqual({
      QR_EXPIRY_SECONDS: '20',
      QUOTA_DEFAULTS: 'off',
      ADMISSION_MAX_BACKLOG_AGE: '0s',
    });
    const config = { 'matching.enableFairness': true, 'frontend.enableSchedules': true };
    expect(temporalConfigFor('protected', config)).toEqual(config);
    expect(temporalConfigFor('unprotected', config)).toEqual({
      'matching.enableFairness': false,
      'frontend.enableSchedules': true,
    });
  });

  it("sizes every client's previews quota from the measured capacity, never below two a second", () => {
    expect(previewsQuotaFor(40)).toBe('previews=6/12');
    expect(previewsQuotaFor(10)).toBe('previews=2/4');
    expect(previewsQuotaFor(3)).toBe('previews=2/4');
  });
});

const steadyFlow = (
  startedAtMs: number,
  previewCallbackMs: number,
  payFinalMs: number,
  failure: string | null = null,
): SteadyFlow => ({
  startedAtMs,
  previewCallbackMs,
  payFinalMs,
  failure,
});
const attempt = (outcome: string, verdict: Attempt['verdict']): Attempt => ({ sentAt: 0, ms: 10, outcome, verdict });
const exchange = (
  route: Exchange['route'],
  status: number | null,
  code: string | null = null,
  retryAfter = false,
  ms = 50,
): Exchange => ({
  route,
  sentAtMs: 60_000,
  ms,
  status,
  code,
  retryAfter,
});
const acknowledged = (callbackMs: number | null, paid = true): Acknowledged => ({
  reference: 'r',
  sentAtMs: 60_000,
  callbackMs,
  orderId: callbackMs === null ? null : 'o',
  paid,
  finalMs: paid ? 900 : null,
});

function noisyRecord(overrides: Partial<NoisyRecord> = {}): NoisyRecord {
  return {
    scheduled: 1200,
    sent: 1200,
    maxSendLagMs: 40,
    exchanges: [
      exchange('preview', 200),
      exchange('preview', 429, 'RATE_LIMITED', true),
      exchange('preview', 503, 'OVERLOADED', true),
      exchange('pay', 200),
    ],
    acknowledged: Array.from({ length: 100 }, (_, i) => acknowledged(1_000 + i * 50)),
    ...overrides,
  };
}

const ordinaryFlow = (
  startedAtMs: number,
  expected: string[],
  received = expected,
  failure: string | null = null,
): OrdinaryFlow => ({
  name: 'Pix key',
  startedAtMs,
  endedAtMs: startedAtMs + 3_000,
  expected,
  received,
  failure,
});

function figures(overrides: Partial<NoisyFigures> = {}): NoisyFigures {
  const steady = steadySummary(
    {
      flows: [
        ...Array.from({ length: 30 }, (_, i) => steadyFlow(20_000 + i * 1000, 200 + i, 300)),
        ...Array.from({ length: 120 }, (_, i) => steadyFlow(50_000 + i * 1000, 600 + i, 900)),
      ],
      attempts: [attempt('200', 'answered')],
    },
    PHASES,
  );
  return {
    capacityPerSecond: 10,
    plannedPerSecond: 50,
    steady,
    noisy: noisySummary(noisyRecord({ scheduled: 6000, sent: 6000 }), PHASES),
    ordinary: ordinarySummary(
      {
        flows: [
          ordinaryFlow(21_000, ['PREVIEW', 'COMPLETED']),
          ordinaryFlow(60_000, ['PREVIEW', 'PROCESSING', 'COMPLETED']),
        ],
        attempts: [],
      },
      PHASES,
    ),
    noisyNotFinalAtEnd: 0,
    auditViolations: 0,
    rss: {
      api: { mib: 180, pid: 1, samples: 300, firstMiB: 150 },
      worker: { mib: 700, pid: 2, samples: 300, firstMiB: 450 },
    },
    ...overrides,
  };
}

const failed = (all: ReturnType<typeof judge>) =>
  all.filter((criterion) => !criterion.pass).map((criterion) => `${criterion.client}: ${criterion.criterion}`);

describe('the noisy-neighbour criteria', () => {
  it("sorts B's flows into the baseline and the overload by when they started, and counts every answer other than a real one as refused", () => {
    const summary = steadySummary(
      {
        flows: [
          steadyFlow(19_000, 1, 1),
          steadyFlow(20_000, 100, 200),
          steadyFlow(49_999, 300, 400),
          steadyFlow(50_000, 900, 1100),
          steadyFlow(60_000, 0, 0, 'preview failed'),
        ],
        attempts: [
          attempt('200', 'answered'),
          attempt('503 OVERLOADED', 'retried'),
          attempt('503 OVERLOADED', 'retried'),
          attempt('network error (reset)', 'failed'),
        ],
      },
      PHASES,
    );
    expect(summary.baseline).toMatchObject({
      flows: 2,
      failed: 0,
      previewCallbackMs: { count: 2, p99: 300 },
      payFinalMs: { p99: 400 },
    });
    expect(summary.overload).toMatchObject({ flows: 2, failed: 1, previewCallbackMs: { count: 1, p99: 900 } });
    expect(summary.refused).toEqual({ '503 OVERLOADED': 2, 'network error (reset)': 1 });
    expect(summary.firstFailures).toEqual(['preview failed']);
  });

  it("takes a 429 or 503 with Retry-After for A's refusal, anything else not 2xx for an error, and a callback that never came for an endless one", () => {
    const summary = noisySummary(
      noisyRecord({
        exchanges: [
          exchange('preview', 200),
          exchange('preview', 429, 'RATE_LIMITED', true),
          exchange('preview', 503, 'OVERLOADED', true, 12_000),
          exchange('preview', 503, 'SERVICE_UNAVAILABLE', false),
          exchange('pay', 409, 'INVALID_STATUS'),
          exchange('preview', null, 'TimeoutError: aborted'),
        ],
        acknowledged: [acknowledged(1_000), acknowledged(null, false)],
      }),
      PHASES,
    );
    expect(summary.refusals).toEqual({ 'preview 429 RATE_LIMITED': 1, 'preview 503 OVERLOADED': 1 });
    expect(summary.otherErrors).toEqual({
      'preview 503 SERVICE_UNAVAILABLE without Retry-After': 1,
      'pay 409 INVALID_STATUS': 1,
      'preview no answer (TimeoutError: aborted)': 1,
    });
    expect(summary.longestRequestMs).toBe(12_000);
    expect(summary).toMatchObject({
      acknowledged: 2,
      callbacksMissing: 1,
      paid: 1,
      previewCallbackMs: { p50: 1_000, p99: Infinity },
      offeredPerSecond: 10,
    });
  });

  it('lists each callback C expected and did not get, by flow, in the phase the flow began', () => {
    const summary = ordinarySummary(
      {
        flows: [
          ordinaryFlow(21_000, ['PREVIEW', 'COMPLETED']),
          ordinaryFlow(
            60_000,
            ['PREVIEW', 'PROCESSING', 'COMPLETED'],
            ['PREVIEW'],
            'no PROCESSING callback within 20 s',
          ),
          ordinaryFlow(180_000, ['PREVIEW']),
        ],
        attempts: [attempt('429 RATE_LIMITED', 'retried')],
      },
      PHASES,
    );
    expect(summary.baseline).toEqual({
      flows: 1,
      expectedCallbacks: 2,
      receivedCallbacks: 2,
      missing: [],
      failures: [],
    });
    expect(summary.overload).toEqual({
      flows: 1,
      expectedCallbacks: 3,
      receivedCallbacks: 1,
      missing: ['Pix key: PROCESSING', 'Pix key: COMPLETED'],
      failures: ['Pix key: no PROCESSING callback within 20 s'],
    });
    expect(summary.refused).toEqual({ '429 RATE_LIMITED': 1 });
  });

  it('passes a run that met every criterion, each with its figure and bound', () => {
    const criteria = judge(figures());
    expect(failed(criteria)).toEqual([]);
    expect(criteria.map((criterion) => [criterion.client, criterion.value, criterion.limit, criterion.unit])).toEqual([
      ['plan', 50, 50, 'previews/s'],
      ['B', 0, 0, 'requests'],
      ['B', 718, 1458, 'ms'],
      ['B', 900, 1600, 'ms'],
      ['A', 0, 0, 'requests'],
      ['A', 50, 10_000, 'ms'],
      ['A', 5_900, 10_000, 'ms'],
      ['A', 0, 0, 'orders'],
      ['C', 0, 0, 'callbacks'],
      ['service', 0, 0, 'violations'],
      ['service', 180, DOCUMENTED_RSS_BOUNDS_MIB.api, 'MiB'],
      ['service', 700, DOCUMENTED_RSS_BOUNDS_MIB.worker, 'MiB'],
    ]);
  });

  it("holds B's p99s under the overload to twice the baseline's and a second more", () => {
    const slow = figures();
    slow.steady = {
      ...slow.steady,
      overload: {
        ...slow.steady.overload,
        previewCallbackMs: { ...slow.steady.overload.previewCallbackMs, p99: 1_459 },
      },
    };
    expect(failed(judge(slow))).toEqual(['B: preview → callback p99 under the overload within 2× its baseline + 1 s']);
    const none = figures();
    none.steady = {
      ...none.steady,
      baseline: { ...none.steady.baseline, payFinalMs: { count: 0, p50: NaN, p95: NaN, p99: NaN } },
    };
    expect(failed(judge(none))).toEqual([
      'B: pay → final callback p99 under the overload within 2× its baseline + 1 s',
    ]);
  });

  it('fails each other criterion on its own figure', () => {
    const run = figures();
    const cases: Array<[Partial<NoisyFigures>, string]> = [
      [{ steady: { ...run.steady, refused: { '503 OVERLOADED': 1 } } }, 'B: no request refused, every flow COMPLETED'],
      [
        { noisy: { ...run.noisy, otherErrors: { 'pay 409 INVALID_STATUS': 1 } } },
        'A: every refusal a 429 or 503 with Retry-After; no other error',
      ],
      [{ noisy: { ...run.noisy, longestRequestMs: 10_001 } }, 'A: no request over 10 s'],
      [
        { noisy: { ...run.noisy, previewCallbackMs: { count: 100, p50: 1, p95: 1, p99: Infinity } } },
        "A: acknowledged previews' callbacks p99 within 10 s",
      ],
      [{ noisyNotFinalAtEnd: 1 }, 'A: every acknowledged order final before the end'],
      [
        {
          ordinary: {
            ...run.ordinary,
            overload: { ...run.ordinary.overload, missing: ['collection: COMPLETED (collector)'] },
          },
        },
        'C: every callback its ordinary flows expect, under the overload as alone',
      ],
      [{ auditViolations: 2 }, 'service: no audit violation'],
      [
        { rss: { ...run.rss, api: { ...run.rss.api, mib: DOCUMENTED_RSS_BOUNDS_MIB.api + 1 } } },
        'service: each API replica RSS peak under its documented bound',
      ],
      [
        { rss: { ...run.rss, worker: { ...run.rss.worker, mib: DOCUMENTED_RSS_BOUNDS_MIB.worker + 1 } } },
        'service: each worker RSS peak under its documented bound',
      ],
      [
        { noisy: { ...run.noisy, maxSendLagMs: 1_500 } },
        'plan: A offered 50.0 previews/s (5× the measured 10.0), on schedule',
      ],
    ];
    for (const [change, criterion] of cases) expect(failed(judge({ ...run, ...change }))).toEqual([criterion]);
  });
});
