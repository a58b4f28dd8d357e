import { randomUUID } from 'node:crypto';
import { WorkflowUpdateFailedError } from '@temporalio/client';
import { ORDER_STATUS } from '../../../src/temporal/search-attribute-keys';
import { decideUpdate, orderStatusQuery, submitAmountUpdate } from '../../../src/orders/order-messages';
import { startPaymentStack, PaymentStack } from '../../support/payment-stack';
import { payer, pixQr } from '../../support/qr-fixtures';
import { http } from '../../support/test-api';

/**
 * The order workflow driven the way testers do it: through Temporal updates and queries, with
 * the API only creating the order. Covers the transitions the HTTP suites do not reach.
 */
describe('order workflow', () => {
  let stack: PaymentStack;

  beforeAll(async () => {
    stack = await startPaymentStack();
  });
  afterAll(async () => {
    await stack.close();
  });

  async function createOrder(qr: string, call?: Awaited<ReturnType<PaymentStack['newPayer']>>['call']) {
    const client = call ?? (await stack.newPayer()).call;
    const path = `/hooks/${randomUUID()}`;
    const url = stack.receiver.url(path);
    const ack = await client.post('/v2/payments/previews', {
      qr,
      external_reference: `ref-${randomUUID()}`,
      notification_url: url,
      user: payer,
    });
    expect(ack.status).toBe(200);
    const preview = await stack.receiver.waitFor(
      path,
      (c) => c.body.order !== undefined || c.body.error_code !== undefined,
    );
    return { path, url, preview, handle: (id: string) => stack.temporal.workflow.getHandle(`order-${id}`) };
  }

  it('moves CREATED → PROCESSING → COMPLETED on updates, answers queries, and keeps OrderStatus searchable', async () => {
    const { preview, url, handle } = await createOrder(pixQr('15.00'));
    const workflow = handle(preview.body.order.id);
    expect(await workflow.query(orderStatusQuery)).toBe('CREATED');

    const result = await workflow.executeUpdate(decideUpdate, {
      args: [{ decision: 'accepted', notificationUrl: url }],
    });
    expect(result.status).toBe('PROCESSING');
    expect(await workflow.result()).toBe('COMPLETED');

    const description = await workflow.describe();
    expect(description.typedSearchAttributes.get(ORDER_STATUS)).toBe('COMPLETED');
  });

  it('sends the closing callback from the settling step itself; the preview callback, which a pay may follow, from an activity', async () => {
    const { preview, url, path, handle } = await createOrder(pixQr('15.00'));
    const workflow = handle(preview.body.order.id);
    await workflow.executeUpdate(decideUpdate, { args: [{ decision: 'accepted', notificationUrl: url }] });
    expect(await workflow.result()).toBe('COMPLETED');
    await stack.receiver.waitFor(path, (c) => c.body.status === 'COMPLETED');

    const events = (await workflow.fetchHistory()).events ?? [];
    const activities = events.flatMap((event) => event.activityTaskScheduledEventAttributes?.activityType?.name ?? []);
    expect(activities.sort()).toEqual(['deliverNotification', 'sendPayout']);
    const localActivities = events.filter(
      (event) => event.markerRecordedEventAttributes?.markerName === 'core_local_activity',
    );
    // prepareOrder, acceptOrder and settleOrder, which sends the COMPLETED callback (issue 22; before it, a local activity of its own).
    expect(localActivities).toHaveLength(3);
  });

  it('refuses an amount for a closed-amount order and a second decision, through the update validators', async () => {
    // Sandbox magic value: a payout of 7777.77 takes 3 s, so the order stays PROCESSING meanwhile.
    const { preview, url, handle } = await createOrder(pixQr('7777.77'));
    const workflow = handle(preview.body.order.id);
    const refusal = (promise: Promise<unknown>) =>
      promise.then(
        () => null,
        (error: unknown) =>
          error instanceof WorkflowUpdateFailedError ? (error.cause as { type?: string }).type : String(error),
      );

    expect(
      await refusal(
        workflow.executeUpdate(submitAmountUpdate, { args: [{ amount: '1.00', fxQuoteId: randomUUID() }] }),
      ),
    ).toBe('ALREADY_PROCESSED');
    await workflow.executeUpdate(decideUpdate, { args: [{ decision: 'accepted', notificationUrl: url }] });
    expect(await workflow.query(orderStatusQuery)).toBe('PROCESSING');
    expect(
      await refusal(workflow.executeUpdate(decideUpdate, { args: [{ decision: 'rejected', notificationUrl: url }] })),
    ).toBe('ALREADY_PROCESSED');
    expect(
      await refusal(
        workflow.executeUpdate(submitAmountUpdate, { args: [{ amount: '1.00', fxQuoteId: randomUUID() }] }),
      ),
    ).toBe('INVALID_STATUS');
    expect(await workflow.result()).toBe('COMPLETED');
  });

  it('never applies a decision sent before the order is prepared to an unprepared order', async () => {
    const faults = `${stack.railsUrl}/__admin/faults`;
    await fetch(faults, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ latency_ms: 1500 }),
    });
    try {
      const { call } = await stack.newPayer();
      const reference = `ref-${randomUUID()}`;
      const url = stack.receiver.url(`/hooks/${randomUUID()}`);
      await call.post('/v2/payments/previews', {
        qr: pixQr('15.00'),
        external_reference: reference,
        notification_url: url,
        user: payer,
      });
      const [order] = await stack.api.dataSource.query('SELECT id FROM orders WHERE external_reference = $1', [
        reference,
      ]);
      const workflow = stack.temporal.workflow.getHandle(`order-${order.id}`);
      const early = await workflow
        .executeUpdate(decideUpdate, { args: [{ decision: 'accepted', notificationUrl: url }] })
        .then(
          (payment) => payment,
          (error: unknown) => (error as { cause?: { type?: string } }).cause?.type,
        );
      // Refused while preparing, or (queued behind the preparation's local activity) applied once the merchant is known:
      // the acceptance is the step after the preparation, which wrote the merchant.
      if (typeof early === 'string') expect(early).toBe('INVALID_STATUS');
      else {
        expect(early).toMatchObject({ status: 'PROCESSING' });
        const [accepted] = await stack.api.dataSource.query(
          `SELECT h.seq, o.merchant_name FROM order_status_history h JOIN orders o ON o.id = h.order_id WHERE h.order_id = $1 AND h.status = 'PROCESSING'`,
          [order.id],
        );
        expect(accepted).toEqual({ seq: 3, merchant_name: 'Padaria Central' });
      }
    } finally {
      await fetch(faults, { method: 'DELETE' });
    }
  });

  it('fails the order with UPSTREAM_ERROR when the merchant behind the QR cannot be resolved', async () => {
    const { preview, handle } = await createOrder(pixQr('15.00', 'UNKNOWN MERCHANT'));
    expect(preview.body).toMatchObject({ payment_type: 'QR', error_code: 'UPSTREAM_ERROR', version: '2' });
    expect(preview.body.order).toBeUndefined();
    const [order] = await stack.api.dataSource.query(
      'SELECT id, status, error_code FROM orders WHERE external_reference = $1',
      [preview.body.external_reference],
    );
    expect(order).toMatchObject({ status: 'FAILED', error_code: 'UPSTREAM_ERROR' });
    expect(await handle(order.id).result()).toBe('FAILED');
  });

  it('cancels an open-amount order that never gets its amount as EXPIRED', async () => {
    const shortLived = await stack.extraApi({ QR_EXPIRY_SECONDS: '2' });
    const { token } = await stack.newPayer();
    const { preview, path, handle } = await createOrder(pixQr(), http(shortLived.baseUrl, token));
    expect(preview.body.order.status).toBe('WAITING_AMOUNT');
    expect(await handle(preview.body.order.id).result()).toBe('CANCELED');
    const expired = await stack.receiver.waitFor(path, (c) => c.body.event === 'QR_EXPIRED');
    expect(expired.body).toMatchObject({ status: 'CANCELED', error_code: 'EXPIRED' });
  });
});
