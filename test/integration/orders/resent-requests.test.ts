import { randomUUID } from 'node:crypto';
import { Client as PgClient } from 'pg';
import { loadEnv } from '../../../src/config/env';
import { orderWorkflowId } from '../../../src/orders/order-workflow-start';
import { createOrderWorker } from '../../../src/processes/worker.process';
import { createHierarchy } from '../../e2e/merchants/merchant-fixtures';
import { PaymentStack, startPaymentStack } from '../../support/payment-stack';
import { payer, pixQr } from '../../support/qr-fixtures';
import { http, TestApi } from '../../support/test-api';
import { until } from '../../support/until';

/**
 * A request whose first attempt ran out of time at the API (API_TEMPORAL_TIMEOUT: 503, the
 * idempotency key released) while its update stayed with Temporal, and was applied once a worker
 * could: the integrator's resend with the same key and body gets the operation's result, not
 * 409, and the order is changed (and debited) once. The first attempts go through an API with a
 * 2 s API_TEMPORAL_TIMEOUT while the step is held up: by a lock on the order's row (a worker
 * stuck on PostgreSQL, as a partition leaves it) or by no worker polling at all (one stopped,
 * the next not started yet). Resends go through the stack's API, which waits the default 10 s.
 */

type Payer = Awaited<ReturnType<PaymentStack['newPayer']>>;

describe('a request resent with its key after its first attempt ran out of time', () => {
  let stack: PaymentStack;
  /** The API whose Temporal calls give up after 2 s. */
  let impatient: TestApi;

  beforeAll(async () => {
    stack = await startPaymentStack();
    impatient = await stack.extraApi({ API_TEMPORAL_TIMEOUT: '2s' });
  });
  afterAll(async () => {
    await stack?.close();
  });

  const keyed = (key: string) => ({ 'idempotency-key': key });
  const impatientCall = (client: Payer) => http(impatient.baseUrl, client.token);

  /**
   * Holds the order's row locked, as a transaction of another session would, until released
   * (once; releasing again does nothing): every step of the order's workflows waits on it (a
   * statement timeout, then a retry).
   */
  async function holdOrder(orderId: string): Promise<() => Promise<void>> {
    const session = new PgClient({ connectionString: process.env.DATABASE_URL });
    await session.connect();
    await session.query('BEGIN');
    await session.query('SELECT 1 FROM orders WHERE id = $1 FOR UPDATE', [orderId]);
    let released: Promise<void> | undefined;
    return () => (released ??= session.query('ROLLBACK').then(() => session.end()));
  }

  /** The resend is on its way to the update the first attempt left with Temporal; then the step may go on. */
  const resendWhileHeld = async <T>(release: () => Promise<void>, resend: () => Promise<T>): Promise<T> => {
    const resent = resend();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await release();
    return resent;
  };

  /** The first attempt: held up longer than the impatient API waits, so it answers 503 and leaves its update to Temporal. */
  async function timedOut(attempt: () => Promise<{ status: number; body: { error_code?: string } }>) {
    const answer = await attempt();
    expect([answer.status, answer.body.error_code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
  }

  const orderRow = async (orderId: string) =>
    (
      await stack.api.dataSource.query<Array<{ status: string; error_code: string | null }>>(
        'SELECT status, error_code FROM orders WHERE id = $1',
        [orderId],
      )
    )[0]!;
  const untilStatus = (orderId: string, status: string) =>
    until(`order ${orderId} ${status}`, async () => ((await orderRow(orderId)).status === status ? true : undefined), {
      timeoutMs: 60_000,
    });
  const usd = async (client: Payer) =>
    (
      (await client.call.get('/v2/accounts')).body as Array<{ currency: string; available: number; reserved: number }>
    ).find((a) => a.currency === 'USD')!;
  const executions = async (orderId: string) =>
    ((await (await fetch(`${stack.railsUrl}/__admin/payouts/${orderId}`)).json()) as { executions: number }).executions;
  const cents = (amount: number) => Math.round(amount * 100);

  it('a pay resent while its first update is still being applied waits for that one, and the order is paid once', async () => {
    const client = await stack.newPayer({ USD: '1000.00' });
    const { orderId, path, url, preview } = await stack.previewQr(client.call, pixQr('100.00'));
    const pay = { order_id: orderId, status: 'accepted', notification_url: url };
    const release = await holdOrder(orderId);
    try {
      await timedOut(() => impatientCall(client).post('/v2/payments', pay, keyed('pay-1')));
      const resent = await resendWhileHeld(release, () => client.call.post('/v2/payments', pay, keyed('pay-1')));
      expect([resent.status, resent.body]).toEqual([
        200,
        expect.objectContaining({ order_id: orderId, status: 'PROCESSING', error_code: null }),
      ]);
    } finally {
      await release();
    }
    await stack.receiver.waitFor(path, (c) => c.body.status === 'COMPLETED');
    expect(await executions(orderId)).toBe(1);
    expect(cents((await usd(client)).available)).toBe(100_000 - cents(preview.body.order.user_total_amount as number));
  });

  it('a pay resent after its order was paid and its workflow ended is answered the payment as it now stands; another key is still refused', async () => {
    const client = await stack.newPayer({ USD: '1000.00' });
    const { orderId, url, preview } = await stack.previewQr(client.call, pixQr('80.00'));
    const pay = { order_id: orderId, status: 'accepted', notification_url: url };
    const release = await holdOrder(orderId);
    await timedOut(() => impatientCall(client).post('/v2/payments', pay, keyed('pay-2'))).finally(release);
    expect(await stack.temporal.workflow.getHandle(orderWorkflowId(orderId)).result()).toBe('COMPLETED');

    const resent = await client.call.post('/v2/payments', pay, keyed('pay-2'));
    expect(resent.status).toBe(200);
    expect(resent.body).toMatchObject({
      order_id: orderId,
      status: 'COMPLETED',
      payment_date: expect.stringMatching(/Z$/),
      error_code: null,
    });
    // From then on the key answers those very bytes.
    const replayed = await client.call.post('/v2/payments', pay, keyed('pay-2'));
    expect([replayed.status, replayed.body, replayed.headers.get('idempotency-replay')]).toEqual([
      200,
      resent.body,
      'true',
    ]);
    expect(await executions(orderId)).toBe(1);
    expect(cents((await usd(client)).available)).toBe(100_000 - cents(preview.body.order.user_total_amount as number));

    const otherBody = await client.call.post('/v2/payments', { ...pay, status: 'rejected' }, keyed('pay-2'));
    expect([otherBody.status, otherBody.body.error_code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    const otherKey = await client.call.post('/v2/payments', pay, keyed('pay-2-again'));
    expect([otherKey.status, otherKey.body.error_code]).toEqual([409, 'ALREADY_PROCESSED']);
    const noKey = await client.call.post('/v2/payments', pay);
    expect([noKey.status, noKey.body.error_code]).toEqual([409, 'ALREADY_PROCESSED']);
  });

  it('a pay sent while no worker polls, resent once one does, is applied once', async () => {
    const taskQueue = `orders-paused-${randomUUID()}`;
    const env = loadEnv({ ...process.env, RAILS_URL: stack.railsUrl, TEMPORAL_TASK_QUEUE: taskQueue });
    const paused = await stack.extraApi({ TEMPORAL_TASK_QUEUE: taskQueue, API_TEMPORAL_TIMEOUT: '2s' });
    const client = await stack.newPayer({ USD: '1000.00' });
    const first = await createOrderWorker(env, taskQueue);
    const firstRun = first.worker.run();
    let orderId: string;
    let url: string;
    try {
      ({ orderId, url } = await stack.previewQr(http(paused.baseUrl, client.token), pixQr('60.00')));
    } finally {
      // Stopped gracefully, it hands its workflows back to the task queue, where nobody polls now.
      first.worker.shutdown();
      await firstRun;
      await first.close();
    }
    const pay = { order_id: orderId, status: 'accepted', notification_url: url };
    await timedOut(() => http(paused.baseUrl, client.token).post('/v2/payments', pay, keyed('pay-3')));
    expect((await orderRow(orderId)).status).toBe('CREATED');

    const second = await createOrderWorker(env, taskQueue);
    const secondRun = second.worker.run();
    try {
      const resent = await client.call.post('/v2/payments', pay, keyed('pay-3'));
      expect([resent.status, resent.body.status]).toEqual([200, 'PROCESSING']);
      expect(await stack.temporal.workflow.getHandle(orderWorkflowId(orderId)).result()).toBe('COMPLETED');
    } finally {
      second.worker.shutdown();
      await secondRun;
      await second.close();
    }
    expect(await executions(orderId)).toBe(1);
  });

  it('an amount resent after it was applied is answered the preview; another key is refused as a duplicate', async () => {
    const client = await stack.newPayer({ USD: '1000.00' });
    const { orderId } = await stack.previewQr(client.call, pixQr());
    const amount = { order_id: orderId, amount: '45.50' };
    const release = await holdOrder(orderId);
    await timedOut(() => impatientCall(client).put('/v2/payments/previews', amount, keyed('amount-1'))).finally(
      release,
    );
    await untilStatus(orderId, 'CREATED');

    const resent = await client.call.put('/v2/payments/previews', amount, keyed('amount-1'));
    expect(resent.status).toBe(200);
    expect(resent.body.order).toMatchObject({
      id: orderId,
      status: 'CREATED',
      local_total_amount: 45.5,
      user_total_amount: expect.any(Number),
    });
    const otherKey = await client.call.put('/v2/payments/previews', amount, keyed('amount-2'));
    expect([otherKey.status, otherKey.body.error_code]).toEqual([409, 'ALREADY_PROCESSED']);
  });

  it('a refund resent after it went through is answered the refund, and the payer is credited once', async () => {
    const client = await stack.newPayer({ USD: '1000.00' });
    const { orderId, path, url } = await stack.previewQr(client.call, pixQr('50.00'));
    expect(
      (await client.call.post('/v2/payments', { order_id: orderId, status: 'accepted', notification_url: url })).status,
    ).toBe(200);
    await stack.receiver.waitFor(path, (c) => c.body.status === 'COMPLETED');

    const refund = { order_id: orderId, reason: 'returned' };
    const release = await holdOrder(orderId);
    await timedOut(() => impatientCall(client).post('/v2/qr/refund', refund, keyed('refund-1'))).finally(release);
    await untilStatus(orderId, 'REFUNDED');

    const resent = await client.call.post('/v2/qr/refund', refund, keyed('refund-1'));
    expect(resent.status).toBe(201);
    expect(resent.body).toEqual({
      refund_id: expect.any(String),
      order_id: orderId,
      status: 'REFUNDED',
      amount: 50,
      currency: 'BRL',
      refunded_total: 50,
      remaining: 0,
    });
    expect(await usd(client)).toEqual({ currency: 'USD', available: 1000, reserved: 0 });
    const otherKey = await client.call.post('/v2/qr/refund', refund, keyed('refund-2'));
    expect([otherKey.status, otherKey.body.error_code]).toEqual([409, 'INVALID_STATUS']);
  });

  it('a key used again once the store has forgotten it, for another refund, makes that refund', async () => {
    const client = await stack.newPayer({ USD: '1000.00' });
    const { orderId, path, url } = await stack.previewQr(client.call, pixQr('50.00'));
    expect(
      (await client.call.post('/v2/payments', { order_id: orderId, status: 'accepted', notification_url: url })).status,
    ).toBe(200);
    await stack.receiver.waitFor(path, (c) => c.body.status === 'COMPLETED');
    const key = `refund-${randomUUID()}`;
    const first = await client.call.post(
      '/v2/qr/refund',
      { order_id: orderId, amount: 10, reason: 'returned' },
      keyed(key),
    );
    expect([first.status, first.body.status]).toEqual([201, 'PARTIALLY_REFUNDED']);

    // Its 24 h are over.
    await stack.api.dataSource.query(
      `UPDATE idempotency_keys SET expires_at = now() - interval '1 second' WHERE key = $1`,
      [key],
    );
    const second = await client.call.post(
      '/v2/qr/refund',
      { order_id: orderId, amount: 15, reason: 'returned' },
      keyed(key),
    );
    expect(second.status).toBe(201);
    expect(second.body).toEqual(
      expect.objectContaining({ status: 'PARTIALLY_REFUNDED', amount: 15, refunded_total: 25, remaining: 25 }),
    );
    expect(second.body.refund_id).not.toBe(first.body.refund_id);
  });

  /** A collector's QR, created and published, for a client to scan. */
  async function collectionQr(collector: Payer) {
    const { posUuid } = await createHierarchy(collector.call);
    const path = `/collector/${randomUUID()}`;
    const created = await collector.call.post('/v2/qr', {
      pos_uuid: posUuid,
      external_reference: `qr-${randomUUID()}`,
      notification_url: stack.receiver.url(path),
    });
    await stack.receiver.waitFor(path, (c) => c.body.event === 'QR_CREATED');
    return { orderId: created.body.order_id as string, qr: created.body.qr as string };
  }

  /** The first attempt runs out of time on the held order; the resend is answered once the order is let go. */
  async function resentWhileHeld(orderId: string, attempt: (api: string) => Promise<{ status: number; body: any }>) {
    const release = await holdOrder(orderId);
    try {
      await timedOut(() => attempt(impatient.baseUrl));
      return await resendWhileHeld(release, () => attempt(stack.api.baseUrl));
    } finally {
      await release();
    }
  }

  it("a collection's claim resent while the first is being applied waits for it", async () => {
    const { orderId, qr } = await collectionQr(await stack.newPayer({}));
    const client = await stack.newPayer({ USD: '1000.00' });
    const scan = {
      qr,
      external_reference: `pay-${randomUUID()}`,
      notification_url: stack.receiver.url(`/payer/${randomUUID()}`),
      user: payer,
    };
    const claimed = await resentWhileHeld(orderId, (api) =>
      http(api, client.token).post('/v2/payments/previews', scan, keyed('claim-1')),
    );
    expect([claimed.status, claimed.body.status]).toEqual([200, 'missing_amount']);
    expect((await orderRow(orderId)).status).toBe('WAITING_AMOUNT');
  });

  it("a collector's cancel resent while the first is being applied waits for it", async () => {
    const collector = await stack.newPayer({});
    const { orderId } = await collectionQr(collector);
    const canceled = await resentWhileHeld(orderId, (api) =>
      http(api, collector.token).delete(`/v2/payins/qr/${orderId}`),
    );
    expect([canceled.status, canceled.body]).toEqual([
      200,
      { order_id: orderId, status: 'CANCELED', error_code: 'CANCELED_BY_COLLECTOR' },
    ]);
  });
});
