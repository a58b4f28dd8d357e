import { randomUUID } from 'node:crypto';
import { decodeEmvQr, OWN_GUI } from '../../../src/emv';
import { Decimal } from '../../../src/money';
import { verifySignature } from '../../../src/notifications';
import { callbackEnvelope } from '../../support/callback-receiver';
import { startPaymentStack, PaymentStack } from '../../support/payment-stack';
import { payer } from '../../support/qr-fixtures';
import { parseCsv, parseTxt, utcDay } from '../../support/report-files';
import { http } from '../../support/test-api';
import { createCollector, createHierarchy, createPos, createStore } from '../merchants/merchant-fixtures';
import { QR_SCOPE } from '../../../src/rails/countries';

/**
 * The Collections API end to end: a client creates QR codes for its points of sale, any other
 * client pays them through the ordinary QR preview flow (debited in its currency, the collector
 * credited in the local one), and the collector cancels, reads and refunds them.
 */
describe('collections', () => {
  let stack: PaymentStack;

  beforeAll(async () => {
    stack = await startPaymentStack();
  });
  afterAll(() => stack.close());

  type Client = Awaited<ReturnType<PaymentStack['newPayer']>>;

  async function balance(client: Client, currency: string) {
    const accounts = (await client.call.get('/v2/accounts')).body as Array<{
      currency: string;
      available: number;
      reserved: number;
    }>;
    return accounts.find((account) => account.currency === currency) ?? { currency, available: 0, reserved: 0 };
  }

  /** A collector client with one POS, and a callback path of its own. */
  async function newCollector() {
    const client = await stack.newPayer({});
    const { posUuid } = await createHierarchy(client.call);
    const path = `/collector/${randomUUID()}`;
    return { client, posUuid, path, url: stack.receiver.url(path) };
  }

  type Collector = Awaited<ReturnType<typeof newCollector>>;

  const createQr = (collector: Collector, body: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
    collector.client.call.post(
      '/v2/qr',
      {
        pos_uuid: collector.posUuid,
        external_reference: `qr-${randomUUID()}`,
        notification_url: collector.url,
        ...body,
      },
      headers,
    );

  /** The payer scans the QR: its preview ack, and the preview callback at its own URL. */
  async function scan(client: Client, qr: string, path = `/payer/${randomUUID()}`) {
    const reference = `pay-${randomUUID()}`;
    const ack = await client.call.post('/v2/payments/previews', {
      qr,
      external_reference: reference,
      notification_url: stack.receiver.url(path),
      user: payer,
    });
    return { ack, path, url: stack.receiver.url(path), reference };
  }

  it('creates a dynamic QR for a POS: the EMVCo payload, its image, the amounts and rates, and the signed QR creation notification', async () => {
    const collector = await newCollector();
    const reference = `qr-${randomUUID()}`;
    const created = await createQr(collector, { amount: '125.40', external_reference: reference });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      order_id: expect.any(String),
      status: 'CREATED',
      qr: expect.any(String),
      qr_image: expect.stringMatching(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/),
      expires_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      local_amount: 125.4,
      local_currency: 'BRL',
      exchange_rates: expect.arrayContaining([
        { currency: 'USD', rate: expect.stringMatching(/^\d+\.\d+$/), amount: expect.any(Number) },
      ]),
    });
    const orderId: string = created.body.order_id;
    const decoded = decodeEmvQr(created.body.qr, QR_SCOPE);
    expect(decoded).toMatchObject({
      valid: true,
      point_of_initiation: 'DYNAMIC',
      amount: '125.40',
      country: 'BR',
      currency: { alpha: 'BRL' },
      merchant: { name: 'Acme', city: 'Sao Paulo', mcc: '0000' },
    });
    expect(decoded.merchant_accounts[0]).toMatchObject({ gui: OWN_GUI, fields: { '02': orderId } });

    const notice = await stack.receiver.waitFor(collector.path, (c) => c.body.event === 'QR_CREATED');
    expect(verifySignature(collector.client.webhookSecret, notice.rawBody, String(notice.headers.signature))).toBe(
      true,
    );
    expect(notice.body).toEqual({
      event: 'QR_CREATED',
      order_id: orderId,
      external_reference: reference,
      status: 'CREATED',
      local_amount: 125.4,
      local_currency: 'BRL',
      exchange_rates: created.body.exchange_rates,
      expires_at: created.body.expires_at,
      date: expect.any(String),
      version: expect.any(String),
      webhook: callbackEnvelope('QR_CREATED', notice.headers['x-event-id']),
    });

    const read = await collector.client.call.get(`/v2/payins/orders/${orderId}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      id: orderId,
      status: 'CREATED',
      external_reference: reference,
      local_amount: '125.40',
      statuses: [{ status: 'CREATED' }],
    });
    expect((await collector.client.call.get(`/payins/orders/${orderId}`)).body).toEqual({
      order_uuid: orderId,
      total: '125.40',
      destination_wallet: '12345678000195',
      status: 'CREATED',
    });
  });

  it('is paid by another client: the payer debited in its currency, the collector credited in the local one, each notified with its own secret; a third client sees nothing', async () => {
    const collector = await newCollector();
    const collectorReference = `qr-${randomUUID()}`;
    const created = (await createQr(collector, { amount: '80.00', external_reference: collectorReference })).body;
    const client = await stack.newPayer({ USD: '1000.00' });

    const { ack, path, url, reference } = await scan(client, created.qr);
    expect(ack.status).toBe(200);
    expect(ack.body).toEqual({
      status: 'success',
      external_reference: reference,
      message: expect.any(String),
      local_currency: 'BRL',
      order_id: created.order_id,
    });
    const preview = await stack.receiver.waitFor(path, (c) => c.body.order !== undefined);
    expect(preview.body.external_reference).toBe(reference);
    expect(preview.body.order).toMatchObject({
      id: created.order_id,
      local_total_amount: 80,
      local_currency: 'BRL',
      user_currency: 'USD',
    });
    const debited: number = preview.body.order.user_total_amount;

    const stranger = await stack.newPayer();
    const late = await scan(stranger, created.qr);
    expect(late.ack.status).toBe(409);
    expect(late.ack.body.error_code).toBe('ALREADY_PROCESSED');
    expect((await scan(client, created.qr, path)).ack.status).toBe(409);

    const paid = await client.call.post('/v2/payments', {
      order_id: created.order_id,
      status: 'accepted',
      notification_url: url,
    });
    expect(paid.status).toBe(200);
    const payerResult = await stack.receiver.waitFor(path, (c) => c.body.status === 'COMPLETED');
    const collectorResult = await stack.receiver.waitFor(collector.path, (c) => c.body.status === 'COMPLETED');
    expect(verifySignature(client.webhookSecret, payerResult.rawBody, String(payerResult.headers.signature))).toBe(
      true,
    );
    expect(
      verifySignature(
        collector.client.webhookSecret,
        collectorResult.rawBody,
        String(collectorResult.headers.signature),
      ),
    ).toBe(true);
    expect(
      verifySignature(client.webhookSecret, collectorResult.rawBody, String(collectorResult.headers.signature)),
    ).toBe(false);
    expect(payerResult.body.external_reference).toBe(reference);
    expect(collectorResult.body.external_reference).toBe(collectorReference);
    expect(collectorResult.headers['x-event-id']).not.toBe(payerResult.headers['x-event-id']);

    expect(await balance(client, 'USD')).toEqual({
      currency: 'USD',
      available: Number((1000 - debited).toFixed(2)),
      reserved: 0,
    });
    expect(await balance(collector.client, 'BRL')).toEqual({ currency: 'BRL', available: 80, reserved: 0 });

    expect((await client.call.get(`/v2/payments/${created.order_id}/status`)).body).toMatchObject({
      status: 'COMPLETED',
      external_reference: reference,
    });
    const collectorRead = (await collector.client.call.get(`/v2/payins/orders/${created.order_id}`)).body;
    expect(collectorRead).toMatchObject({
      status: 'COMPLETED',
      external_reference: collectorReference,
      user_currency: 'USD',
    });
    expect(collectorRead.statuses.map((entry: { status: string }) => entry.status)).toEqual([
      'CREATED',
      'PROCESSING',
      'COMPLETED',
    ]);

    expect((await stranger.call.get(`/v2/payments/${created.order_id}/status`)).status).toBe(404);
    expect((await stranger.call.get(`/v2/payins/orders/${created.order_id}`)).status).toBe(404);
    expect((await stranger.call.get(`/payins/orders/${created.order_id}`)).status).toBe(404);
    expect((await stranger.call.get(`/v2/notifications?order_id=${created.order_id}`)).body).toEqual([]);
    // The payer reads its order through the payer's routes; the collector's route is the collector's.
    expect((await client.call.get(`/v2/payins/orders/${created.order_id}`)).status).toBe(404);
  });

  it('takes the amount from the payer for a static QR', async () => {
    const collector = await newCollector();
    const created = (await createQr(collector)).body;
    expect(created).toMatchObject({
      status: 'WAITING_AMOUNT',
      local_amount: null,
      exchange_rates: expect.arrayContaining([expect.objectContaining({ currency: 'USD', amount: null })]),
    });
    expect(decodeEmvQr(created.qr, QR_SCOPE)).toMatchObject({
      valid: true,
      point_of_initiation: 'STATIC',
      amount: null,
    });

    const client = await stack.newPayer({ USD: '1000.00' });
    const { ack, path, url } = await scan(client, created.qr);
    expect(ack.body.status).toBe('missing_amount');
    const priced = await client.call.put('/v2/payments/previews', { order_id: created.order_id, amount: '42.50' });
    expect(priced.status).toBe(200);
    await client.call.post('/v2/payments', { order_id: created.order_id, status: 'accepted', notification_url: url });
    await stack.receiver.waitFor(path, (c) => c.body.status === 'COMPLETED');
    await stack.receiver.waitFor(collector.path, (c) => c.body.status === 'COMPLETED');
    expect(await balance(collector.client, 'BRL')).toEqual({ currency: 'BRL', available: 42.5, reserved: 0 });
  });

  it("makes an Argentine collector's static QR PROCESS_LATER once scanned, as the spec names a QR awaiting its amount there, and takes the amount", async () => {
    const client = await stack.newPayer({});
    const collectorUuid = await createCollector(client.call, { country_code: 'AR' });
    const posUuid = await createPos(
      client.call,
      await createStore(client.call, collectorUuid, { address: 'Av. Santa Fe 1234, Buenos Aires' }),
    );
    const collector = { client, posUuid, path: `/collector/${randomUUID()}`, url: '' };
    collector.url = stack.receiver.url(collector.path);
    const created = (await createQr(collector)).body;
    expect(created).toMatchObject({ status: 'WAITING_AMOUNT', local_currency: 'ARS' });

    const shopper = await stack.newPayer({ USD: '1000.00' });
    const { ack, path, url } = await scan(shopper, created.qr);
    expect(ack.body.status).toBe('missing_amount');
    const preview = await stack.receiver.waitFor(path, (c) => c.body.order !== undefined);
    expect(preview.body.order).toMatchObject({
      id: created.order_id,
      status: 'PROCESS_LATER',
      local_total_amount: null,
    });
    const priced = await shopper.call.put('/v2/payments/previews', { order_id: created.order_id, amount: '1500.00' });
    expect(priced.body.order).toMatchObject({ status: 'CREATED', local_total_amount: 1500 });
    await shopper.call.post('/v2/payments', { order_id: created.order_id, status: 'accepted', notification_url: url });
    await stack.receiver.waitFor(path, (c) => c.body.status === 'COMPLETED');
    const statuses = (
      (await shopper.call.get(`/v2/payments/${created.order_id}/status`)).body.statuses as Array<{ status: string }>
    ).map((entry) => entry.status);
    expect(statuses).toEqual(['WAITING_AMOUNT', 'PROCESS_LATER', 'CREATED', 'PROCESSING', 'COMPLETED']);
  });

  it('is canceled by its collector: CANCELED_BY_COLLECTOR, then nobody can pay it; a paid QR cannot be canceled', async () => {
    const collector = await newCollector();
    const created = (await createQr(collector, { amount: '10.00' })).body;
    const canceled = await collector.client.call.delete(`/v2/payins/qr/${created.order_id}`);
    expect(canceled.status).toBe(200);
    expect(canceled.body).toEqual({
      order_id: created.order_id,
      status: 'CANCELED',
      error_code: 'CANCELED_BY_COLLECTOR',
    });
    expect((await collector.client.call.delete(`/v2/payins/qr/${created.order_id}`)).body).toEqual(canceled.body);
    const notice = await stack.receiver.waitFor(collector.path, (c) => c.body.status === 'CANCELED');
    expect(notice.body.error_code).toBe('CANCELED_BY_COLLECTOR');

    const client = await stack.newPayer();
    const refused = await scan(client, created.qr);
    expect(refused.ack.status).toBe(409);
    expect(refused.ack.body.error_code).toBe('INVALID_STATUS');

    const other = await newCollector();
    expect((await other.client.call.delete(`/v2/payins/qr/${created.order_id}`)).status).toBe(404);
    expect((await collector.client.call.delete(`/v2/payins/qr/${randomUUID()}`)).status).toBe(404);

    const paidQr = (await createQr(collector, { amount: '10.00' })).body;
    const { path, url } = await scan(client, paidQr.qr);
    await client.call.post('/v2/payments', { order_id: paidQr.order_id, status: 'accepted', notification_url: url });
    await stack.receiver.waitFor(path, (c) => c.body.status === 'COMPLETED');
    const tooLate = await collector.client.call.delete(`/v2/payins/qr/${paidQr.order_id}`);
    expect(tooLate.status).toBe(409);
    expect(tooLate.body).toMatchObject({ statusCode: 409, message: expect.any(String), error_code: 'INVALID_STATUS' });
  });

  it('lets exactly one of a cancel and a pay racing each other win, and a losing pay moves no money', async () => {
    const collector = await newCollector();
    const client = await stack.newPayer({ USD: '1000.00' });
    const outcomes: string[] = [];
    for (let round = 0; round < 4; round++) {
      const created = (await createQr(collector, { amount: '5.00' })).body;
      const { path, url } = await scan(client, created.qr);
      await stack.receiver.waitFor(path, (c) => c.body.order !== undefined);
      const [cancel, pay] = await Promise.all([
        collector.client.call.delete(`/v2/payins/qr/${created.order_id}`),
        client.call.post('/v2/payments', { order_id: created.order_id, status: 'accepted', notification_url: url }),
      ]);
      expect([cancel.status, pay.status].sort()).toEqual([200, 409]);
      const final = await stack.receiver.waitFor(
        path,
        (c) => c.body.status === 'COMPLETED' || c.body.status === 'CANCELED',
      );
      expect(final.body.status).toBe(cancel.status === 200 ? 'CANCELED' : 'COMPLETED');
      outcomes.push(final.body.status);
    }
    const completed = outcomes.filter((status) => status === 'COMPLETED').length;
    expect(await balance(collector.client, 'BRL')).toEqual({ currency: 'BRL', available: 5 * completed, reserved: 0 });
    expect((await balance(client, 'USD')).reserved).toBe(0);
  });

  it('expires unpaid after QR_EXPIRY_SECONDS with the QR expiration notification', async () => {
    const shortLived = await stack.extraApi({ QR_EXPIRY_SECONDS: '2' });
    const collector = await newCollector();
    const created = (
      await http(shortLived.baseUrl, collector.client.token).post('/v2/qr', {
        pos_uuid: collector.posUuid,
        external_reference: `qr-${randomUUID()}`,
        notification_url: collector.url,
        amount: '10.00',
      })
    ).body;
    const expired = await stack.receiver.waitFor(collector.path, (c) => c.body.event === 'QR_EXPIRED');
    expect(expired.body).toMatchObject({ order_id: created.order_id, status: 'CANCELED', error_code: 'EXPIRED' });
    expect((await collector.client.call.get(`/v2/payins/orders/${created.order_id}`)).body.status).toBe('CANCELED');
  });

  it('is refunded by its collector: the payer credited its share, the collector debited', async () => {
    const collector = await newCollector();
    const reference = `qr-${randomUUID()}`;
    const created = {
      ...(await createQr(collector, { amount: '100.00', external_reference: reference })).body,
      external_reference: reference,
    };
    const client = await stack.newPayer({ USD: '1000.00' });
    const { path, url, reference: payerReference } = await scan(client, created.qr);
    await client.call.post('/v2/payments', { order_id: created.order_id, status: 'accepted', notification_url: url });
    await stack.receiver.waitFor(path, (c) => c.body.status === 'COMPLETED');

    expect((await client.call.post('/v2/qr/refund', { order_id: created.order_id, amount: '10.00' })).status).toBe(404);
    const refund = await collector.client.call.post('/v2/qr/refund', { order_id: created.order_id, amount: '40.00' });
    expect(refund.status).toBe(201);
    expect(refund.body).toMatchObject({ status: 'PARTIALLY_REFUNDED', amount: 40, currency: 'BRL', remaining: 60 });
    await stack.receiver.waitFor(path, (c) => c.body.status === 'PARTIALLY_REFUNDED');
    await stack.receiver.waitFor(collector.path, (c) => c.body.status === 'PARTIALLY_REFUNDED');
    expect(await balance(collector.client, 'BRL')).toEqual({ currency: 'BRL', available: 60, reserved: 0 });
    const rest = await collector.client.call.post('/v2/qr/refund', { order_id: created.order_id });
    expect(rest.body).toMatchObject({ status: 'REFUNDED', remaining: 0 });
    await stack.receiver.waitFor(path, (c) => c.body.status === 'REFUNDED');
    expect(await balance(collector.client, 'BRL')).toEqual({ currency: 'BRL', available: 0, reserved: 0 });
    expect(await balance(client, 'USD')).toEqual({ currency: 'USD', available: 1000, reserved: 0 });

    // Both sides' reconciliation files list the payment and its two refunds, each under its own reference.
    const period = `from=${utcDay(-1)}&to=${utcDay(1)}`;
    for (const [side, reference] of [
      [collector.client, created.external_reference],
      [client, payerReference],
    ] as const) {
      const csv = parseCsv((await side.call.get(`/v2/reports/conciliation/payins?${period}&format=csv`)).body);
      const txt = parseTxt((await side.call.get(`/v2/reports/conciliation/payins?${period}&format=txt`)).body);
      expect(txt).toEqual(csv);
      expect(
        csv
          .filter((row) => row.order_id === created.order_id)
          .map(({ type, status, local_amount, external_reference }) => ({
            type,
            status,
            local_amount,
            external_reference,
          })),
      ).toEqual([
        { type: 'PAYMENT', status: 'REFUNDED', local_amount: '100.00', external_reference: reference },
        { type: 'REFUND', status: 'COMPLETED', local_amount: '40.00', external_reference: reference },
        { type: 'REFUND', status: 'COMPLETED', local_amount: '60.00', external_reference: reference },
      ]);
    }
  });

  it("fails a collector's refund its balance cannot cover, moving nothing", async () => {
    const collector = await newCollector();
    const created = (await createQr(collector, { amount: '30.00' })).body;
    const client = await stack.newPayer({ USD: '1000.00' });
    const { path, url } = await scan(client, created.qr);
    await client.call.post('/v2/payments', { order_id: created.order_id, status: 'accepted', notification_url: url });
    await stack.receiver.waitFor(path, (c) => c.body.status === 'COMPLETED');
    const paidUsd = await balance(client, 'USD');
    // Something else holds the collector's takings: 5.00 BRL are free, the refund asks 10.00.
    await stack.ledger.reserve(
      `test-hold:${created.order_id}`,
      collector.client.clientId,
      'BRL',
      new Decimal('25.00'),
      'another hold',
    );

    const refund = await collector.client.call.post('/v2/qr/refund', { order_id: created.order_id, amount: '10.00' });
    expect(refund.status).toBe(201);
    expect(refund.body).toMatchObject({ status: 'FAILED', amount: 10, refunded_total: 0, remaining: 30 });
    const notice = await stack.receiver.waitFor(collector.path, (c) => c.body.amount === 10);
    expect(notice.body).toMatchObject({ status: 'COMPLETED', error_code: 'INSUFFICIENT_FUNDS' });
    expect(await balance(collector.client, 'BRL')).toEqual({ currency: 'BRL', available: 5, reserved: 25 });
    expect(await balance(client, 'USD')).toEqual(paidUsd);
  });

  describe('refuses', () => {
    it("another client's POS (404), a disabled POS (409), a currency that is not the collector's (400) and bad amounts (400)", async () => {
      const collector = await newCollector();
      const other = await newCollector();
      const foreign = await createQr(other, { pos_uuid: collector.posUuid });
      expect(foreign.status).toBe(404);
      expect(foreign.body).toMatchObject({ statusCode: 404, message: 'POS not found' });

      expect((await createQr(collector, { currency: 'PEN' })).body).toMatchObject({
        statusCode: 400,
        message: ['currency: the collector is in BR, whose currency is BRL, not PEN'],
      });
      for (const amount of ['0', '-5', '1.001', 'lots']) {
        const bad = await createQr(collector, { amount });
        expect(bad.status).toBe(400);
        expect(bad.body.message).toEqual([expect.stringMatching(/^amount: /)]);
      }
      const invalid = await createQr(collector, { pos_uuid: 'not-a-uuid', notification_url: '' });
      expect(invalid.status).toBe(400);

      const storeUuid = await createStore(collector.client.call, await createCollector(collector.client.call));
      const disabledPos = await createPos(collector.client.call, storeUuid);
      expect((await collector.client.call.put(`/pos/${disabledPos}/disable`)).status).toBeLessThan(300);
      expect((await createQr(collector, { pos_uuid: disabledPos })).status).toBe(409);
    });

    it('a second QR under the same external_reference (409), while a retry with the same idempotency key answers the first QR again', async () => {
      const collector = await newCollector();
      const body = { external_reference: `qr-${randomUUID()}`, amount: '15.00' };
      const key = `key-${randomUUID()}`;
      const first = await createQr(collector, body, { 'idempotency-key': key });
      const retried = await createQr(collector, body, { 'idempotency-key': key });
      expect(retried.status).toBe(201);
      expect(retried.body).toEqual(first.body);
      const duplicate = await createQr(collector, body);
      expect(duplicate.status).toBe(409);
      expect(duplicate.body.error_code).toBe('ALREADY_PROCESSED');
    });

    it('takes the market from the currency of a collector created without a country', async () => {
      const client = await stack.newPayer({});
      const collectorUuid = await createCollector(client.call, { country_code: undefined });
      const posUuid = await createPos(
        client.call,
        await createStore(client.call, collectorUuid, { address: 'Av. Larco 345, Miraflores' }),
      );
      const path = `/collector/${randomUUID()}`;
      const without = await client.call.post('/v2/qr', {
        pos_uuid: posUuid,
        external_reference: `qr-${randomUUID()}`,
        notification_url: stack.receiver.url(path),
      });
      expect(without.body).toMatchObject({
        statusCode: 400,
        message: ['currency: required, since the collector has no country_code'],
      });
      const peru = await client.call.post('/v2/qr', {
        pos_uuid: posUuid,
        external_reference: `qr-${randomUUID()}`,
        notification_url: stack.receiver.url(path),
        currency: 'PEN',
        amount: 20,
      });
      expect(peru.status).toBe(201);
      expect(decodeEmvQr(peru.body.qr, QR_SCOPE)).toMatchObject({
        country: 'PE',
        currency: { alpha: 'PEN' },
        merchant: { city: 'Miraflores' },
      });
    });
  });
});
