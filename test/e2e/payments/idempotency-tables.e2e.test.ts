import { randomUUID } from 'node:crypto';
import { startPaymentStack, PaymentStack } from '../../support/payment-stack';
import { payer, pixQr } from '../../support/qr-fixtures';

/** Every row of the spec's three idempotency tables, plus the same-key rules of docs/decisions.md. */
describe('idempotency of the payment endpoints', () => {
  let stack: PaymentStack;

  beforeAll(async () => {
    stack = await startPaymentStack();
  });
  afterAll(() => stack.close());

  const key = () => ({ 'idempotency-key': `key-${randomUUID()}` });

  async function newOrder(amount?: string) {
    const client = await stack.newPayer();
    const path = `/hooks/${randomUUID()}`;
    const url = stack.receiver.url(path);
    const body = { qr: pixQr(amount), external_reference: `ref-${randomUUID()}`, notification_url: url, user: payer };
    const headers = key();
    const ack = await client.call.post('/v2/payments/previews', body, headers);
    expect(ack.status).toBe(200);
    const orderId: string = (await stack.receiver.waitFor(path, (c) => c.body.order !== undefined)).body.order.id;
    return { client, path, url, body, headers, ack, orderId };
  }

  describe('preview (POST /v2/payments/previews)', () => {
    it.each([
      ['CREATED', '10.00'],
      ['WAITING_AMOUNT', undefined],
    ])('%s: same key and same request returns the previous response, 200', async (_status, amount) => {
      const { client, body, headers, ack } = await newOrder(amount);
      const again = await client.call.post('/v2/payments/previews', body, headers);
      expect(again.status).toBe(200);
      expect(again.body).toEqual(ack.body);
      expect(again.headers.get('idempotency-replay')).toBe('true');
    });

    it.each([
      ['CREATED', '10.00'],
      ['WAITING_AMOUNT', undefined],
    ])('%s: the existing order with a new key is rejected as already processed', async (_status, amount) => {
      const { client, body } = await newOrder(amount);
      const again = await client.call.post('/v2/payments/previews', body, key());
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({
        statusCode: 409,
        message: expect.any(String),
        error_code: 'ALREADY_PROCESSED',
      });
    });

    it('the same key with a different body is refused with 422', async () => {
      const { client, body, headers } = await newOrder('10.00');
      const other = await client.call.post(
        '/v2/payments/previews',
        { ...body, external_reference: 'another' },
        headers,
      );
      expect(other.status).toBe(422);
      expect(other.body).toMatchObject({
        statusCode: 422,
        message: expect.any(String),
        error_code: 'IDEMPOTENCY_KEY_REUSED',
      });
    });
  });

  describe('send amount (PUT /v2/payments/previews)', () => {
    it('WAITING_AMOUNT: executes with any key; CREATED: the same key is an OK retry, a different key is refused', async () => {
      const { client, orderId } = await newOrder();
      const amountKey = key();
      const first = await client.call.put('/v2/payments/previews', { order_id: orderId, amount: '12.00' }, amountKey);
      expect(first.status).toBe(200);
      expect(first.body.order.status).toBe('CREATED');

      const retry = await client.call.put('/v2/payments/previews', { order_id: orderId, amount: '12.00' }, amountKey);
      expect(retry.status).toBe(200);
      expect(retry.body).toEqual(first.body);

      const duplicate = await client.call.put('/v2/payments/previews', { order_id: orderId, amount: '12.00' }, key());
      expect(duplicate.status).toBe(409);
      expect(duplicate.body.error_code).toBe('ALREADY_PROCESSED');
    });

    it('any other status: rejected as invalid status', async () => {
      const { client, orderId, url } = await newOrder();
      await client.call.put('/v2/payments/previews', { order_id: orderId, amount: '12.00' });
      await client.call.post('/v2/payments', { order_id: orderId, status: 'rejected', notification_url: url });
      const late = await client.call.put('/v2/payments/previews', { order_id: orderId, amount: '12.00' }, key());
      expect(late.status).toBe(409);
      expect(late.body).toMatchObject({ statusCode: 409, message: expect.any(String), error_code: 'INVALID_STATUS' });
    });

    it('two concurrent amounts with different keys: exactly one executes', async () => {
      const { client, orderId } = await newOrder();
      const results = await Promise.all(
        ['1.00', '2.00'].map((amount) =>
          client.call.put('/v2/payments/previews', { order_id: orderId, amount }, key()),
        ),
      );
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    });
  });

  describe('pay (POST /v2/payments)', () => {
    it('CREATED executes; COMPLETED with the same key returns the previous response; a different key is already processed', async () => {
      const { client, orderId, url, path } = await newOrder('10.00');
      const payKey = key();
      const body = { order_id: orderId, status: 'accepted', notification_url: url };
      const first = await client.call.post('/v2/payments', body, payKey);
      expect(first.status).toBe(200);
      await stack.receiver.waitFor(path, (c) => c.body.status === 'COMPLETED');

      const retry = await client.call.post('/v2/payments', body, payKey);
      expect(retry.status).toBe(200);
      expect(retry.body).toEqual(first.body);

      const other = await client.call.post('/v2/payments', body, key());
      expect(other.status).toBe(409);
      expect(other.body).toMatchObject({
        statusCode: 409,
        message: expect.any(String),
        error_code: 'ALREADY_PROCESSED',
      });
    });

    it('CANCELED: rejected as invalid status, whatever the key', async () => {
      const { client, orderId, url } = await newOrder('10.00');
      await client.call.post('/v2/payments', { order_id: orderId, status: 'rejected', notification_url: url });
      const pay = await client.call.post(
        '/v2/payments',
        { order_id: orderId, status: 'accepted', notification_url: url },
        key(),
      );
      expect(pay.status).toBe(409);
      expect(pay.body.error_code).toBe('INVALID_STATUS');
    });

    it('concurrent identical pays with one key execute once and debit once', async () => {
      const { client, orderId, url, path } = await newOrder('10.00');
      const payKey = key();
      const body = { order_id: orderId, status: 'accepted', notification_url: url };
      const results = await Promise.all(
        Array.from({ length: 5 }, () => client.call.post('/v2/payments', body, payKey)),
      );
      expect(new Set(results.map((r) => r.status))).toEqual(new Set([200]));
      expect(new Set(results.map((r) => JSON.stringify(r.body))).size).toBe(1);
      await stack.receiver.waitFor(path, (c) => c.body.status === 'COMPLETED');
      const movements = (await client.call.get('/v2/accounts/USD/movements')).body;
      const lines = movements.data as Array<{ kind: string; account: string; amount: number; entry_id: string }>;
      const entriesOf = (kind: string) =>
        new Set(lines.filter((line) => line.kind === kind).map((line) => line.entry_id)).size;
      expect(lines.filter((line) => line.account === 'AVAILABLE' && line.amount < 0)).toHaveLength(1);
      expect(entriesOf('RESERVE')).toBe(1);
      expect(entriesOf('COMMIT')).toBe(1);
    });

    it('concurrent pays with different keys: exactly one executes, the others are already processed', async () => {
      const { client, orderId, url } = await newOrder('10.00');
      const body = { order_id: orderId, status: 'accepted', notification_url: url };
      const results = await Promise.all(Array.from({ length: 4 }, () => client.call.post('/v2/payments', body, key())));
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      expect(results.filter((r) => r.status === 409).every((r) => r.body.error_code === 'ALREADY_PROCESSED')).toBe(
        true,
      );
    });
  });
});
