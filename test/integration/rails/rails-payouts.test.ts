import type { PayoutRequest, RefundRequest } from '../../../src/rails/rails.port';
import { BR_KEY, startSimulator, type RunningSimulator } from './rails-simulator.fixture';

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

const unknown = expect.objectContaining({ kind: 'UNKNOWN' });

describe('rails simulator over HTTP: payouts', () => {
  it('completes an ordinary payout with a rail reference', async () => {
    expect(await rails.adapter().payouts.payout(payout('150.00'))).toEqual({
      kind: 'COMPLETED',
      railReference: expect.stringMatching(/^E[0-9A-F]{16}$/),
    });
  });

  it('pays once for the same payoutId: the replay returns the same result', async () => {
    const request = payout('99.90');
    const first = await rails.adapter().payouts.payout(request);
    // The same payout as SPI sees it: Pix's own wire, under the same idempotency key.
    const raw = await fetch(`${rails.baseUrl}/br/spi/payments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        idempotencyKey: request.payoutId,
        orderId: request.orderId,
        amount: request.amount,
        currency: 'BRL',
        creditorKey: 'ana@example.com',
      }),
    });
    // 201 created the payout; 200 says this answer is a replay and nothing moved.
    expect(raw.status).toBe(200);
    expect(await raw.json()).toEqual({ status: 'ACSC', endToEndId: first.kind === 'COMPLETED' && first.railReference });
  });

  it('calls the same payoutId with another amount UNKNOWN: the first request may have paid', async () => {
    const request = payout('10.00');
    await rails.adapter().payouts.payout(request);
    expect(await rails.adapter().payouts.payout({ ...request, amount: '10.01' })).toEqual({
      kind: 'UNKNOWN',
      reason: expect.stringContaining('IDEMPOTENCY_CONFLICT'),
    });
  });

  it('does not take an ordinary amount with magic-looking cents for a trigger', async () => {
    for (const amount of ['15.50', '100.13', '12.42', '30.77', '60.60']) {
      expect(await rails.adapter().payouts.payout(payout(amount))).toMatchObject({ kind: 'COMPLETED' });
    }
  });

  it('rejects the amount 1313.13', async () => {
    expect(await rails.adapter().payouts.payout(payout('1313.13'))).toMatchObject({
      kind: 'REJECTED',
      reason: 'DESTINATION_REFUSED',
    });
  });

  it.each(['rejected@sandbox.test', '+5511999999999'])('rejects payouts to the magic destination %s', async (key) => {
    expect(await rails.adapter().payouts.payout(payout('20.00', { destination: { type: 'KEY', key } }))).toMatchObject({
      kind: 'REJECTED',
      reason: 'DESTINATION_ACCOUNT_CLOSED',
    });
  });

  it.each([
    ['BR', 'BRL', '+5511987654321'],
    ['CO', 'COP', '+573001234567'],
    ['PE', 'PEN', '+51987654321'],
  ] as const)(
    'pays a %s phone key into the wallet the payer picked, and nowhere else',
    async (country, currency, key) => {
      const lookup = await rails.adapter().keys.lookupKey({ country, key });
      const [wallet] = 'wallets' in lookup && lookup.wallets ? lookup.wallets : [];
      if (!wallet) throw new Error(`no wallet for ${key}`);
      const toPhone = (walletId: string) =>
        payout('20.00', { country, currency, destination: { type: 'KEY', key, walletId } });
      expect(await rails.adapter().payouts.payout(toPhone(wallet.id))).toMatchObject({ kind: 'COMPLETED' });
      // A wallet the phone does not have (the key moved to another account since the preview): refused, not paid.
      expect(await rails.adapter().payouts.payout(toPhone('0e0b6a52-3c1d-4f7e-9a8b-1c2d3e4f5a6b'))).toMatchObject({
        kind: 'FAILED',
        reason: expect.stringContaining('WALLET_NOT_FOUND'),
      });
    },
  );

  it('leaves 5050.50 unknown on every request, and the inquiry says the rail never executed it', async () => {
    const request = payout('5050.50');
    for (let attempt = 0; attempt < 3; attempt += 1)
      expect(await rails.adapter().payouts.payout(request)).toEqual(unknown);
    expect(await rails.adapter().payouts.payoutStatus({ payoutId: request.payoutId, route: BR_KEY })).toEqual({
      status: 'NOT_FOUND',
    });
  });

  it('answers 4242.42 unknown twice per payoutId, then completes', async () => {
    const request = payout('4242.42');
    expect(await rails.adapter().payouts.payout(request)).toEqual(unknown);
    expect(await rails.adapter().payouts.payout(request)).toEqual(unknown);
    const settled = await rails.adapter().payouts.payout(request);
    expect(settled.kind).toBe('COMPLETED');
    expect(await rails.adapter().payouts.payout(request)).toEqual(settled);
    // The counter belongs to the payoutId: a new id starts failing again.
    expect(await rails.adapter().payouts.payout(payout('4242.42'))).toEqual(unknown);
  });

  it('executes 6060.60 but loses every answer; the inquiry finds it COMPLETED', async () => {
    const request = payout('6060.60');
    expect(await rails.adapter().payouts.payout(request)).toEqual(unknown);
    expect(await rails.adapter().payouts.payout(request)).toEqual(unknown);
    expect(await rails.adapter().payouts.payoutStatus({ payoutId: request.payoutId, route: BR_KEY })).toEqual({
      status: 'COMPLETED',
      railReference: expect.stringMatching(/^E[0-9A-F]{16}$/),
    });
  });

  it('answers 7777.77 after 3 s: a short timeout leaves it unknown, the inquiry says PENDING, then COMPLETED', async () => {
    const request = payout('7777.77');
    expect(await rails.adapter(500).payouts.payout(request)).toEqual(unknown);
    expect(await rails.adapter().payouts.payoutStatus({ payoutId: request.payoutId, route: BR_KEY })).toEqual({
      status: 'PENDING',
    });
    const started = Date.now();
    const result = await rails.adapter(5000).payouts.payout(request);
    expect(result.kind).toBe('COMPLETED');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(await rails.adapter().payouts.payoutStatus({ payoutId: request.payoutId, route: BR_KEY })).toMatchObject({
      status: 'COMPLETED',
    });
  });

  it('answers NOT_FOUND to an inquiry about an id it never saw, and REJECTED with the reason after a refusal', async () => {
    expect(await rails.adapter().payouts.payoutStatus({ payoutId: 'never-seen', route: BR_KEY })).toEqual({
      status: 'NOT_FOUND',
    });
    const request = payout('1313.13');
    await rails.adapter().payouts.payout(request);
    expect(await rails.adapter().payouts.payoutStatus({ payoutId: request.payoutId, route: BR_KEY })).toMatchObject({
      status: 'REJECTED',
      reason: 'DESTINATION_REFUSED',
    });
  });

  it('pays a QR destination', async () => {
    const result = await rails
      .adapter()
      .payouts.payout(payout('5.00', { destination: { type: 'QR', qr: '000201...' } }));
    expect(result.kind).toBe('COMPLETED');
  });

  it('calls a request the rail refuses as malformed FAILED: nothing was paid', async () => {
    expect(await rails.adapter().payouts.payout(payout('12.345'))).toMatchObject({
      kind: 'FAILED',
      reason: expect.stringContaining('INVALID_REQUEST'),
    });
    expect(await rails.adapter().payouts.payout(payout('0.00'))).toMatchObject({ kind: 'FAILED' });
  });
});

describe('rails simulator over HTTP: refunds', () => {
  let payoutReference: string;

  beforeAll(async () => {
    const paid = await rails.adapter().payouts.payout(payout('9000.00'));
    if (paid.kind !== 'COMPLETED') throw new Error('the payout behind the refunds failed');
    payoutReference = paid.railReference;
  });

  it('completes a refund once per refundId; another amount under the same id is unknown', async () => {
    const request = refund(payoutReference, '40.00');
    const first = await rails.adapter().refunds.refund({ ...request, route: BR_KEY });
    expect(first).toEqual({ kind: 'COMPLETED', railReference: expect.stringMatching(/^D[0-9A-F]{16}$/) });
    expect(await rails.adapter().refunds.refund({ ...request, route: BR_KEY })).toEqual(first);
    expect(await rails.adapter().refunds.refund({ ...request, amount: '41.00', route: BR_KEY })).toEqual(unknown);
    expect(await rails.adapter().refunds.refundStatus({ refundId: request.refundId, route: BR_KEY })).toMatchObject({
      status: 'COMPLETED',
    });
  });

  it('applies the amount magic values to refunds too', async () => {
    expect((await rails.adapter().refunds.refund({ ...refund(payoutReference, '1313.13'), route: BR_KEY })).kind).toBe(
      'REJECTED',
    );
    expect(await rails.adapter().refunds.refund({ ...refund(payoutReference, '5050.50'), route: BR_KEY })).toEqual(
      unknown,
    );
    const flaky = refund(payoutReference, '4242.42');
    expect(await rails.adapter().refunds.refund({ ...flaky, route: BR_KEY })).toEqual(unknown);
    expect(await rails.adapter().refunds.refund({ ...flaky, route: BR_KEY })).toEqual(unknown);
    expect((await rails.adapter().refunds.refund({ ...flaky, route: BR_KEY })).kind).toBe('COMPLETED');
    const lost = refund(payoutReference, '6060.60');
    expect(await rails.adapter().refunds.refund({ ...lost, route: BR_KEY })).toEqual(unknown);
    expect(await rails.adapter().refunds.refundStatus({ refundId: lost.refundId, route: BR_KEY })).toMatchObject({
      status: 'COMPLETED',
    });
  });

  it('fails a refund of a payout the rail never made', async () => {
    expect(await rails.adapter().refunds.refund({ ...refund('not-a-reference', '1.00'), route: BR_KEY })).toMatchObject(
      {
        kind: 'FAILED',
        reason: expect.stringContaining('UNKNOWN_PAYOUT_REFERENCE'),
      },
    );
  });
});
