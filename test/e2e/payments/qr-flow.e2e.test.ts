import { randomUUID } from 'node:crypto';
import { verifySignature } from '../../../src/notifications';
import { callbackEnvelope, type ReceivedCallback } from '../../support/callback-receiver';
import { startPaymentStack, PaymentStack } from '../../support/payment-stack';
import { argentinaStaticQr, payer, pixQr } from '../../support/qr-fixtures';
import { http } from '../../support/test-api';
import { until } from '../../support/until';

/**
 * The QR flow end to end over HTTP: API → Temporal workflow → rails simulator and ledger,
 * with every callback received by a real local endpoint and its signature checked.
 */
describe('QR payment flow', () => {
  let stack: PaymentStack;

  beforeAll(async () => {
    stack = await startPaymentStack();
  });
  afterAll(() => stack.close());

  /** Each test gets its own callback path and external reference. */
  function scenario() {
    const path = `/hooks/${randomUUID()}`;
    return { path, url: stack.receiver.url(path), reference: `ref-${randomUUID()}` };
  }

  function expectSigned(callback: ReceivedCallback, webhookSecret: string) {
    expect(callback.headers['content-type']).toBe('application/json');
    expect(callback.headers['x-event-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(verifySignature(webhookSecret, callback.rawBody, String(callback.headers.signature))).toBe(true);
    expect(verifySignature('another-secret', callback.rawBody, String(callback.headers.signature))).toBe(false);
  }

  const usdAvailable = async (client: { call: ReturnType<typeof http> }) => {
    const accounts = (await client.call.get('/v2/accounts')).body as Array<{
      currency: string;
      available: number;
      reserved: number;
    }>;
    return accounts.find((account) => account.currency === 'USD');
  };

  function waitForStatus(client: { call: ReturnType<typeof http> }, orderId: string, status: string) {
    let seen: unknown;
    return until(
      `order ${orderId} to be ${status}`,
      async () => {
        const { body } = await client.call.get(`/v2/payments/${orderId}/status`);
        seen = body.status;
        return body.status === status ? body : undefined;
      },
      { intervalMs: 100, detail: () => `it stayed ${String(seen)}` },
    );
  }

  it('closed-amount QR accepted: preview callback, PROCESSING answer, COMPLETED callback, one ledger debit', async () => {
    const client = await stack.newPayer({ USD: '1000.00' });
    const { path, url, reference } = scenario();

    const ack = await client.call.post('/v2/payments/previews', {
      qr: pixQr('100.00'),
      external_reference: reference,
      notification_url: url,
      user: payer,
    });
    expect(ack.status).toBe(200);
    expect(ack.body).toEqual({
      status: 'success',
      external_reference: reference,
      message: expect.any(String),
      local_currency: 'BRL',
      order_id: expect.any(String),
    });

    const preview = await stack.receiver.waitFor(path, (c) => c.body.order !== undefined);
    expectSigned(preview, client.webhookSecret);
    // The ack names the order the callback names: a lost callback leaves it findable.
    expect(preview.body.order.id).toBe(ack.body.order_id);
    expect(preview.body).toEqual({
      payment_type: 'QR',
      external_reference: reference,
      collector: {
        name: expect.any(String),
        identification_number: expect.any(String),
        branch_office: expect.any(String),
      },
      order: {
        id: expect.any(String),
        status: 'CREATED',
        local_total_amount: 100,
        local_currency: 'BRL',
        user_total_amount: expect.any(Number),
        user_currency: 'USD',
        qr_type: 'DYNAMIC',
      },
      version: '2',
      webhook: callbackEnvelope('PREVIEW', preview.headers['x-event-id']),
    });
    const orderId = preview.body.order.id as string;
    const userTotal = preview.body.order.user_total_amount as number;
    expect(userTotal).toBeGreaterThan(0);

    const pay = await client.call.post('/v2/payments', {
      order_id: orderId,
      status: 'accepted',
      notification_url: url,
    });
    expect(pay.status).toBe(200);
    expect(pay.body).toMatchObject({
      order_id: orderId,
      external_reference: reference,
      external_reference_id: reference,
      status: 'PROCESSING',
      error_code: null,
    });

    const completed = await stack.receiver.waitFor(path, (c) => c.body.status === 'COMPLETED');
    expectSigned(completed, client.webhookSecret);
    expect(completed.body).toEqual({
      order_id: orderId,
      external_reference: reference,
      external_reference_id: reference,
      status: 'COMPLETED',
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/),
      payment_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/),
      merchant_identification_number: preview.body.collector.identification_number,
      merchant_name: preview.body.collector.name,
      error_code: null,
      version: '2',
      webhook: callbackEnvelope('PAYMENT', completed.headers['x-event-id']),
    });
    // The spec sends PROCESSING notifications in the key flows only.
    expect(stack.receiver.for(path, (c) => c.body.status === 'PROCESSING')).toHaveLength(0);

    const history = await waitForStatus(client, orderId, 'COMPLETED');
    expect(history.statuses.map((s: { status: string }) => s.status)).toEqual(['CREATED', 'PROCESSING', 'COMPLETED']);
    expect(history).toMatchObject({
      id: orderId,
      local_amount: '100.00',
      local_currency: 'BRL',
      user_currency: 'USD',
      external_reference: reference,
    });
    expect(Number(history.user_amount)).toBe(userTotal);

    const account = await usdAvailable(client);
    expect(account).toMatchObject({ reserved: 0 });
    expect(account!.available).toBeCloseTo(1000 - userTotal, 2);

    const quick = await client.call.get(`/payins/orders/${orderId}`);
    expect(quick.body).toEqual({
      order_uuid: orderId,
      total: '100.00',
      destination_wallet: preview.body.collector.identification_number,
      status: 'COMPLETED',
    });
  });

  it('a Pix QR of a company with an alphanumeric CNPJ, as its key and its tax id (62.10): decoded, previewed and paid to that CNPJ', async () => {
    const client = await stack.newPayer({ USD: '1000.00' });
    const { path, url, reference } = scenario();
    const qr = pixQr('42.00', 'Loja Nova', { key: '12ABC34501DE35', taxId: '12ABC34501DE35' });

    const decoded = await client.call.post('/v2/qr/decode', { qr });
    expect(decoded.body).toMatchObject({
      valid: true,
      errors: [],
      pix: { key: '12ABC34501DE35' },
      additional_data: { merchant_tax_id: '12ABC34501DE35' },
    });

    const ack = await client.call.post('/v2/payments/previews', {
      qr,
      external_reference: reference,
      notification_url: url,
      user: payer,
    });
    expect(ack.status).toBe(200);
    const preview = await stack.receiver.waitFor(path, (c) => c.body.order !== undefined);
    // A QR's merchant is a business that chose to be paid by QR: shown as it is, never masked.
    expect(preview.body.collector).toEqual({
      name: 'Loja Nova',
      identification_number: '12ABC34501DE35',
      branch_office: '',
    });
    const orderId = preview.body.order.id as string;

    await client.call.post('/v2/payments', { order_id: orderId, status: 'accepted', notification_url: url });
    const completed = await stack.receiver.waitFor(path, (c) => c.body.status === 'COMPLETED');
    expect(completed.body).toMatchObject({
      order_id: orderId,
      merchant_name: 'Loja Nova',
      merchant_identification_number: '12ABC34501DE35',
    });
    const quick = await client.call.get(`/payins/orders/${orderId}`);
    expect(quick.body).toMatchObject({ destination_wallet: '12ABC34501DE35', status: 'COMPLETED' });
  });

  it('open-amount QR: missing_amount, then the amount by PUT, then COMPLETED', async () => {
    const client = await stack.newPayer();
    const { path, url, reference } = scenario();

    const ack = await client.call.post('/v2/payments/previews', {
      qr: pixQr(),
      external_reference: reference,
      notification_url: url,
      user: payer,
    });
    expect(ack.body).toMatchObject({ status: 'missing_amount', local_currency: 'BRL' });

    const asking = await stack.receiver.waitFor(path, (c) => c.body.order?.status === 'WAITING_AMOUNT');
    expect(asking.body.order).toMatchObject({ local_total_amount: null, user_total_amount: null, qr_type: 'STATIC' });
    const orderId = asking.body.order.id;

    const put = await client.call.put('/v2/payments/previews', { order_id: orderId, amount: '25.60' });
    expect(put.status).toBe(200);
    expect(put.body.order).toMatchObject({
      id: orderId,
      status: 'CREATED',
      local_total_amount: 25.6,
      user_currency: 'USD',
    });
    expect(put.body.order.user_total_amount).toBeGreaterThan(0);
    const full = await stack.receiver.waitFor(path, (c) => c.body.order?.status === 'CREATED');
    expectSigned(full, client.webhookSecret);
    expect(full.body.order.local_total_amount).toBe(25.6);

    await client.call.post('/v2/payments', { order_id: orderId, status: 'accepted', notification_url: url });
    await stack.receiver.waitFor(path, (c) => c.body.status === 'COMPLETED');
    const history = await waitForStatus(client, orderId, 'COMPLETED');
    expect(history.statuses.map((s: { status: string }) => s.status)).toEqual([
      'WAITING_AMOUNT',
      'CREATED',
      'PROCESSING',
      'COMPLETED',
    ]);
  });

  it('an Argentine static QR scanned before its amount is PROCESS_LATER and takes the amount like WAITING_AMOUNT', async () => {
    const client = await stack.newPayer();
    const { path, url, reference } = scenario();
    await client.call.post('/v2/payments/previews', {
      qr: argentinaStaticQr(),
      external_reference: reference,
      notification_url: url,
      user: payer,
    });
    const asking = await stack.receiver.waitFor(path, (c) => c.body.order !== undefined);
    expect(asking.body.order).toMatchObject({ status: 'PROCESS_LATER', local_currency: 'ARS' });
    const put = await client.call.put('/v2/payments/previews', { order_id: asking.body.order.id, amount: 1500 });
    expect(put.body.order).toMatchObject({ status: 'CREATED', local_total_amount: 1500 });
  });

  it('user rejects: CANCELED with USER_REJECTED, nothing debited', async () => {
    const client = await stack.newPayer({ USD: '500.00' });
    const { path, url, reference } = scenario();
    await client.call.post('/v2/payments/previews', {
      qr: pixQr('10.00'),
      external_reference: reference,
      notification_url: url,
      user: payer,
    });
    const orderId = (await stack.receiver.waitFor(path, (c) => c.body.order !== undefined)).body.order.id;

    const pay = await client.call.post('/v2/payments', {
      order_id: orderId,
      status: 'rejected',
      notification_url: url,
    });
    expect(pay.body).toMatchObject({ order_id: orderId, status: 'CANCELED', error_code: 'USER_REJECTED' });
    const canceled = await stack.receiver.waitFor(path, (c) => c.body.status === 'CANCELED');
    expectSigned(canceled, client.webhookSecret);
    expect(canceled.body.error_code).toBe('USER_REJECTED');
    expect(await usdAvailable(client)).toMatchObject({ available: 500, reserved: 0 });
  });

  it('the destination rejects the payout: REJECTED with DESTINATION_REJECTED and the reservation released', async () => {
    const client = await stack.newPayer({ USD: '500.00' });
    const { path, url, reference } = scenario();
    // Sandbox magic value: the destination refuses 1313.13.
    await client.call.post('/v2/payments/previews', {
      qr: pixQr('1313.13'),
      external_reference: reference,
      notification_url: url,
      user: payer,
    });
    const orderId = (await stack.receiver.waitFor(path, (c) => c.body.order !== undefined)).body.order.id;
    await client.call.post('/v2/payments', { order_id: orderId, status: 'accepted', notification_url: url });

    const rejected = await stack.receiver.waitFor(path, (c) => c.body.status === 'REJECTED');
    expect(rejected.body).toMatchObject({ order_id: orderId, error_code: 'DESTINATION_REJECTED', payment_date: null });
    await waitForStatus(client, orderId, 'REJECTED');
    expect(await usdAvailable(client)).toMatchObject({ available: 500, reserved: 0 });
  });

  it('insufficient funds: FAILED with INSUFFICIENT_FUNDS in the pay answer and the callback', async () => {
    const client = await stack.newPayer({ USD: '1.00' });
    const { path, url, reference } = scenario();
    await client.call.post('/v2/payments/previews', {
      qr: pixQr('300.00'),
      external_reference: reference,
      notification_url: url,
      user: payer,
    });
    const orderId = (await stack.receiver.waitFor(path, (c) => c.body.order !== undefined)).body.order.id;

    const pay = await client.call.post('/v2/payments', {
      order_id: orderId,
      status: 'accepted',
      notification_url: url,
    });
    expect(pay.body).toMatchObject({ order_id: orderId, status: 'FAILED', error_code: 'INSUFFICIENT_FUNDS' });
    const failed = await stack.receiver.waitFor(path, (c) => c.body.status === 'FAILED');
    expect(failed.body.error_code).toBe('INSUFFICIENT_FUNDS');
    expect(await usdAvailable(client)).toMatchObject({ available: 1, reserved: 0 });
  });

  it('a payout that fails transiently twice is retried and completes with one debit', async () => {
    const client = await stack.newPayer({ USD: '5000.00' });
    const { path, url, reference } = scenario();
    // Sandbox magic value: 4242.42 answers 503 twice per payout, then pays.
    await client.call.post('/v2/payments/previews', {
      qr: pixQr('4242.42'),
      external_reference: reference,
      notification_url: url,
      user: payer,
    });
    const preview = await stack.receiver.waitFor(path, (c) => c.body.order !== undefined);
    await client.call.post('/v2/payments', {
      order_id: preview.body.order.id,
      status: 'accepted',
      notification_url: url,
    });
    await stack.receiver.waitFor(path, (c) => c.body.status === 'COMPLETED');
    const account = await usdAvailable(client);
    expect(account!.available).toBeCloseTo(5000 - preview.body.order.user_total_amount, 2);
  });

  describe('expiry', () => {
    it('cancels an unpaid order as EXPIRED after QR_EXPIRY_SECONDS and sends the QR expiration notification', async () => {
      const shortLived = await stack.extraApi({ QR_EXPIRY_SECONDS: '2' });
      const client = await stack.newPayer();
      const call = http(shortLived.baseUrl, client.token);
      const { path, url, reference } = scenario();
      await call.post('/v2/payments/previews', {
        qr: pixQr('10.00'),
        external_reference: reference,
        notification_url: url,
        user: payer,
      });

      const expired = await stack.receiver.waitFor(path, (c) => c.body.event === 'QR_EXPIRED');
      expectSigned(expired, client.webhookSecret);
      expect(expired.body).toMatchObject({
        event: 'QR_EXPIRED',
        status: 'CANCELED',
        error_code: 'EXPIRED',
        external_reference: reference,
        version: '2',
      });
      const orderId = expired.body.order_id;
      const pay = await call.post('/v2/payments', { order_id: orderId, status: 'accepted', notification_url: url });
      expect(pay.status).toBe(409);
      // What happened, as the expiration notification said it: not merely "is CANCELED".
      expect(pay.body).toMatchObject({
        statusCode: 409,
        message: `Order ${orderId} expired at ${expired.body.expires_at}`,
        error_code: 'INVALID_STATUS',
      });
    });
  });

  describe('reads and errors', () => {
    it('answers an unknown order with the spec 2105 body, for a stranger too', async () => {
      const owner = await stack.newPayer();
      const stranger = await stack.newPayer();
      const { path, url, reference } = scenario();
      await owner.call.post('/v2/payments/previews', {
        qr: pixQr('10.00'),
        external_reference: reference,
        notification_url: url,
        user: payer,
      });
      const orderId = (await stack.receiver.waitFor(path, (c) => c.body.order !== undefined)).body.order.id;

      for (const [client, id] of [
        [owner, randomUUID()],
        [stranger, orderId],
        [owner, 'not-a-uuid'],
      ] as const) {
        const response = await client.call.get(`/v2/payments/${id}/status`, { 'x-request-id': 'corr-1' });
        expect(response.status).toBe(404);
        expect(response.body).toEqual({
          eventId: expect.any(String),
          details: expect.any(String),
          correlationId: 'corr-1',
          errors: [{ code: 2105, title: expect.any(String), detail: expect.any(String) }],
        });
      }
      expect((await stranger.call.get(`/payins/orders/${orderId}`)).status).toBe(404);
      expect(
        (await stranger.call.post('/v2/payments', { order_id: orderId, status: 'accepted', notification_url: url }))
          .status,
      ).toBe(404);
      expect((await stranger.call.put('/v2/payments/previews', { order_id: orderId, amount: '1.00' })).status).toBe(
        404,
      );
    });

    it('rejects bad previews with 400 naming each field', async () => {
      const client = await stack.newPayer();
      const { url } = scenario();
      const cases: Array<[Record<string, unknown>, string]> = [
        [
          { qr: pixQr('10.00'), external_reference: 'x'.repeat(101), notification_url: url, user: payer },
          'external_reference',
        ],
        [
          { qr: pixQr('10.00'), external_reference: 'r', notification_url: `${url}/${'x'.repeat(250)}`, user: payer },
          'notification_url',
        ],
        [
          {
            qr: pixQr('10.00'),
            external_reference: 'r',
            notification_url: url,
            user: { ...payer, tax_id: '1'.repeat(51) },
          },
          'user.tax_id',
        ],
        [
          { qr: pixQr('10.00'), external_reference: 'r', notification_url: url, user: { ...payer, tax_id_type: 'RG' } },
          'user.tax_id_type',
        ],
        [
          { qr: pixQr('10.00'), external_reference: 'r', notification_url: url, user: { ...payer, currency: 'XXX' } },
          'user.currency',
        ],
        [{ qr: pixQr('10.00'), external_reference: 'r', notification_url: url, user: payer, extra: 1 }, 'extra'],
        [
          { qr: pixQr('10.00').replace(/.{4}$/, '0000'), external_reference: 'r', notification_url: url, user: payer },
          'qr',
        ],
        [{ qr: pixQr('99999999.00'), external_reference: 'r', notification_url: url, user: payer }, 'qr'],
        [{ external_reference: 'r', notification_url: url, user: payer }, 'qr'],
      ];
      for (const [body, field] of cases) {
        const response = await client.call.post('/v2/payments/previews', body);
        expect(response.status).toBe(400);
        expect(response.body.statusCode).toBe(400);
        expect(response.body.message).toEqual(
          expect.arrayContaining([expect.stringMatching(new RegExp(`^${field.replace('.', '\\.')}`))]),
        );
      }
    });

    it('refuses an amount with too many decimals or over the country maximum', async () => {
      const client = await stack.newPayer();
      const { path, url, reference } = scenario();
      await client.call.post('/v2/payments/previews', {
        qr: pixQr(),
        external_reference: reference,
        notification_url: url,
        user: payer,
      });
      const orderId = (await stack.receiver.waitFor(path, (c) => c.body.order !== undefined)).body.order.id;
      for (const amount of ['10.001', '0', '-5', '50000.01', 'ten']) {
        const response = await client.call.put('/v2/payments/previews', { order_id: orderId, amount });
        expect(response.status).toBe(400);
        expect(response.body.message).toEqual([expect.stringMatching(/^amount: /)]);
      }
    });

    it('refuses an amount the payer would pay nothing for, at preview and by PUT, naming the amount', async () => {
      const client = await stack.newPayer();
      const { path, url, reference } = scenario();
      const closed = await client.call.post('/v2/payments/previews', {
        qr: pixQr('0.01'),
        external_reference: `${reference}-closed`,
        notification_url: url,
        user: payer,
      });
      expect(closed.status).toBe(400);
      expect(closed.body.message).toEqual([expect.stringMatching(/^qr: 0\.01 BRL is 0\.00 USD for the payer/)]);
      expect(
        await stack.api.dataSource.query('SELECT id FROM orders WHERE external_reference = $1', [
          `${reference}-closed`,
        ]),
      ).toEqual([]);

      await client.call.post('/v2/payments/previews', {
        qr: pixQr(),
        external_reference: reference,
        notification_url: url,
        user: payer,
      });
      const orderId = (await stack.receiver.waitFor(path, (c) => c.body.order !== undefined)).body.order.id;
      const put = await client.call.put('/v2/payments/previews', { order_id: orderId, amount: '0.01' });
      expect(put.status).toBe(400);
      expect(put.body.message).toEqual([expect.stringMatching(/^amount: 0\.01 BRL is 0\.00 USD/)]);
      expect(
        (await client.call.put('/v2/payments/previews', { order_id: orderId, amount: '0.06' })).body.order,
      ).toMatchObject({ status: 'CREATED' });
    });

    it('requires a token on every payment route', async () => {
      const anonymous = http(stack.api.baseUrl, null);
      expect((await anonymous.post('/v2/payments/previews', {})).status).toBe(401);
      expect((await anonymous.put('/v2/payments/previews', {})).status).toBe(401);
      expect((await anonymous.post('/v2/payments', {})).status).toBe(401);
      expect((await anonymous.get(`/v2/payments/${randomUUID()}/status`)).status).toBe(401);
    });
  });
});
