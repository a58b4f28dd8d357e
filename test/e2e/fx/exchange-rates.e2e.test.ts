import { randomUUID } from 'node:crypto';
import { FxQuoteUnavailableError } from '../../../src/fx/fx.errors';
import { FxService } from '../../../src/fx/fx.service';
import { freePort } from '../../../src/infra/free-port';
import { applySpread, Decimal, formatRate, inverseRate } from '../../../src/money';
import { OrderRepository } from '../../../src/orders/order.repository';
import { createRailsSimulator, RailsSimulator } from '../../../sim/rails/rails-simulator.server';
import { createdQrOrder } from '../../support/order-fixtures';
import { createTestClient, http, startTestApi, TestApi, TestClient } from '../../support/test-api';

describe('GET /v2/exchange-rates/rates/payins/{base}/{target}', () => {
  let rails: RailsSimulator;
  let api: TestApi;
  let client: TestClient;

  beforeAll(async () => {
    rails = createRailsSimulator();
    const port = await rails.listen(0, '127.0.0.1');
    api = await startTestApi({ RAILS_URL: `http://127.0.0.1:${port}` });
    client = await createTestClient(api);
  });
  afterAll(async () => {
    await api.close();
    await rails.close();
  });

  const rate = (base: string, target: string, token: string | null = client.token) =>
    http(api.baseUrl, token).get(`/v2/exchange-rates/rates/payins/${base}/${target}`);

  it("applies the client's spread to the provider's mid rate: rate = mid × (1 + bps / 10000)", async () => {
    const response = await rate('USD', 'BRL');

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      base: 'USD',
      target: 'BRL',
      rate: '5.53175',
      inverse_rate: '0.1807746192',
      spread_bps: 150,
      quoted_at: expect.any(String),
      expires_at: expect.any(String),
    });
    expect(response.body.rate).toBe(formatRate(applySpread(new Decimal('5.45'), 150)));
    expect(response.body.inverse_rate).toBe(formatRate(inverseRate(new Decimal('5.53175'))));
    const quotedAt = Date.parse(response.body.quoted_at);
    expect(Date.parse(response.body.expires_at) - quotedAt).toBe(600_000);
    expect(Math.abs(quotedAt - Date.now())).toBeLessThan(60_000);
  });

  it('stores the quote with the mid rate, the rate and the spread', async () => {
    const other = await createTestClient(api, 'Quoted');
    await http(api.baseUrl, other.token).get('/v2/exchange-rates/rates/payins/BRL/USD');

    const rows = await api.dataSource.query(
      `SELECT base, target, mid_rate::text, rate::text, spread_bps, order_id, expires_at - quoted_at AS ttl FROM fx_quotes WHERE client_id = $1`,
      [other.clientId],
    );
    expect(rows).toEqual([
      {
        base: 'BRL',
        target: 'USD',
        mid_rate: '0.1834862385',
        rate: '0.1862385321',
        spread_bps: 150,
        order_id: null,
        ttl: expect.objectContaining({ minutes: 10 }),
      },
    ]);
  });

  it("prices with the client's spread as it stands, changed since its last quote", async () => {
    const changing = await createTestClient(api, 'Spread changed');
    const quote = () => http(api.baseUrl, changing.token).get('/v2/exchange-rates/rates/payins/USD/BRL');
    expect((await quote()).body).toMatchObject({ rate: '5.53175', spread_bps: 150 });

    await api.dataSource.query('UPDATE clients SET fx_spread_bps = 300 WHERE id = $1', [changing.clientId]);
    expect((await quote()).body).toMatchObject({
      rate: formatRate(applySpread(new Decimal('5.45'), 300)),
      spread_bps: 300,
    });
  });

  it('answers rate "1" with no spread when base and target are the same currency', async () => {
    const response = await rate('PEN', 'PEN');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ base: 'PEN', target: 'PEN', rate: '1', inverse_rate: '1', spread_bps: 0 });
  });

  it('answers 400 with one message per unsupported currency', async () => {
    for (const [base, target, fields] of [
      ['XXX', 'BRL', ['base']],
      ['usd', 'BRL', ['base']],
      ['USD', 'BOB', ['target']],
      ['ABC', 'DEF', ['base', 'target']],
    ] as const) {
      const response = await rate(base, target);
      expect(response.status).toBe(400);
      expect(response.body.statusCode).toBe(400);
      expect(response.body.message.map((message: string) => message.split(':')[0])).toEqual(fields);
    }
  });

  it('answers 401 without a token', async () => {
    expect((await rate('USD', 'BRL', null)).status).toBe(401);
  });

  it('answers 503 UPSTREAM_ERROR when the FX provider is down', async () => {
    const downApi = await startTestApi({ RAILS_URL: `http://127.0.0.1:${await freePort()}`, RAILS_TIMEOUT_MS: '500' });
    try {
      const downClient = await createTestClient(downApi);
      const response = await http(downApi.baseUrl, downClient.token).get('/v2/exchange-rates/rates/payins/USD/COP');
      expect(response.status).toBe(503);
      expect(response.body).toMatchObject({
        statusCode: 503,
        message: expect.any(String),
        error_code: 'UPSTREAM_ERROR',
      });
    } finally {
      await downApi.close();
    }
  });

  describe('lockToOrder', () => {
    /** An order of `client`'s (the payer) from BRL to USD, which only its own BRL→USD quote may price. */
    const brlToUsd = (orderId: string = randomUUID(), clientId = client.clientId) => ({
      orderId,
      clientId,
      base: 'BRL' as const,
      target: 'USD' as const,
    });

    it('locks a quote to an order for good, idempotently, and refuses a second order or a second quote', async () => {
      const fx = api.app.get(FxService);
      const quote = await fx.quote(client.clientId, 'BRL', 'USD');
      const use = brlToUsd();

      const locked = await fx.lockToOrder(quote.id, use);
      expect(locked).toMatchObject({ id: quote.id, orderId: use.orderId });
      expect(locked.rate.equals(quote.rate)).toBe(true);
      expect((await fx.lockToOrder(quote.id, use)).orderId).toBe(use.orderId);

      await expect(fx.lockToOrder(quote.id, brlToUsd())).rejects.toMatchObject({ reason: 'LOCKED_TO_ANOTHER_ORDER' });
      const second = await fx.quote(client.clientId, 'BRL', 'USD');
      await expect(fx.lockToOrder(second.id, use)).rejects.toMatchObject({ reason: 'ORDER_HAS_ANOTHER_QUOTE' });
      await expect(fx.lockToOrder(randomUUID(), use)).rejects.toBeInstanceOf(FxQuoteUnavailableError);
    });

    it("refuses another client's quote as if it did not exist, and the client's own quote for another pair; neither is locked", async () => {
      const fx = api.app.get(FxService);
      const other = await createTestClient(api, 'Another payer');
      const othersQuote = await fx.quote(other.clientId, 'BRL', 'USD');
      const otherPair = await fx.quote(client.clientId, 'BRL', 'EUR');
      const inverse = await fx.quote(client.clientId, 'USD', 'BRL');

      await expect(fx.lockToOrder(othersQuote.id, brlToUsd())).rejects.toMatchObject({ reason: 'NOT_FOUND' });
      await expect(fx.lockToOrder(otherPair.id, brlToUsd())).rejects.toMatchObject({ reason: 'OTHER_CURRENCY_PAIR' });
      await expect(fx.lockToOrder(inverse.id, brlToUsd())).rejects.toMatchObject({ reason: 'OTHER_CURRENCY_PAIR' });
      const unlocked = await api.dataSource.query('SELECT id FROM fx_quotes WHERE id = ANY($1) AND order_id IS NULL', [
        [othersQuote.id, otherPair.id, inverse.id],
      ]);
      expect(unlocked).toHaveLength(3);
      // Its owner locks it as usual.
      expect((await fx.lockToOrder(othersQuote.id, brlToUsd(randomUUID(), other.clientId))).id).toBe(othersQuote.id);
    });

    it("writes a priced order only with its payer's quote for its pair, locked in the same statement", async () => {
      const fx = api.app.get(FxService);
      const orders = new OrderRepository(api.dataSource);
      const other = await createTestClient(api, 'Another payer');
      const written = async (orderId: string) =>
        (await api.dataSource.query('SELECT id FROM orders WHERE id = $1', [orderId])).length;

      const othersQuote = await fx.quote(other.clientId, 'BRL', 'USD');
      const stolen = createdQrOrder(client.clientId, { fxQuoteId: othersQuote.id });
      await expect(orders.create(stolen)).rejects.toMatchObject({ reason: 'NOT_FOUND' });
      const otherPair = await fx.quote(client.clientId, 'BRL', 'EUR');
      const mispriced = createdQrOrder(client.clientId, { fxQuoteId: otherPair.id });
      await expect(orders.create(mispriced)).rejects.toMatchObject({ reason: 'OTHER_CURRENCY_PAIR' });
      expect([await written(stolen.id), await written(mispriced.id)]).toEqual([0, 0]);

      const own = await fx.quote(client.clientId, 'BRL', 'USD');
      const priced = createdQrOrder(client.clientId, { fxQuoteId: own.id });
      await orders.create(priced);
      expect(await fx.quoteOfOrder(priced.id)).toMatchObject({ id: own.id, clientId: client.clientId });
    });

    it('refuses an expired quote', async () => {
      const fx = api.app.get(FxService);
      const quote = await fx.quote(client.clientId, 'USD', 'PEN');
      await api.dataSource.query(
        `UPDATE fx_quotes SET quoted_at = quoted_at - interval '11 minutes', expires_at = expires_at - interval '11 minutes' WHERE id = $1`,
        [quote.id],
      );
      await expect(
        fx.lockToOrder(quote.id, { orderId: randomUUID(), clientId: client.clientId, base: 'USD', target: 'PEN' }),
      ).rejects.toMatchObject({ reason: 'EXPIRED' });
    });
  });
});
