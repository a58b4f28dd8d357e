import { RailsUnavailableError } from '../../../src/rails/rails.errors';
import type { PayoutRequest, RefundRequest } from '../../../src/rails/rails.port';
import { startSimulator, type RunningSimulator } from './rails-simulator.fixture';

let rails: RunningSimulator;

beforeAll(async () => {
  rails = await startSimulator({ seed: 'payouts-test' });
});

afterAll(() => rails.close());

let sequence = 0;
function payout(amount: string, overrides: Partial<PayoutRequest> = {}): PayoutRequest {
  sequence += 1;
  return {
    payoutId: `payout-${sequence}`,
    orderId: `order-${sequence}`,
    country: 'BR',
    currency: 'BRL',
    amount,
    destination: { type: 'KEY', key: 'ana@example.com' },
    ...overrides,
  };
}

function refund(payoutReference: string, amount: string): RefundRequest {
  sequence += 1;
  return { refundId: `refund-${sequence}`, orderId: `order-${sequence}`, payoutReference, amount, currency: 'BRL' };
}

const unavailable = expect.objectContaining({ name: 'RailsUnavailableError', retryable: true });
const declinedWith = (code: string) => expect.objectContaining({ name: 'RailsDeclinedError', code, retryable: false });

describe('rails simulator over HTTP: payouts', () => {
  it('completes an ordinary payout with a rail reference', async () => {
    expect(await rails.adapter().payout(payout('150.00'))).toEqual({
      status: 'COMPLETED',
      railReference: expect.stringMatching(/^PO-[0-9A-F]{16}$/),
    });
  });

  it('pays once for the same payoutId: the replay returns the same result', async () => {
    const request = payout('99.90');
    const first = await rails.adapter().payout(request);
    const raw = await fetch(`${rails.baseUrl}/payouts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request),
    });
    // 201 created the payout; 200 says this answer is a replay and nothing moved.
    expect(raw.status).toBe(200);
    expect(await raw.json()).toEqual(first);
  });

  it('declines the same payoutId with another amount as IDEMPOTENCY_CONFLICT', async () => {
    const request = payout('10.00');
    await rails.adapter().payout(request);
    await expect(rails.adapter().payout({ ...request, amount: '10.01' })).rejects.toEqual(declinedWith('IDEMPOTENCY_CONFLICT'));
  });

  it('rejects amounts ending in .13', async () => {
    expect(await rails.adapter().payout(payout('100.13'))).toMatchObject({ status: 'REJECTED', reason: 'DESTINATION_REFUSED' });
  });

  it.each(['rejected@sandbox.test', '+5511999999999'])('rejects payouts to the magic destination %s', async (key) => {
    expect(await rails.adapter().payout(payout('20.00', { destination: { type: 'KEY', key } }))).toMatchObject({
      status: 'REJECTED',
      reason: 'DESTINATION_ACCOUNT_CLOSED',
    });
  });

  it('fails amounts ending in .50 on every attempt', async () => {
    const request = payout('75.50');
    for (let attempt = 0; attempt < 4; attempt += 1) {
      await expect(rails.adapter().payout(request)).rejects.toBeInstanceOf(RailsUnavailableError);
    }
  });

  it('fails amounts ending in .42 twice per payoutId, then completes', async () => {
    const request = payout('12.42');
    await expect(rails.adapter().payout(request)).rejects.toEqual(unavailable);
    await expect(rails.adapter().payout(request)).rejects.toEqual(unavailable);
    const settled = await rails.adapter().payout(request);
    expect(settled.status).toBe('COMPLETED');
    expect(await rails.adapter().payout(request)).toEqual(settled);
    // The counter belongs to the payoutId: a new id starts failing again.
    await expect(rails.adapter().payout(payout('12.42'))).rejects.toEqual(unavailable);
  });

  it('answers amounts ending in .77 after 3 s: a short timeout gives up, a retry gets the one payout', async () => {
    const request = payout('30.77');
    await expect(rails.adapter(500).payout(request)).rejects.toEqual(unavailable);
    const started = Date.now();
    const result = await rails.adapter(5000).payout(request);
    expect(result.status).toBe('COMPLETED');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(await rails.adapter(5000).payout(request)).toEqual(result);
  });

  it('pays a QR destination', async () => {
    const result = await rails.adapter().payout(payout('5.00', { destination: { type: 'QR', qr: '000201...' } }));
    expect(result.status).toBe('COMPLETED');
  });

  it('declines an amount that is not a positive decimal with at most 2 places', async () => {
    await expect(rails.adapter().payout(payout('12.345'))).rejects.toEqual(declinedWith('INVALID_REQUEST'));
    await expect(rails.adapter().payout(payout('0.00'))).rejects.toEqual(declinedWith('INVALID_REQUEST'));
  });
});

describe('rails simulator over HTTP: refunds', () => {
  let payoutReference: string;

  beforeAll(async () => {
    payoutReference = (await rails.adapter().payout(payout('500.00'))).railReference;
  });

  it('completes a refund once per refundId and conflicts on another amount', async () => {
    const request = refund(payoutReference, '40.00');
    const first = await rails.adapter().refund(request);
    expect(first).toEqual({ status: 'COMPLETED', railReference: expect.stringMatching(/^RF-[0-9A-F]{16}$/) });
    expect(await rails.adapter().refund(request)).toEqual(first);
    await expect(rails.adapter().refund({ ...request, amount: '41.00' })).rejects.toEqual(declinedWith('IDEMPOTENCY_CONFLICT'));
  });

  it('applies the amount magic values to refunds too', async () => {
    expect((await rails.adapter().refund(refund(payoutReference, '1.13'))).status).toBe('REJECTED');
    await expect(rails.adapter().refund(refund(payoutReference, '1.50'))).rejects.toEqual(unavailable);
    const flaky = refund(payoutReference, '1.42');
    await expect(rails.adapter().refund(flaky)).rejects.toEqual(unavailable);
    await expect(rails.adapter().refund(flaky)).rejects.toEqual(unavailable);
    expect((await rails.adapter().refund(flaky)).status).toBe('COMPLETED');
  });

  it('declines a refund of a payout the rail never made', async () => {
    await expect(rails.adapter().refund(refund('not-a-reference', '1.00'))).rejects.toEqual(
      declinedWith('UNKNOWN_PAYOUT_REFERENCE'),
    );
  });
});
