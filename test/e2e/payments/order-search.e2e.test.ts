import { randomUUID } from 'node:crypto';
import { startPaymentStack, PaymentStack } from '../../support/payment-stack';
import { payer, pixQr } from '../../support/qr-fixtures';
import { createHierarchy } from '../merchants/merchant-fixtures';

/**
 * Finding orders over HTTP (issue 29): GET /v2/payments lists the caller's own orders, waiting
 * ones included, by reference, status, flow and creation time, a cursor page at a time; the
 * preview's ack names the order, so a lost preview callback leaves nothing unfindable.
 */
describe('order search: GET /v2/payments', () => {
  let stack: PaymentStack;
  type Payer = Awaited<ReturnType<PaymentStack['newPayer']>>;

  beforeAll(async () => {
    stack = await startPaymentStack();
  });
  afterAll(() => stack.close());

  /** Previews a QR (an open amount without `amount`) and answers the ack's order id and the reference. */
  async function previewOrder(client: Payer, amount?: string) {
    const reference = `find-${randomUUID()}`;
    const path = `/hooks/${randomUUID()}`;
    const ack = await client.call.post('/v2/payments/previews', {
      qr: pixQr(amount),
      external_reference: reference,
      notification_url: stack.receiver.url(path),
      user: payer,
    });
    expect(ack.status).toBe(200);
    return { orderId: ack.body.order_id as string, reference, path };
  }

  const ids = (body: { data: Array<{ order_id: string }> }) => body.data.map((order) => order.order_id);

  it('finds an order by its reference from the ack alone, waiting or not, and only the caller sees its own', async () => {
    const client = await stack.newPayer({ USD: '1000.00' });
    const other = await stack.newPayer({ USD: '1000.00' });
    const closed = await previewOrder(client, '100.00');
    const open = await previewOrder(client);
    const others = await previewOrder(other, '10.00');

    const byReference = await client.call.get(`/v2/payments?external_reference=${encodeURIComponent(open.reference)}`);
    expect(byReference.status).toBe(200);
    expect(byReference.body).toEqual({
      data: [
        {
          order_id: open.orderId,
          external_reference: open.reference,
          flow: 'QR',
          status: expect.any(String),
          local_country: 'BR',
          local_currency: 'BRL',
          local_amount: null,
          user_currency: 'USD',
          user_amount: null,
          error_code: null,
          created_at: expect.any(String),
          updated_at: expect.any(String),
        },
      ],
      has_more: false,
      next_cursor: null,
    });

    const all = await client.call.get('/v2/payments');
    expect(ids(all.body)).toEqual([open.orderId, closed.orderId]);
    expect(all.body.data[1]).toMatchObject({ local_amount: '100.00', external_reference: closed.reference });

    // Another client's order is neither listed nor found by its reference.
    const foreign = await client.call.get(`/v2/payments?external_reference=${encodeURIComponent(others.reference)}`);
    expect(foreign.body).toEqual({ data: [], has_more: false, next_cursor: null });
    expect(ids((await other.call.get('/v2/payments')).body)).toEqual([others.orderId]);
  });

  it('filters by status, flow and creation time', async () => {
    const client = await stack.newPayer({ USD: '1000.00' });
    const closed = await previewOrder(client, '20.00');
    const open = await previewOrder(client);
    await stack.receiver.waitFor(open.path, (callback) => callback.body.order?.status === 'WAITING_AMOUNT');

    expect(ids((await client.call.get('/v2/payments?status=WAITING_AMOUNT')).body)).toEqual([open.orderId]);
    expect(ids((await client.call.get('/v2/payments?flow=QR')).body)).toEqual([open.orderId, closed.orderId]);
    expect(ids((await client.call.get('/v2/payments?flow=KEY')).body)).toEqual([]);

    const [newest, oldest] = (await client.call.get('/v2/payments')).body.data as Array<{ created_at: string }>;
    expect(ids((await client.call.get(`/v2/payments?created_before=${newest!.created_at}`)).body)).toEqual([
      closed.orderId,
    ]);
    expect(ids((await client.call.get(`/v2/payments?created_after=${newest!.created_at}`)).body)).toEqual([
      open.orderId,
    ]);
    expect(
      ids(
        (await client.call.get(`/v2/payments?created_after=${oldest!.created_at}&created_before=${newest!.created_at}`))
          .body,
      ),
    ).toEqual([closed.orderId]);
  });

  it('pages by cursor, newest first, stable while new orders arrive', async () => {
    const client = await stack.newPayer({ USD: '1000.00' });
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push((await previewOrder(client, '5.00')).orderId);
    const newestFirst = [...made].reverse();

    const first = await client.call.get('/v2/payments?limit=2');
    expect(first.status).toBe(200);
    expect(ids(first.body)).toEqual(newestFirst.slice(0, 2));
    expect(first.body.has_more).toBe(true);
    expect(first.body.next_cursor).toMatch(/^[A-Za-z0-9_-]+$/);

    // Orders created between pages are newer than the cursor: they shift nothing that follows.
    const arrived = [(await previewOrder(client, '5.00')).orderId, (await previewOrder(client, '5.00')).orderId];
    const second = await client.call.get(`/v2/payments?limit=2&starting_after=${first.body.next_cursor}`);
    expect(ids(second.body)).toEqual(newestFirst.slice(2, 4));
    expect(second.body.has_more).toBe(true);
    const third = await client.call.get(`/v2/payments?limit=2&starting_after=${second.body.next_cursor}`);
    expect(ids(third.body)).toEqual(newestFirst.slice(4));
    expect(third.body).toMatchObject({ has_more: false, next_cursor: null });

    // A fresh first page starts with them; the default page holds all seven.
    const fresh = await client.call.get('/v2/payments');
    expect(ids(fresh.body)).toEqual([...arrived.reverse(), ...newestFirst]);
  });

  it('shows a collector its Collections QRs by its own reference, and their payer the same order by its own', async () => {
    const collector = await stack.newPayer({});
    const { posUuid } = await createHierarchy(collector.call);
    const collectorReference = `qr-${randomUUID()}`;
    const created = await collector.call.post('/v2/qr', {
      pos_uuid: posUuid,
      amount: '30.00',
      external_reference: collectorReference,
      notification_url: stack.receiver.url(`/collector/${randomUUID()}`),
    });
    expect(created.status).toBe(201);
    const orderId = created.body.order_id as string;

    const asCollector = await collector.call.get(`/v2/payments?flow=COLLECTION`);
    expect(asCollector.body.data).toEqual([
      expect.objectContaining({ order_id: orderId, external_reference: collectorReference, flow: 'COLLECTION' }),
    ]);
    // A flow without collectors reads none of the collector's orders.
    expect(ids((await collector.call.get('/v2/payments?flow=QR')).body)).toEqual([]);

    const client = await stack.newPayer({ USD: '1000.00' });
    const payerReference = `pay-${randomUUID()}`;
    const scanned = await client.call.post('/v2/payments/previews', {
      qr: created.body.qr,
      external_reference: payerReference,
      notification_url: stack.receiver.url(`/hooks/${randomUUID()}`),
      user: payer,
    });
    expect(scanned.body.order_id).toBe(orderId);
    const asPayer = await client.call.get(`/v2/payments?external_reference=${payerReference}`);
    expect(asPayer.body.data).toEqual([
      expect.objectContaining({ order_id: orderId, external_reference: payerReference, flow: 'COLLECTION' }),
    ]);
    // Each finds it only by its own reference.
    expect(ids((await client.call.get(`/v2/payments?external_reference=${collectorReference}`)).body)).toEqual([]);
    expect(ids((await collector.call.get(`/v2/payments?external_reference=${payerReference}`)).body)).toEqual([]);
    expect(ids((await collector.call.get(`/v2/payments?external_reference=${collectorReference}`)).body)).toEqual([
      orderId,
    ]);
  });

  it('refuses a bad cursor, filter or limit with a 400 in the documented shape', async () => {
    const client = await stack.newPayer({ USD: '1000.00' });
    const foreignCursor = Buffer.from('not,a,key').toString('base64url');
    for (const [query, field] of [
      ['starting_after=%%%', 'starting_after'],
      [`starting_after=${foreignCursor}`, 'starting_after'],
      [`starting_after=${Buffer.from(`123,${'x'.repeat(36)}`).toString('base64url')}`, 'starting_after'],
      ['status=PAID_MAYBE', 'status'],
      ['flow=CASH', 'flow'],
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['created_after=yesterday', 'created_after'],
      ['created_after=2026-01-02T00:00:00Z&created_before=2026-01-01T00:00:00Z', 'created_before'],
      ['order_by=amount', 'order_by'],
    ] as const) {
      const refused = await client.call.get(`/v2/payments?${query}`);
      expect({ query, status: refused.status }).toEqual({ query, status: 400 });
      expect(refused.body).toMatchObject({ statusCode: 400, message: expect.any(Array) });
      expect((refused.body.message as string[]).some((line) => line.includes(field))).toBe(true);
    }
  });
});
