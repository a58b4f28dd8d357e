import {
  bothCodesServed,
  everyFlowCompleted,
  finalAfterHeals,
  finalSoonAfterLastHeal,
  noRequestFailed,
  railFaultsMetPayouts,
  requestsFailFastInCuts,
} from '../../../scripts/chaos/checks';
import { railCallOf, RailCallsUnderFaults } from '../../../scripts/chaos/rail-calls';
import { requestsInWindows, summarizeRequests } from '../../../scripts/chaos/requests';
import type { Attempt } from '../../../scripts/shared/integrator-post';

const attempt = (sentAt: number, ms: number, outcome: string, verdict: Attempt['verdict']): Attempt => ({
  sentAt,
  ms,
  outcome,
  verdict,
});

describe('the plans’ own checks', () => {
  describe('every rail fault met payouts (issue 19)', () => {
    it('counts what each fault met, and flags a fault that met no payout', () => {
      const calls = new RailCallsUnderFaults();
      calls.record('payouts'); // the rail is healthy: not counted
      calls.faultIs('down', 8_000);
      calls.record('payouts');
      calls.record('payout status inquiries');
      calls.record('other calls');
      calls.faultIs(null, 23_000);
      calls.faultIs('lose_response', 54_000);
      calls.record('payout status inquiries');
      calls.faultIs(null, 69_000);
      expect(calls.windows).toEqual([
        {
          fault: 'down',
          fromMs: 8_000,
          toMs: 23_000,
          calls: { payouts: 1, 'payout status inquiries': 1, 'other calls': 1 },
        },
        {
          fault: 'lose_response',
          fromMs: 54_000,
          toMs: 69_000,
          calls: { payouts: 0, 'payout status inquiries': 1, 'other calls': 0 },
        },
      ]);
      expect(railFaultsMetPayouts(calls.windows)).toEqual({
        rule: 'every rail fault met payouts',
        checked: '2 rail faults',
        violations: ['the rail losing its answers from 54.0 s to 69.0 s met no payout'],
        notes: [],
      });
    });
  });

  describe('requests', () => {
    const attempts = [
      attempt(1_000, 120, '200', 'answered'),
      attempt(2_000, 40, '503 SERVICE_UNAVAILABLE', 'retried'),
      attempt(3_000, 9_000, '503 SERVICE_UNAVAILABLE', 'retried'),
      attempt(4_000, 3, 'network error (other side closed)', 'failed'),
      attempt(5_000, 80, '200', 'answered'),
    ];

    it('sorts every attempt by how it went, and names the longest', () => {
      expect(summarizeRequests(attempts)).toEqual({
        sent: 5,
        answered: 2,
        retried: { '503 SERVICE_UNAVAILABLE': 2 },
        failed: { 'network error (other side closed)': 1 },
        longest: { ms: 9_000, outcome: '503 SERVICE_UNAVAILABLE' },
      });
    });

    it('fails a rolling deploy for any failed request, not for a 503 the integrator was told to resend', () => {
      expect(noRequestFailed(summarizeRequests(attempts)).violations).toEqual([
        '1 failed: 1 × network error (other side closed)',
      ]);
      expect(noRequestFailed(summarizeRequests(attempts.filter((a) => a.verdict !== 'failed'))).violations).toEqual([]);
    });

    it('judges the requests under way during each cut, one that hangs into the next included: fast, and refused the documented way', () => {
      const windows = requestsInWindows(attempts, 500, [
        { what: 'the cut of api↔postgres', fromMs: 1_000, toMs: 3_000 },
        { what: 'the cut of api↔temporal', fromMs: 3_000, toMs: 5_000 },
      ]);
      expect(windows.map((window) => window.summary.sent)).toEqual([2, 3]);
      expect(requestsFailFastInCuts(windows, 10_000).violations).toEqual([
        'during the cut of api↔temporal: 1 requests failed (1 × network error (other side closed))',
      ]);
      expect(requestsFailFastInCuts(windows, 5_000).violations).toEqual([
        'during the cut of api↔postgres: a request took 9.0 s (503 SERVICE_UNAVAILABLE), beyond 5.0 s',
        'during the cut of api↔temporal: 1 requests failed (1 × network error (other side closed))',
        'during the cut of api↔temporal: a request took 9.0 s (503 SERVICE_UNAVAILABLE), beyond 5.0 s',
      ]);
    });
  });

  describe('time to final after a heal', () => {
    const heals = [10_000, 40_000];
    const orders = [
      { id: 'before-any-fault', createdAtMs: 0, finalAtMs: 5_000 },
      { id: 'held-by-the-first', createdAtMs: 8_000, finalAtMs: 25_000 },
      { id: 'held-by-the-second', createdAtMs: 30_000, finalAtMs: 52_000 },
      { id: 'after-the-last', createdAtMs: 41_000, finalAtMs: 43_000 },
    ];

    it('measures each held-up order from the heal that freed it', () => {
      expect(finalAfterHeals(orders, heals)).toEqual({
        longestMs: 15_000,
        longestOrder: 'held-by-the-first',
        lastHealMs: 40_000,
        lastFinalAfterLastHealMs: 12_000,
      });
      expect(finalAfterHeals(orders, [])).toEqual({
        longestMs: null,
        longestOrder: null,
        lastHealMs: null,
        lastFinalAfterLastHealMs: null,
      });
    });

    it('passes every order final soon enough after the last heal, and flags an order not final or too late', () => {
      expect(finalSoonAfterLastHeal(orders, finalAfterHeals(orders, heals), 180_000).violations).toEqual([]);
      const late = [
        ...orders,
        { id: 'late', createdAtMs: 39_000, finalAtMs: 230_000 },
        { id: 'open', createdAtMs: 39_500, finalAtMs: null },
      ];
      expect(finalSoonAfterLastHeal(late, finalAfterHeals(late, heals), 180_000).violations).toEqual([
        'order open is not final',
        'the last order became final 190.0 s after the last heal, beyond 180.0 s',
      ]);
    });
  });

  describe('both workflow codes served', () => {
    it('passes when orders crossed the deploy and new ones carry the patch marker', () => {
      expect(bothCodesServed({ crossed: 3, onlyOld: 10, onlyNew: 5, withMarker: 5 }).violations).toEqual([]);
    });

    it('flags a deploy no order crossed, or whose new code left no marker', () => {
      expect(bothCodesServed({ crossed: 0, onlyOld: 10, onlyNew: 0, withMarker: 0 }).violations).toEqual([
        'no order had workflow tasks completed by both the old and the new workflow code',
        "no order's history carries the new code's patch marker",
      ]);
    });
  });
});

describe('every flow completed (rolling deploy)', () => {
  const drive = (failures: number, firstFailures: string[] = []) => ({
    flows: 40,
    completed: 40 - failures,
    wallMs: 1,
    flowsPerSecond: 1,
    previewAck: { count: 0, p50: 0, p95: 0, p99: 0 },
    payAck: { count: 0, p50: 0, p95: 0, p99: 0 },
    decisionToCompleted: { count: 0, p50: 0, p95: 0, p99: 0 },
    failures,
    firstFailures,
  });

  it('flags a flow an integrator saw fail, with why', () => {
    expect(everyFlowCompleted(drive(0)).violations).toEqual([]);
    expect(everyFlowCompleted(drive(1, ['flow 25: POST /v2/payments answered 409'])).violations).toEqual([
      '1 flows did not: flow 25: POST /v2/payments answered 409',
    ]);
  });
});

describe('what a call to the rail is', () => {
  it('knows every rail’s payouts and their status inquiries, as the simulator serves them, from the other calls', () => {
    expect(railCallOf('POST', '/acquirer/payouts')).toBe('payouts');
    expect(railCallOf('POST', '/br/spi/payments')).toBe('payouts');
    expect(railCallOf('POST', '/pe/cce/transfers')).toBe('payouts');
    expect(railCallOf('POST', '/co/breb/transferencias')).toBe('payouts');
    expect(railCallOf('GET', '/acquirer/payouts/0b4edd28-9040-4827-998e-c3845babf450')).toBe('payout status inquiries');
    expect(railCallOf('GET', '/br/spi/payments/abc?x=1')).toBe('payout status inquiries');
    expect(railCallOf('POST', '/acquirer/refunds')).toBe('other calls');
    expect(railCallOf('GET', '/fx/rates/BRL/USD')).toBe('other calls');
    expect(railCallOf('POST', '/acquirer/merchants/resolve')).toBe('other calls');
    expect(railCallOf('POST', '/__admin/faults')).toBeNull();
  });
});
