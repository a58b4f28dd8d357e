import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { PaymentStack, startPaymentStack } from '../../support/payment-stack';
import { payer } from '../../support/qr-fixtures';
import { createHierarchy } from '../merchants/merchant-fixtures';

/**
 * Issue 28: a payer who scans a Collections QR while its order is still being prepared, or a
 * collector who cancels it then, waits for the preparation and is answered as if it had come
 * after it, never refused for a phase the integrator cannot see. The stack starts without its
 * worker, so every order here is still being prepared when its action reaches the workflow:
 * the action is sent within milliseconds of `POST /v2/qr`, and the worker starts a moment later.
 */
describe('actions that reach an order still being prepared', () => {
  let stack: PaymentStack;

  beforeAll(async () => {
    stack = await startPaymentStack({}, { workerStarted: false });
  });
  afterAll(() => stack.close());

  it('a scan sent the moment the QR is made is taken once the order is prepared, and its preview callback follows', async () => {
    const collector = await stack.newPayer({});
    const { posUuid } = await createHierarchy(collector.call);
    const created = await collector.call.post('/v2/qr', {
      pos_uuid: posUuid,
      external_reference: `qr-${randomUUID()}`,
      notification_url: stack.receiver.url('/collector'),
      amount: '42.00',
    });
    expect(created.status).toBe(201);
    const client = await stack.newPayer();
    const path = `/payer/${randomUUID()}`;
    const reference = `pay-${randomUUID()}`;
    const scanning = client.call.post('/v2/payments/previews', {
      qr: created.body.qr,
      external_reference: reference,
      notification_url: stack.receiver.url(path),
      user: payer,
    });
    const cancelCreated = await collector.call.post('/v2/qr', {
      pos_uuid: posUuid,
      external_reference: `qr-${randomUUID()}`,
      notification_url: stack.receiver.url('/collector'),
      amount: '10.00',
    });
    const canceling = collector.call.delete(`/v2/payins/qr/${cancelCreated.body.order_id}`);
    // Both actions are with Temporal, their orders not yet prepared: no worker has taken a task.
    await sleep(500);
    await stack.startWorker();

    const scanned = await scanning;
    expect(scanned.status).toBe(200);
    expect(scanned.body).toEqual({
      status: 'success',
      external_reference: reference,
      message: expect.any(String),
      local_currency: 'BRL',
      order_id: created.body.order_id,
    });
    const preview = await stack.receiver.waitFor(path, (c) => c.body.order !== undefined);
    expect(preview.body.order).toMatchObject({
      id: created.body.order_id,
      local_total_amount: 42,
      user_currency: 'USD',
    });

    const canceled = await canceling;
    expect(canceled.status).toBe(200);
    expect(canceled.body).toEqual({
      order_id: cancelCreated.body.order_id,
      status: 'CANCELED',
      error_code: 'CANCELED_BY_COLLECTOR',
    });
  });
});
