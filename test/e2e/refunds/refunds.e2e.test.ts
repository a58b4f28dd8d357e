import { randomUUID } from 'node:crypto';
import { verifySignature } from '../../../src/notifications';
import { callbackEnvelope } from '../../support/callback-receiver';
import { startPaymentStack, PaymentStack } from '../../support/payment-stack';
import { payer, pixQr } from '../../support/qr-fixtures';
import { http } from '../../support/test-api';

/**
 * Refunds end to end (POST /v2/qr/refund): the rail refunds first, then the payer is credited
 * its pro-rata share; the order moves to PARTIALLY_REFUNDED, then REFUNDED; each refund sends
 * the spec's refund notification. Concurrent refunds never exceed what was paid.
 */
describe('refunds', () => {
  let stack: PaymentStack;

  beforeAll(async () => {
    stack = await startPaymentStack({ RAILS_TIMEOUT_MS: '800' });
  });
  afterAll(() => stack.close());

  type Payer = Awaited<ReturnType<PaymentStack['newPayer']>>;
  const cents = (amount: number) => Math.round(amount * 100);

  async function usd(client: Payer) {
    const accounts = (await client.call.get('/v2/accounts')).body as Array<{
      currency: string;
      available: number;
      reserved: number;
    }>;
    return accounts.find((account) => account.currency === 'USD')!;
  }

  /** A QR order of `amount` BRL, paid and COMPLETED, with the USD it cost the payer. */
  async function paidOrder(client: Payer, amount: string) {
    const path = `/hooks/${randomUUID()}`;
    const url = stack.receiver.url(path);
    await client.call.post('/v2/payments/previews', {
      qr: pixQr(amount),
      external_reference: `ref-${randomUUID()}`,
      notification_url: url,
      user: payer,
    });
    const preview = await stack.receiver.waitFor(path, (c) => c.body.order !== undefined);
    const orderId: string = preview.body.order.id;
    await client.call.post('/v2/payments', { order_id: orderId, status: 'accepted', notification_url: url });
    await stack.receiver.waitFor(path, (c) => c.body.status === 'COMPLETED');
    return { orderId, path, url, debited: preview.body.order.user_total_amount as number };
  }

  const refund = (client: Payer, body: Record<string, unknown>, key = `key-${randomUUID()}`) =>
    client.call.post('/v2/qr/refund', body, { 'idempotency-key': key });
  const refundNotices = (path: string) =>
    stack.receiver.for(path, (c) => c.body.amount !== undefined && c.body.merchart_name !== undefined);

  it('refunds in part, then the rest: PARTIALLY_REFUNDED, then REFUNDED, the payer restored exactly, each with its notification', async () => {
    const client = await stack.newPayer({ USD: '1000.00' });
    const { orderId, path, debited } = await paidOrder(client, '100.00');
    expect(cents((await usd(client)).available)).toBe(100_000 - cents(debited));

    const partial = await refund(client, { order_id: orderId, amount: '30.00', reason: 'one item returned' });
    expect(partial.status).toBe(201);
    expect(partial.body).toEqual({
      refund_id: expect.any(String),
      order_id: orderId,
      status: 'PARTIALLY_REFUNDED',
      amount: 30,
      currency: 'BRL',
      refunded_total: 30,
      remaining: 70,
    });
    const first = await stack.receiver.waitFor(path, (c) => c.body.status === 'PARTIALLY_REFUNDED');
    expect(verifySignature(client.webhookSecret, first.rawBody, String(first.headers.signature))).toBe(true);
    expect(first.body).toEqual({
      order_id: orderId,
      external_reference: expect.any(String),
      status: 'PARTIALLY_REFUNDED',
      date: expect.stringMatching(/Z$/),
      payment_date: expect.stringMatching(/Z$/),
      merchant_identification_number: expect.any(String),
      merchart_name: 'Padaria Central',
      error_code: null,
      amount: 30,
      currency: 'BRL',
      refund_id: partial.body.refund_id,
      version: '2',
      webhook: callbackEnvelope('REFUND', first.headers['x-event-id']),
    });

    const rest = await refund(client, { order_id: orderId });
    expect(rest.body).toMatchObject({ status: 'REFUNDED', amount: 70, refunded_total: 100, remaining: 0 });
    await stack.receiver.waitFor(path, (c) => c.body.status === 'REFUNDED');
    expect(await usd(client)).toEqual({ currency: 'USD', available: 1000, reserved: 0 });

    const history = (await client.call.get(`/v2/payments/${orderId}/status`)).body;
    expect(history.status).toBe('REFUNDED');
    expect(history.statuses.map((entry: { status: string }) => entry.status)).toEqual([
      'CREATED',
      'PROCESSING',
      'COMPLETED',
      'PARTIALLY_REFUNDED',
      'REFUNDED',
    ]);
    const again = await refund(client, { order_id: orderId, amount: '1.00' });
    expect(again.status).toBe(409);
    expect(again.body.error_code).toBe('INVALID_STATUS');
  });

  it('several partial refunds summing to the total give back exactly what was debited', async () => {
    const client = await stack.newPayer({ USD: '1000.00' });
    const { orderId, path } = await paidOrder(client, '100.00');
    for (const amount of ['33.33', '33.33', '0.01', '33.33']) {
      expect((await refund(client, { order_id: orderId, amount })).status).toBe(201);
    }
    await stack.receiver.waitFor(path, (c) => c.body.status === 'REFUNDED');
    expect(refundNotices(path)).toHaveLength(4);
    expect(await usd(client)).toEqual({ currency: 'USD', available: 1000, reserved: 0 });
    const credits: Array<{ user_amount: string }> = await stack.api.dataSource.query(
      `SELECT user_amount FROM refunds WHERE order_id = $1 ORDER BY seq`,
      [orderId],
    );
    expect(credits).toHaveLength(4);
  });

  it("refuses more than what remains (422), a refund of an order that was never paid (409), bad amounts (400) and another client's order (404)", async () => {
    const client = await stack.newPayer({ USD: '1000.00' });
    const { orderId, url } = await paidOrder(client, '50.00');
    const over = await refund(client, { order_id: orderId, amount: '50.01' });
    expect(over.status).toBe(422);
    expect(over.body).toMatchObject({
      statusCode: 422,
      message: expect.stringMatching(/50\.00 BRL/),
      error_code: 'AMOUNT_EXCEEDS_REFUNDABLE',
    });
    for (const amount of ['0', '-1.00', '10.001', 'ten']) {
      const bad = await refund(client, { order_id: orderId, amount });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toEqual([expect.stringMatching(/^amount: /)]);
    }
    const stranger = await stack.newPayer();
    expect((await refund(stranger, { order_id: orderId, amount: '1.00' })).status).toBe(404);
    expect((await refund(client, { order_id: randomUUID() })).status).toBe(404);

    // Rejected by the user, and rejected by the destination: nothing was paid, nothing to refund.
    const path = `/hooks/${randomUUID()}`;
    await client.call.post('/v2/payments/previews', {
      qr: pixQr('20.00'),
      external_reference: `ref-${randomUUID()}`,
      notification_url: stack.receiver.url(path),
      user: payer,
    });
    const canceled = (await stack.receiver.waitFor(path, (c) => c.body.order !== undefined)).body.order.id;
    await client.call.post('/v2/payments', { order_id: canceled, status: 'rejected', notification_url: url });
    expect((await refund(client, { order_id: canceled })).body).toMatchObject({
      statusCode: 409,
      error_code: 'INVALID_STATUS',
    });
    const declinedPath = `/hooks/${randomUUID()}`;
    await client.call.post('/v2/payments/previews', {
      qr: pixQr('1313.13'),
      external_reference: `ref-${randomUUID()}`,
      notification_url: stack.receiver.url(declinedPath),
      user: payer,
    });
    const declined = (await stack.receiver.waitFor(declinedPath, (c) => c.body.order !== undefined)).body.order.id;
    await client.call.post('/v2/payments', {
      order_id: declined,
      status: 'accepted',
      notification_url: stack.receiver.url(declinedPath),
    });
    await stack.receiver.waitFor(declinedPath, (c) => c.body.status === 'REJECTED');
    expect((await refund(client, { order_id: declined })).body).toMatchObject({
      statusCode: 409,
      error_code: 'INVALID_STATUS',
    });
  });

  it('refuses a refund once the refund window (REFUND_WINDOW_DAYS after the payment) has closed', async () => {
    const client = await stack.newPayer({ USD: '1000.00' });
    const { orderId } = await paidOrder(client, '10.00');
    await stack.api.dataSource.query(`UPDATE orders SET payment_date = now() - interval '181 days' WHERE id = $1`, [
      orderId,
    ]);
    const late = await refund(client, { order_id: orderId });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({
      statusCode: 409,
      message: expect.stringMatching(/180 days/),
      error_code: 'INVALID_STATUS',
    });
  });

  it('refuses a refund of an expired order', async () => {
    const shortLived = await stack.extraApi({ QR_EXPIRY_SECONDS: '1' });
    const client = await stack.newPayer();
    const path = `/hooks/${randomUUID()}`;
    const call = http(shortLived.baseUrl, client.token);
    await call.post('/v2/payments/previews', {
      qr: pixQr('20.00'),
      external_reference: `ref-${randomUUID()}`,
      notification_url: stack.receiver.url(path),
      user: payer,
    });
    const expired = await stack.receiver.waitFor(path, (c) => c.body.event === 'QR_EXPIRED');
    expect((await refund(client, { order_id: expired.body.order_id })).body).toMatchObject({
      statusCode: 409,
      error_code: 'INVALID_STATUS',
    });
  });

  it('of two concurrent refunds that together exceed the remainder, exactly one goes through', async () => {
    const client = await stack.newPayer({ USD: '1000.00' });
    const { orderId, path } = await paidOrder(client, '100.00');
    const results = await Promise.all([
      refund(client, { order_id: orderId, amount: '60.00' }),
      refund(client, { order_id: orderId, amount: '60.00' }),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual([201, 422]);
    await stack.receiver.waitFor(path, (c) => c.body.status === 'PARTIALLY_REFUNDED');
    const rows: Array<{ status: string }> = await stack.api.dataSource.query(
      `SELECT status FROM refunds WHERE order_id = $1`,
      [orderId],
    );
    expect(rows).toEqual([{ status: 'COMPLETED' }]);
  });

  it('a refund whose rail answer is lost is PENDING, then completes once the rail confirms it, credited once', async () => {
    const client = await stack.newPayer({ USD: '5000.00' });
    const { orderId, path, debited } = await paidOrder(client, '7000.00');
    // Sandbox magic value: the rail refunds 6060.60 but every answer to it is lost.
    const lost = await refund(client, { order_id: orderId, amount: '6060.60' });
    expect(lost.status).toBe(201);
    expect(lost.body).toMatchObject({ status: 'PENDING', amount: 6060.6, refunded_total: 0 });
    const notice = await stack.receiver.waitFor(path, (c) => c.body.status === 'PARTIALLY_REFUNDED', 60_000);
    expect(notice.body).toMatchObject({ amount: 6060.6, error_code: null });
    const [row] = await stack.api.dataSource.query(`SELECT status, user_amount FROM refunds WHERE id = $1`, [
      lost.body.refund_id,
    ]);
    expect(row.status).toBe('COMPLETED');
    const credited: Array<{ count: number }> = await stack.api.dataSource.query(
      `SELECT count(*)::int AS count FROM journal_entries WHERE kind = 'CREDIT' AND reference = $1`,
      [orderId],
    );
    expect(credited).toEqual([{ count: 1 }]);
    expect(cents((await usd(client)).available)).toBe(
      500_000 - cents(debited) + Math.round(Number(row.user_amount) * 100),
    );
  });

  it('answers the same request with the same idempotency key byte for byte, and refunds once', async () => {
    const client = await stack.newPayer({ USD: '1000.00' });
    const { orderId } = await paidOrder(client, '100.00');
    const key = `key-${randomUUID()}`;
    const first = await refund(client, { order_id: orderId, amount: '10.00' }, key);
    const second = await refund(client, { order_id: orderId, amount: '10.00' }, key);
    expect(second.status).toBe(201);
    expect(JSON.stringify(second.body)).toBe(JSON.stringify(first.body));
    expect(second.headers.get('idempotency-replay')).toBe('true');
    const rows = await stack.api.dataSource.query(`SELECT id FROM refunds WHERE order_id = $1`, [orderId]);
    expect(rows).toHaveLength(1);
  });

  it('refunds a key payment at the rail that paid it (Pix SPI)', async () => {
    const client = await stack.newPayer({ USD: '1000.00' });
    const path = `/hooks/${randomUUID()}`;
    const url = stack.receiver.url(path);
    await client.call.post('/v2/payments/previews/dictkey', {
      dict_key: '52998224725',
      amount: '80.00',
      external_reference: `ref-${randomUUID()}`,
      notification_url: url,
      user: payer,
    });
    const orderId = (await stack.receiver.waitFor(path, (c) => c.body.order !== undefined)).body.order.id;
    await client.call.post('/v2/payments', { order_id: orderId, status: 'accepted', notification_url: url });
    await stack.receiver.waitFor(path, (c) => c.body.status === 'COMPLETED');
    const full = await refund(client, { order_id: orderId });
    expect(full.body).toMatchObject({ status: 'REFUNDED', amount: 80, remaining: 0 });
    const [row] = await stack.api.dataSource.query(`SELECT rail_reference FROM refunds WHERE order_id = $1`, [orderId]);
    expect(row.rail_reference).toMatch(/^D[0-9A-F]{16}$/);
    expect(await usd(client)).toEqual({ currency: 'USD', available: 1000, reserved: 0 });
  });

  it("reads a refund by its id: its status, amounts and the payer's credit; nobody else's refund, nor a bad id", async () => {
    const client = await stack.newPayer({ USD: '1000.00' });
    const { orderId, debited } = await paidOrder(client, '100.00');
    const made = await refund(client, { order_id: orderId, amount: '25.00', reason: 'late delivery' });
    expect(made.status).toBe(201);
    const refundId = made.body.refund_id as string;

    const read = await client.call.get(`/v2/qr/refund/${refundId}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({
      refund_id: refundId,
      order_id: orderId,
      status: 'COMPLETED',
      amount: 25,
      currency: 'BRL',
      user_amount: expect.any(Number),
      user_currency: 'USD',
      reason: 'late delivery',
      error_code: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    // A quarter of what the payer paid, to the cent its currency rounds to.
    expect(Math.abs(cents(read.body.user_amount) - cents(debited) / 4)).toBeLessThanOrEqual(1);

    const other = await stack.newPayer({ USD: '10.00' });
    expect(await other.call.get(`/v2/qr/refund/${refundId}`)).toMatchObject({
      status: 404,
      body: { statusCode: 404, message: 'Refund not found' },
    });
    expect((await client.call.get(`/v2/qr/refund/${randomUUID()}`)).status).toBe(404);
    const malformed = await client.call.get('/v2/qr/refund/not-a-uuid');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ statusCode: 400, message: [expect.stringMatching(/^refund_id: /)] });
  });
});
