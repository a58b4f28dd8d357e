import { randomUUID } from 'node:crypto';
import { isoSeconds } from '../../../src/orders/iso-seconds';
import { startPaymentStack, PaymentStack } from '../../support/payment-stack';
import { payer, pixQr } from '../../support/qr-fixtures';
import { http, HttpResult, TestApi } from '../../support/test-api';
import { until } from '../../support/until';
import { createHierarchy } from '../merchants/merchant-fixtures';

/**
 * Actions on an order past its expires_at whose worker is paused, so its expiry timer has not
 * been applied and the order still reads WAITING_AMOUNT or CREATED. Here no worker polls the
 * orders' task queue at all. Each action (amount, pay, claim, cancel) is refused at once with
 * 409 INVALID_STATUS saying the order expired and when, as it will read once the worker catches
 * up (CANCELED, EXPIRED), instead of naming the status nobody has moved yet or waiting on a
 * workflow that cannot answer.
 */
describe('an order past its expires_at, its worker paused', () => {
  let stack: PaymentStack;
  let paused: TestApi;
  const workflows: string[] = [];

  beforeAll(async () => {
    stack = await startPaymentStack();
    paused = await stack.extraApi({ TEMPORAL_TASK_QUEUE: `paused-${randomUUID()}`, QR_EXPIRY_SECONDS: '1' });
  });
  afterAll(async () => {
    // No worker will ever run them: end them, so the suite's Temporal keeps no orphans.
    await Promise.all(
      workflows.map((id) =>
        stack.temporal.workflow
          .getHandle(`order-${id}`)
          .terminate('test over')
          .catch(() => undefined),
      ),
    );
    await stack.close();
  });

  const client = async () => {
    const created = await stack.newPayer();
    return { ...created, call: http(paused.baseUrl, created.token) };
  };

  /** The order a request just made (no preview callback comes without a worker), once its expires_at has passed. */
  async function expired(where: string, value: string): Promise<{ id: string; status: string; expiresAt: string }> {
    const [row] = await stack.api.dataSource.query(`SELECT id, status, expires_at FROM orders WHERE ${where} = $1`, [
      value,
    ]);
    workflows.push(row.id);
    await until('the order to pass its expires_at', () => Date.now() > (row.expires_at as Date).getTime(), {
      intervalMs: 50,
    });
    return { id: row.id, status: row.status, expiresAt: isoSeconds(row.expires_at) };
  }

  /** The answer, or a failure if the API waits on the paused workflow instead of answering. */
  async function answered(request: Promise<HttpResult>): Promise<HttpResult> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error('no answer in 10 s: the request waited on the paused workflow')),
        10_000,
      );
    });
    try {
      return await Promise.race([request, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  async function expectRefusedAsExpired(
    request: Promise<HttpResult>,
    order: { id: string; status: string; expiresAt: string },
  ) {
    const response = await answered(request);
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({
      statusCode: 409,
      message: `Order ${order.id} expired at ${order.expiresAt}`,
      error_code: 'INVALID_STATUS',
    });
    // Refused, not applied: the order is as it was until its workflow writes the expiry.
    const [row] = await stack.api.dataSource.query('SELECT status, payer_client_id FROM orders WHERE id = $1', [
      order.id,
    ]);
    expect(row.status).toBe(order.status);
    return row;
  }

  it('refuses the amount of an open-amount QR, and its payment', async () => {
    const payerClient = await client();
    const reference = `ref-${randomUUID()}`;
    const ack = await payerClient.call.post('/v2/payments/previews', {
      qr: pixQr(),
      external_reference: reference,
      notification_url: stack.receiver.url(),
      user: payer,
    });
    expect(ack.body.status).toBe('missing_amount');
    const order = await expired('external_reference', reference);
    expect(order.status).toBe('WAITING_AMOUNT');
    await expectRefusedAsExpired(
      payerClient.call.put('/v2/payments/previews', { order_id: order.id, amount: '10.00' }),
      order,
    );
    await expectRefusedAsExpired(
      payerClient.call.post('/v2/payments', {
        order_id: order.id,
        status: 'accepted',
        notification_url: stack.receiver.url(),
      }),
      order,
    );
  });

  it('refuses the payment of a closed-amount order', async () => {
    const payerClient = await client();
    const reference = `ref-${randomUUID()}`;
    await payerClient.call.post('/v2/payments/previews', {
      qr: pixQr('10.00'),
      external_reference: reference,
      notification_url: stack.receiver.url(),
      user: payer,
    });
    const order = await expired('external_reference', reference);
    expect(order.status).toBe('CREATED');
    await expectRefusedAsExpired(
      payerClient.call.post('/v2/payments', {
        order_id: order.id,
        status: 'accepted',
        notification_url: stack.receiver.url(),
      }),
      order,
    );
    await expectRefusedAsExpired(
      payerClient.call.post('/v2/payments', {
        order_id: order.id,
        status: 'rejected',
        notification_url: stack.receiver.url(),
      }),
      order,
    );
    expect((await payerClient.call.get('/v2/accounts')).body).toEqual([
      { currency: 'USD', available: 10000, reserved: 0 },
    ]);
  });

  it("refuses a payer's claim of a collection QR, and the collector's cancel", async () => {
    const collector = await client();
    const { posUuid } = await createHierarchy(collector.call);
    const reference = `qr-${randomUUID()}`;
    const created = await collector.call.post('/v2/qr', {
      pos_uuid: posUuid,
      external_reference: reference,
      amount: '35.00',
      notification_url: stack.receiver.url(),
    });
    expect(created.status).toBe(201);
    const order = await expired('collector_external_reference', reference);
    expect(order.expiresAt).toBe(created.body.expires_at);

    const scanner = await client();
    const claim = scanner.call.post('/v2/payments/previews', {
      qr: created.body.qr,
      external_reference: `pay-${randomUUID()}`,
      notification_url: stack.receiver.url(),
      user: payer,
    });
    expect((await expectRefusedAsExpired(claim, order)).payer_client_id).toBeNull();
    await expectRefusedAsExpired(collector.call.delete(`/v2/payins/qr/${order.id}`), order);
  });
});
