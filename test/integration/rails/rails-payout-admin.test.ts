import type { PayoutRequest } from '../../../src/rails/rails.port';
import type { MovementSummary } from '../../../sim/rails/money-movement.service';
import { startSimulator, type RunningSimulator } from './rails-simulator.fixture';
import { until } from '../../support/until';

let rails: RunningSimulator;

beforeAll(async () => {
  rails = await startSimulator({ seed: 'payout-admin-test' });
});

afterAll(() => rails.close());

afterEach(async () => {
  await rails.admin('DELETE');
});

let sequence = 0;
function payout(amount: string): PayoutRequest {
  sequence += 1;
  return {
    payoutId: `admin-payout-${sequence}`,
    orderId: `admin-order-${sequence}`,
    country: 'BR',
    currency: 'BRL',
    amount,
    destination: { type: 'KEY', key: 'ana@example.com' },
  };
}

type Summary = { payoutId: string } & MovementSummary;

async function counts(payoutId: string): Promise<Summary> {
  const response = await fetch(`${rails.baseUrl}/__admin/payouts/${encodeURIComponent(payoutId)}`);
  expect(response.status).toBe(200);
  return (await response.json()) as Summary;
}

async function everyPayout(): Promise<Summary[]> {
  const response = await fetch(`${rails.baseUrl}/__admin/payouts`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: Summary[] }).data;
}

describe('rails simulator admin: payout counts', () => {
  it('counts zero for an id the rail never saw', async () => {
    expect(await counts('never-seen')).toEqual({
      payoutId: 'never-seen',
      requests: 0,
      executions: 0,
      status: 'NOT_FOUND',
      amount: null,
      currency: null,
    });
  });

  it('counts one execution for a payout and its replays, and every request', async () => {
    const request = payout('25.00');
    await rails.adapter().payouts.payout(request);
    await rails.adapter().payouts.payout(request);
    expect(await counts(request.payoutId)).toEqual({
      payoutId: request.payoutId,
      requests: 2,
      executions: 1,
      status: 'COMPLETED',
      railReference: expect.stringMatching(/^E[0-9A-F]{16}$/),
      amount: '25.00',
      currency: 'BRL',
    });
  });

  it('shows how the rail settled a payout: REJECTED with its reason, NOT_FOUND when nothing settled', async () => {
    const rejected = payout('1313.13');
    await rails.adapter().payouts.payout(rejected);
    expect(await counts(rejected.payoutId)).toMatchObject({
      executions: 1,
      status: 'REJECTED',
      reason: 'DESTINATION_REFUSED',
      amount: '1313.13',
    });

    const failing = payout('5050.50');
    await rails.adapter().payouts.payout(failing);
    expect(await counts(failing.payoutId)).toMatchObject({
      requests: 1,
      executions: 0,
      status: 'NOT_FOUND',
      amount: '5050.50',
      currency: 'BRL',
    });
  });

  it('lists every payout it has seen, executed or not, in the order it first saw them', async () => {
    const paid = payout('31.00');
    const failing = payout('5050.50');
    await rails.adapter().payouts.payout(paid);
    await rails.adapter().payouts.payout(failing);
    const listed = await everyPayout();
    const ours = listed.filter((summary) => [paid.payoutId, failing.payoutId].includes(summary.payoutId));
    expect(ours).toEqual([
      expect.objectContaining({ payoutId: paid.payoutId, executions: 1, status: 'COMPLETED', amount: '31.00' }),
      expect.objectContaining({ payoutId: failing.payoutId, executions: 0, status: 'NOT_FOUND', amount: '5050.50' }),
    ]);
    expect(listed).toEqual(await Promise.all(listed.map((summary) => counts(summary.payoutId))));
  });

  it('does not count transient failures as executions', async () => {
    const request = payout('4242.42');
    expect(await rails.adapter().payouts.payout(request)).toMatchObject({ kind: 'UNKNOWN' });
    expect(await counts(request.payoutId)).toMatchObject({ requests: 1, executions: 0 });
    expect(await rails.adapter().payouts.payout(request)).toMatchObject({ kind: 'UNKNOWN' });
    expect((await rails.adapter().payouts.payout(request)).kind).toBe('COMPLETED');
    expect(await counts(request.payoutId)).toMatchObject({ requests: 3, executions: 1 });
  });

  it('counts one execution when a duplicate arrives while a slow payout is still in flight', async () => {
    const request = payout('7777.77');
    const first = rails.adapter(10_000).payouts.payout(request);
    // The duplicate must reach the rail before the first answers, as a retry after a crash would.
    await until('the first request to reach the rail', async () => (await counts(request.payoutId)).requests === 1, {
      timeoutMs: 10_000,
      intervalMs: 20,
    });
    const duplicate = rails.adapter(10_000).payouts.payout(request);
    await until('the second request to reach the rail', async () => (await counts(request.payoutId)).requests === 2, {
      timeoutMs: 10_000,
      intervalMs: 20,
    });
    expect(await counts(request.payoutId)).toMatchObject({ executions: 0 });
    const [a, b] = await Promise.all([first, duplicate]);
    expect(b).toEqual(a);
    expect(await counts(request.payoutId)).toMatchObject({ requests: 2, executions: 1 });
  });

  it('answers while rail faults are active, like every admin route', async () => {
    await rails.admin('POST', { down: true });
    expect(await counts('never-seen')).toMatchObject({ executions: 0 });
    expect(Array.isArray(await everyPayout())).toBe(true);
  });

  it('answers while the rail loses answers, so a lost payout can still be counted', async () => {
    const request = payout('32.00');
    await rails.admin('POST', { lose_response: true });
    expect(await rails.adapter(300).payouts.payout(request)).toMatchObject({ kind: 'UNKNOWN' });
    expect(await counts(request.payoutId)).toMatchObject({ executions: 1, status: 'COMPLETED' });
  });
});

describe('rails simulator admin: forced payout answers', () => {
  const force = (payoutId: string, body: unknown) =>
    fetch(`${rails.baseUrl}/__admin/payouts/${encodeURIComponent(payoutId)}/answer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const route = { country: 'BR', via: 'KEY' } as const;

  it('completes a payout whose amount would be rejected once it was told to', async () => {
    const request = payout('1313.13');
    const answer = await force(request.payoutId, { outcome: 'completed' });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ payoutId: request.payoutId, outcome: 'completed' });
    expect((await rails.adapter().payouts.payout(request)).kind).toBe('COMPLETED');
    expect(await counts(request.payoutId)).toMatchObject({ executions: 1, status: 'COMPLETED' });
  });

  it('rejects an ordinary payout once it was told to, as the destination refusing it', async () => {
    const request = payout('25.00');
    expect((await force(request.payoutId, { outcome: 'rejected' })).status).toBe(200);
    expect(await rails.adapter().payouts.payout(request)).toMatchObject({
      kind: 'REJECTED',
      reason: 'DESTINATION_REFUSED',
    });
    expect(await rails.adapter().payouts.payoutStatus({ payoutId: request.payoutId, route })).toMatchObject({
      status: 'REJECTED',
    });
  });

  it('takes a payout told "unknown" and never settles it: every request is an unknown outcome, every inquiry PENDING, nothing paid', async () => {
    const request = payout('25.00');
    expect((await force(request.payoutId, { outcome: 'unknown' })).status).toBe(200);
    expect(await rails.adapter().payouts.payout(request)).toMatchObject({ kind: 'UNKNOWN' });
    expect(await rails.adapter().payouts.payout(request)).toMatchObject({ kind: 'UNKNOWN' });
    expect(await rails.adapter().payouts.payoutStatus({ payoutId: request.payoutId, route })).toEqual({
      status: 'PENDING',
    });
    expect(await counts(request.payoutId)).toEqual({
      payoutId: request.payoutId,
      requests: 2,
      executions: 0,
      status: 'PENDING',
      amount: '25.00',
      currency: 'BRL',
    });
  });

  it('refuses to change the answer of a payout already requested (409)', async () => {
    const request = payout('25.00');
    await rails.adapter().payouts.payout(request);
    const answer = await force(request.payoutId, { outcome: 'rejected' });
    expect(answer.status).toBe(409);
    expect(await answer.json()).toMatchObject({ code: 'PAYOUT_ALREADY_REQUESTED' });
    expect(await counts(request.payoutId)).toMatchObject({ status: 'COMPLETED' });
  });

  it('refuses an outcome it does not know (400)', async () => {
    expect((await force('any-payout', { outcome: 'maybe' })).status).toBe(400);
    expect((await force('any-payout', { outcome: 'completed', extra: 1 })).status).toBe(400);
  });
});
