import { randomUUID } from 'node:crypto';
import { LedgerService } from '../../../src/ledger/ledger.service';
import { Decimal } from '../../../src/money';
import { createTestClient, http, startTestApi, TestApi, TestClient } from '../../support/test-api';

describe('pre-funded accounts over HTTP', () => {
  let api: TestApi;
  let ledger: LedgerService;

  beforeAll(async () => {
    api = await startTestApi();
    ledger = api.app.get(LedgerService);
  });
  afterAll(() => api.close());

  const as = (client: TestClient) => http(api.baseUrl, client.token);
  const fund = (client: TestClient, currency: 'USD' | 'BRL' | 'CLP', amount: string) =>
    ledger.fund(`fund:${randomUUID()}`, client.clientId, currency, new Decimal(amount));

  it("lists the calling client's balances per currency, in major units as JSON numbers", async () => {
    const client = await createTestClient(api);
    expect((await as(client).get('/v2/accounts')).body).toEqual([]);

    await fund(client, 'USD', '1000.50');
    await fund(client, 'CLP', '250000');
    await ledger.reserve(`reserve:${randomUUID()}`, client.clientId, 'USD', new Decimal('200.25'), randomUUID());

    const response = await as(client).get('/v2/accounts');
    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      { currency: 'CLP', available: 250000, reserved: 0 },
      { currency: 'USD', available: 800.25, reserved: 200.25 },
    ]);
  });

  it('still pages by page and page_size (deprecated), newest first, with signed amounts and running balances', async () => {
    const client = await createTestClient(api);
    const reserveId = `reserve:${randomUUID()}`;
    const orderId = randomUUID();
    await fund(client, 'BRL', '100.00');
    await ledger.reserve(reserveId, client.clientId, 'BRL', new Decimal('30.00'), orderId);
    await ledger.release(`release:${randomUUID()}`, reserveId);

    const first = await as(client).get('/v2/accounts/BRL/movements?page=1&page_size=3');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ page: 1, page_size: 3, total: 5, has_more: true });
    expect(first.headers.get('deprecation')).toBe('true');
    expect(
      first.body.data.map((m: { kind: string; account: string; amount: number; balance_after: number }) => [
        m.kind,
        m.account,
        m.amount,
        m.balance_after,
      ]),
    ).toEqual([
      ['RELEASE', 'AVAILABLE', 30, 100],
      ['RELEASE', 'RESERVED', -30, 0],
      ['RESERVE', 'RESERVED', 30, 30],
    ]);
    expect(first.body.data[0]).toEqual({
      id: expect.stringMatching(/^\d+$/),
      entry_id: expect.any(String),
      operation_id: expect.stringMatching(/^release:/),
      kind: 'RELEASE',
      account: 'AVAILABLE',
      amount: 30,
      balance_after: 100,
      reference: orderId,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });

    const second = await as(client).get('/v2/accounts/BRL/movements?page=2&page_size=3');
    expect(second.body.data.map((m: { kind: string; amount: number }) => [m.kind, m.amount])).toEqual([
      ['RESERVE', -30],
      ['FUND', 100],
    ]);
    expect(second.body.data[1].reference).toBeNull();
    expect(second.body).toMatchObject({ page: 2, page_size: 3, total: 5, has_more: false, next_cursor: null });

    const pageOnly = await as(client).get('/v2/accounts/BRL/movements?page=1');
    expect(pageOnly.body).toMatchObject({ page: 1, page_size: 50, total: 5 });
    expect(pageOnly.body.data).toHaveLength(5);
  });

  it('pages the movements by cursor, newest first, stable while new lines are written', async () => {
    const client = await createTestClient(api);
    for (const amount of ['1.00', '2.00', '3.00', '4.00', '5.00']) await fund(client, 'USD', amount);
    const amounts = (body: { data: Array<{ amount: number }> }) => body.data.map((line) => line.amount);

    const first = await as(client).get('/v2/accounts/USD/movements?limit=2');
    expect(first.status).toBe(200);
    expect(first.headers.get('deprecation')).toBeNull();
    expect(first.body).toEqual({ data: expect.any(Array), has_more: true, next_cursor: expect.any(String) });
    expect(amounts(first.body)).toEqual([5, 4]);

    // Lines written between pages are newer than the cursor: the pages that follow do not shift.
    await fund(client, 'USD', '6.00');
    await fund(client, 'USD', '7.00');
    const second = await as(client).get(`/v2/accounts/USD/movements?limit=2&starting_after=${first.body.next_cursor}`);
    expect(amounts(second.body)).toEqual([3, 2]);
    const third = await as(client).get(`/v2/accounts/USD/movements?limit=2&starting_after=${second.body.next_cursor}`);
    expect(third.body).toEqual({ data: [expect.objectContaining({ amount: 1 })], has_more: false, next_cursor: null });

    // Without paging parameters: the first cursor page, 20 lines at most.
    const defaults = await as(client).get('/v2/accounts/USD/movements');
    expect(defaults.body).toEqual({ data: expect.any(Array), has_more: false, next_cursor: null });
    expect(amounts(defaults.body)).toEqual([7, 6, 5, 4, 3, 2, 1]);
  });

  it('answers 400 naming the field for an unsupported currency or bad paging', async () => {
    const client = await createTestClient(api);
    for (const path of ['/v2/accounts/XYZ/movements', '/v2/accounts/usd/movements']) {
      const response = await as(client).get(path);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ statusCode: 400, message: [expect.stringMatching(/^currency: /)] });
    }
    const notOurs = Buffer.from('2026-01-01,x').toString('base64url');
    for (const query of [
      'page=0',
      'page_size=201',
      'page=x',
      'sort=id',
      'limit=101',
      'limit=0',
      'starting_after=%%',
      `starting_after=${notOurs}`,
      'page=2&limit=10',
    ]) {
      const response = await as(client).get(`/v2/accounts/USD/movements?${query}`);
      expect(response.status).toBe(400);
      expect(response.body.message).toHaveLength(1);
    }
  });

  it('answers 404 for a supported currency the client has no account in', async () => {
    const client = await createTestClient(api);
    const response = await as(client).get('/v2/accounts/EUR/movements');
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ statusCode: 404, message: 'No EUR account' });
  });

  it("never shows one client another client's accounts or movements", async () => {
    const owner = await createTestClient(api);
    const stranger = await createTestClient(api);
    await fund(owner, 'USD', '500.00');

    expect((await as(stranger).get('/v2/accounts')).body).toEqual([]);
    expect((await as(stranger).get('/v2/accounts/USD/movements')).status).toBe(404);
    expect((await as(owner).get('/v2/accounts/USD/movements')).body.data).toHaveLength(1);
  });

  it('answers 401 without a token', async () => {
    for (const path of ['/v2/accounts', '/v2/accounts/USD/movements']) {
      const response = await http(api.baseUrl, null).get(path);
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject({ statusCode: 401, message: 'Unauthorized' });
    }
  });
});
